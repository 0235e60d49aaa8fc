import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { StoredSubmission } from '../../scripts/lib/inbox/store.ts'
import { careersFields, multipart, pdf, post } from './inbox-helpers.ts'
import { type Child, exited, makeSite, spawnServer } from './serve-helpers.ts'

// `kill -9` of the real server (a child process) in the middle of a burst of CV uploads, then a
// restart and the browsers' retries: nothing half-written is ever visible, the leftovers are
// cleaned at the start, and no retry is stored twice.
const site = makeSite()
const inbox = join(mkdtempSync(join(tmpdir(), 'inbox-crash-')), 'inbox')
const children: Child[] = []
afterAll(() => {
  for (const c of children) c.kill()
  rmSync(site.root, { recursive: true, force: true })
  rmSync(join(inbox, '..'), { recursive: true, force: true })
})

const BURST = 120
/** Uploads in flight at once during the burst. */
const IN_FLIGHT = 12
const sent = Array.from({ length: BURST }, (_, i) => ({
  submissionId: randomUUID(),
  email: `candidat${i}@example.com`,
  cv: pdf(200_000 + i * 3_001, 0x30 + (i % 40)),
}))
const bodyOf = (s: (typeof sent)[number]) =>
  multipart([
    ...careersFields({ submissionId: s.submissionId, email: s.email }),
    { name: 'file', value: s.cv, filename: 'cv.pdf' },
  ])

/** The visible submissions, each checked whole: JSON parsed, CV byte for byte what was sent. */
function visibleSubmissions(): string[] {
  const names = readdirSync(inbox).filter((n) => !n.startsWith('.'))
  for (const name of names) {
    const json = JSON.parse(
      readFileSync(join(inbox, name, 'submission.json'), 'utf8'),
    ) as StoredSubmission
    const original = sent.find((s) => s.submissionId === name)
    expect(json.fields.email).toBe(original?.email)
    expect(readFileSync(join(inbox, name, 'cv.pdf')).equals(original?.cv ?? Buffer.alloc(0))).toBe(
      true,
    )
  }
  return names
}

describe('the inbox survives kill -9 during a burst', () => {
  it('shows only whole submissions, cleans temporary files at restart, stores each retry once', async () => {
    const env = { SERVE_DIR: site.dir, INBOX_DIR: inbox }
    const first = await spawnServer(env)
    children.push(first)
    const url = `http://127.0.0.1:${first.port}/api/inbox/general`
    const answered = new Set<string>()
    // IN_FLIGHT uploads at a time, SIGKILL at the first answer: the others in flight, the rest not
    // sent yet. (All 120 at once, a quiet machine could answer every one before the signal
    // landed, even killed at the first answer: nothing was cut short.)
    const queue = [...sent]
    const uploader = async () => {
      for (let s = queue.shift(); s; s = queue.shift()) {
        const answer = await post(url, bodyOf(s)).catch(() => undefined)
        if (answer?.status !== 200) continue
        answered.add(s.submissionId)
        if (answered.size === 1) first.kill()
      }
    }
    await Promise.all(Array.from({ length: IN_FLIGHT }, uploader))
    await exited(first.process)
    expect(answered.size).toBeLessThan(BURST)

    const visible = visibleSubmissions()
    const temps = readdirSync(inbox).filter((n) => n.startsWith('.tmp-'))
    console.log(
      `kill -9: ${answered.size} answered, ${visible.length} stored whole, ${temps.length} temporary folder(s) left, 0 half-written visible`,
    )
    for (const id of answered) expect(visible).toContain(id)

    const second = await spawnServer(env)
    children.push(second)
    expect(readdirSync(inbox).filter((n) => n.startsWith('.'))).toEqual([])
    expect(second.output()).toContain(`Form submissions are stored in ${inbox}`)
    if (temps.length) expect(second.output()).toContain(`${temps.length} unfinished temporary`)

    // Every browser retries what it sent (answered or not): each is stored exactly once.
    const retryUrl = `http://127.0.0.1:${second.port}/api/inbox/general`
    const retries = await Promise.all(sent.map((s) => post(retryUrl, bodyOf(s))))
    expect(retries.every((a) => a.status === 200)).toBe(true)
    const after = visibleSubmissions()
    const emails = after.map(
      (id) =>
        (JSON.parse(readFileSync(join(inbox, id, 'submission.json'), 'utf8')) as StoredSubmission)
          .fields.email,
    )
    const duplicates = emails.length - new Set(emails).size
    console.log(`retries: ${BURST} resent, ${after.length} stored, duplicates ${duplicates}`)
    expect(after.sort()).toEqual(sent.map((s) => s.submissionId).sort())
    second.kill()
    await exited(second.process)
    expect(existsSync(join(inbox, '..'))).toBe(true)
  }, 120_000)
})
