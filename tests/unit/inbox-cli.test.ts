import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { careersFields, contactFields, multipart, pdf, post } from './inbox-helpers.ts'
import { type Child, exited, libfaketime, makeSite, spawnServer } from './serve-helpers.ts'

// `npm run inbox` (scripts/inbox.ts) on submissions stored by the real server: some stored by a
// server whose clock `faketime` set 100 days back, the others today.
const script = fileURLToPath(new URL('../../scripts/inbox.ts', import.meta.url))
const site = makeSite()
const inbox = join(mkdtempSync(join(tmpdir(), 'inbox-cli-')), 'inbox')
const oldIds: string[] = [randomUUID(), randomUUID()]
const newIds: string[] = [randomUUID()]
const HOSTILE = 'Jeanne\u001b[2J\u001b]0;pwned\u0007\u202eevil'

function inboxCli(...args: string[]): { status: number; out: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, INBOX_DIR: inbox },
    encoding: 'utf8',
  })
  return { status: run.status ?? -1, out: `${run.stdout}${run.stderr}` }
}

async function storeWith(server: Child, ids: string[], over: Record<string, string> = {}) {
  for (const submissionId of ids) {
    const answer = await post(
      `http://127.0.0.1:${server.port}/api/inbox/general`,
      multipart([
        ...careersFields({ submissionId, ...over }),
        { name: 'file', value: pdf(3_000), filename: 'cv.pdf' },
      ]),
    )
    expect(answer.status).toBe(200)
  }
}

beforeAll(async () => {
  libfaketime() // faketime must be installed
  const env = { SERVE_DIR: site.dir, INBOX_DIR: inbox }
  const past = await spawnServer(env, '-100d')
  await storeWith(past, oldIds)
  past.kill()
  await exited(past.process)
  const today = await spawnServer(env)
  await storeWith(today, newIds, { lastName: HOSTILE })
  const contact = await post(
    `http://127.0.0.1:${today.port}/api/inbox/contact`,
    multipart(contactFields({ message: 'ligne 1\r\nligne 2\r\u001b[31m' })),
  )
  expect(contact.status).toBe(200)
  today.kill()
  await exited(today.process)
}, 90_000)
afterAll(() => {
  rmSync(site.root, { recursive: true, force: true })
  rmSync(join(inbox, '..'), { recursive: true, force: true })
})

// Each case runs the CLI (node + tsx) a few times: seconds on a loaded 2-core machine.
describe('npm run inbox', { timeout: 60_000 }, () => {
  it('lists every submission with control characters escaped', () => {
    const { status, out } = inboxCli()
    expect(status).toBe(0)
    for (const raw of ['\u001b', '\u0007', '\u202e']) expect(out).not.toContain(raw)
    expect(out).toContain('Jeanne\\x1b[2J\\x1b]0;pwned\\x07\\u202eevil')
    for (const id of [...oldIds, ...newIds]) expect(out).toContain(id)
    expect(out).toContain('4 submissions in')
  })

  it('shows one submission, its message on several lines but escaped', () => {
    const id = readdirSync(inbox).find((n) => !oldIds.includes(n) && !newIds.includes(n)) ?? ''
    const { status, out } = inboxCli('show', id)
    expect(status).toBe(0)
    expect(out).toContain(`id:        ${id}`)
    // The inbox stores a lone CR as a line break; the ESC after it stays escaped.
    expect(out).toContain('message:   ligne 1\n           ligne 2\n           \\x1b[31m')
    expect(out).not.toContain('\u001b')
    expect(inboxCli('show', '../../etc').status).toBe(1)
  })

  it('purges what is older than N days, and a dry run deletes nothing', () => {
    const dry = inboxCli('purge', '--older-than', '90', '--dry-run')
    expect(dry.out).toContain('2 submissions older than 90 days would be deleted')
    expect(oldIds.every((id) => existsSync(join(inbox, id)))).toBe(true)
    expect(inboxCli('purge', '--older-than', '101').out).toContain(
      '0 submissions older than 101 days deleted',
    )
    const purge = inboxCli('purge', '--older-than', '90')
    expect(purge.status).toBe(0)
    expect(purge.out).toContain('2 submissions older than 90 days deleted')
    expect(oldIds.some((id) => existsSync(join(inbox, id)))).toBe(false)
    expect(newIds.every((id) => existsSync(join(inbox, id)))).toBe(true)
  })

  it('deletes one submission with its CV, and says so when there is none', () => {
    const [id = ''] = newIds
    expect(existsSync(join(inbox, id, 'cv.pdf'))).toBe(true)
    expect(inboxCli('delete', id)).toMatchObject({ status: 0 })
    expect(existsSync(join(inbox, id))).toBe(false)
    expect(readdirSync(inbox).filter((n) => n.startsWith('.'))).toEqual([])
    expect(inboxCli('delete', id).status).toBe(1)
    expect(inboxCli('delete', '..').status).toBe(1)
    expect(existsSync(inbox)).toBe(true)
  })

  it('prints its usage on an unknown command', () => {
    const { status, out } = inboxCli('purge', '--older-than', 'soon')
    expect(status).toBe(1)
    expect(out).toContain('Usage: npm run inbox')
  })
})
