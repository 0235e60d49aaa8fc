import { rmSync } from 'node:fs'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { createStaticHost } from '../../scripts/lib/serve/staticHost.ts'
import { makeSite, portOf, raw } from './serve-helpers.ts'

// A failure while sending a file (here: reading it fails with a path in the message, as a full
// or vanished disk does) answers a bare 500; the details go to the terminal only.
vi.mock('../../scripts/lib/serve/send.ts', async (original) => ({
  ...(await original<typeof import('../../scripts/lib/serve/send.ts')>()),
  sendFile: async (_req: unknown, _res: unknown, file: string) => {
    throw Object.assign(new Error(`ENOSPC: no space left on device, read '${file}'`), {
      code: 'ENOSPC',
    })
  },
}))

const site = makeSite()
afterAll(() => rmSync(site.root, { recursive: true, force: true }))

describe('an unexpected error while serving', () => {
  it('answers 500 "Internal Server Error" and logs the path on the terminal only', async () => {
    const server = createStaticHost(site.dir)
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const answer = await raw(portOf(server), '/contact')
    const logged = log.mock.calls.flat().map(String).join(' ')
    log.mockRestore()
    await new Promise<void>((done) => server.close(() => done()))
    expect(answer.status).toBe(500)
    expect(answer.body.toString()).toBe('Internal Server Error\n')
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(logged).toContain(site.dir)
    expect(logged).toContain('ENOSPC')
  })
})
