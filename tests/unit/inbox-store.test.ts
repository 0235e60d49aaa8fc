import { randomUUID } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { inboxLocationProblem, publishedFolders } from '../../scripts/lib/inbox/location.ts'
import { prepareInbox } from '../../scripts/lib/inbox/store.ts'
import { forTerminal } from '../../scripts/lib/inbox/terminal.ts'
import { createStaticHost } from '../../scripts/lib/serve/staticHost.ts'
import { careersFields, contactFields, multipart, pdf, post } from './inbox-helpers.ts'
import { makeSite, portOf } from './serve-helpers.ts'

// The inbox behind the real local server (createStaticHost), its files checked on disk.
let server: Server
let base: string
let site: { root: string; dir: string }
let dir: string

beforeAll(async () => {
  site = makeSite()
  server = createStaticHost(site.dir)
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  base = `http://127.0.0.1:${portOf(server)}`
})
afterAll(async () => {
  await new Promise<void>((done) => server.close(() => done()))
  rmSync(site.root, { recursive: true, force: true })
})
beforeEach(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'inbox-store-')), 'inbox')
  process.env.INBOX_DIR = dir
})
afterEach(() => {
  delete process.env.INBOX_DIR
  rmSync(join(dir, '..'), { recursive: true, force: true })
})

const mode = (path: string) => statSync(path).mode & 0o777
const folders = () => (existsSync(dir) ? readdirSync(dir).filter((n) => !n.startsWith('.')) : [])

describe('privacy on disk', () => {
  it('stores folders 0700 and files 0600, the inbox root included', async () => {
    const body = multipart([
      ...careersFields(),
      { name: 'file', value: pdf(5_000), filename: 'cv.pdf' },
    ])
    expect((await post(`${base}/api/inbox/general`, body)).status).toBe(200)
    expect(mode(dir)).toBe(0o700)
    const [id] = folders()
    expect(mode(join(dir, id ?? ''))).toBe(0o700)
    expect(mode(join(dir, id ?? '', 'submission.json'))).toBe(0o600)
    expect(mode(join(dir, id ?? '', 'cv.pdf'))).toBe(0o600)
  })

  it('makes an existing inbox and older submissions private, and removes crash leftovers', async () => {
    mkdirSync(join(dir, 'old-submission'), { recursive: true, mode: 0o755 })
    writeFileSync(join(dir, 'old-submission', 'submission.json'), '{}', { mode: 0o644 })
    mkdirSync(join(dir, '.tmp-999999999-2026-x'), { mode: 0o755 })
    writeFileSync(join(dir, '.tmp-999999999-2026-x', 'cv.pdf'), pdf(1_000))
    mkdirSync(join(dir, '.tmp-2026-old-format'))
    mkdirSync(join(dir, `.tmp-${process.pid}-in-progress`))
    const { removedTemp } = await prepareInbox(dir)
    expect(removedTemp.sort()).toEqual(['.tmp-2026-old-format', '.tmp-999999999-2026-x'])
    expect(readdirSync(dir).sort()).toEqual([`.tmp-${process.pid}-in-progress`, 'old-submission'])
    expect(mode(dir)).toBe(0o700)
    expect(mode(join(dir, 'old-submission'))).toBe(0o700)
    expect(mode(join(dir, 'old-submission', 'submission.json'))).toBe(0o600)
  })
})

describe('an INBOX_DIR where submissions would be published', () => {
  const project = fileURLToPath(new URL('../../', import.meta.url))
  it.each([
    [join(project, 'dist/client/inbox'), /inside dist\//],
    [join(project, 'dist'), /inside dist\//],
    [join(project, 'public/uploads'), /inside public\//],
  ])('refuses %s in one line', (inbox, message) => {
    const problem = inboxLocationProblem(inbox)
    expect(problem).toMatch(message)
    expect(problem).not.toContain('\n')
  })

  it('refuses the served folder and a symlink into it, accepts a sibling', () => {
    const served = site.dir
    const link = join(site.root, 'inbox-link')
    symlinkSync(served, link)
    expect(inboxLocationProblem(join(served, 'x'), publishedFolders(served))).toMatch(/published/)
    expect(inboxLocationProblem(join(link, 'x'), publishedFolders(served))).toMatch(/published/)
    expect(
      inboxLocationProblem(join(site.root, 'client-inbox'), publishedFolders(served)),
    ).toBeNull()
    expect(inboxLocationProblem(join(project, '.inbox'))).toBeNull()
  })
})

describe('a retried submission (submissionId) is stored once', () => {
  it('answers the same success to a repeat and stores nothing new', async () => {
    const submissionId = randomUUID()
    const body = multipart(contactFields({ submissionId }))
    const first = await post(`${base}/api/inbox/contact`, body)
    const again = await post(`${base}/api/inbox/contact`, body)
    expect(again.status).toBe(200)
    expect(again.body).toEqual(first.body)
    expect(folders()).toEqual([submissionId])
  })

  it('stores 20 parallel copies of each of 10 submissions once each', async () => {
    const ids = Array.from({ length: 10 }, () => randomUUID())
    const posts = ids.flatMap((submissionId, i) =>
      Array.from({ length: 20 }, () =>
        post(
          `${base}/api/inbox/general`,
          multipart([
            ...careersFields({ submissionId, email: `c${i}@example.com` }),
            { name: 'file', value: pdf(30_000 + i), filename: 'cv.pdf' },
          ]),
        ),
      ),
    )
    const answers = await Promise.all(posts)
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]))
    expect(folders().sort()).toEqual([...ids].sort())
    expect(readdirSync(dir).filter((n) => n.startsWith('.'))).toEqual([])
  })

  it('refuses a submissionId that is not a UUID', async () => {
    const answer = await post(
      `${base}/api/inbox/contact`,
      multipart(contactFields({ submissionId: '../../etc' })),
    )
    expect(answer).toMatchObject({ status: 400, body: { fields: ['submissionId'] } })
    expect(folders()).toEqual([])
  })
})

describe('errors reveal no paths', () => {
  it('a storage failure answers a generic 500 and logs the details on the terminal', async () => {
    const blocker = join(dir, '..', 'not-a-folder')
    writeFileSync(blocker, 'x')
    process.env.INBOX_DIR = join(blocker, 'inbox')
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const answer = await post(`${base}/api/inbox/contact`, multipart(contactFields()))
    const logged = log.mock.calls.flat().map(String).join(' ')
    log.mockRestore()
    expect(answer).toEqual({
      status: 500,
      headers: expect.anything(),
      body: { error: 'The submission could not be stored. Please try again later.' },
    })
    expect(JSON.stringify(answer.body)).not.toContain(tmpdir())
    expect(logged).toContain('not-a-folder')
  })
})

describe('text for the terminal', () => {
  it.each([
    ['\u001b[31mred\u001b[0m', '\\x1b[31mred\\x1b[0m'],
    ['\u001b]0;title\u0007', '\\x1b]0;title\\x07'],
    ['abc\u202edcba', 'abc\\u202edcba'],
    ['\u200b\u200b', '\\u200b\\u200b'],
    ['line\r\nnext', 'line\\r\\nnext'],
    ['\u009b31m', '\\x9b31m'],
    ['Jeanne Dupont — é', 'Jeanne Dupont — é'],
  ])('%j prints as %s', (text, shown) => {
    expect(forTerminal(text)).toBe(shown)
  })
})
