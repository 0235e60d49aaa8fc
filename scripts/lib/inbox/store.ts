import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { FormValues, FormVariant } from '../../../templates/form/rules.ts'

/** What is stored for each accepted submission, as `<inbox>/<id>/submission.json`. */
export type StoredSubmission = {
  id: string
  receivedAt: string
  endpoint: 'contact' | 'general'
  form: FormVariant
  fields: FormValues
  /** The CV, stored beside the JSON as `cv.pdf`. */
  file: { originalName: string; storedAs: string; bytes: number } | null
  captcha: 'verified' | 'not checked'
}

export const SUBMISSION_FILE = 'submission.json'
export const CV_FILE = 'cv.pdf'
/** Folders being written start with this; readers skip them, a crash leaves only those. */
const TEMP_PREFIX = '.tmp-'

/** Where submissions go: INBOX_DIR, or .inbox/ in the working directory (never under dist/). */
export function inboxDir(): string {
  return resolve(process.env.INBOX_DIR ?? '.inbox')
}

async function writeDurably(path: string, data: string | Buffer): Promise<void> {
  const handle = await open(path, 'wx')
  try {
    await handle.writeFile(data)
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Flushes a directory's entries (a rename is durable only then); not possible on every OS. */
async function syncDir(path: string): Promise<void> {
  try {
    const handle = await open(path, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  } catch {
    // Windows cannot open a directory for syncing; the rename is still atomic.
  }
}

/**
 * Stores one submission atomically: everything is written and synced in a temporary folder
 * beside the final one, which is then renamed into place. A reader sees the whole submission
 * or nothing.
 */
export async function storeSubmission(
  entry: Omit<StoredSubmission, 'id' | 'receivedAt' | 'file'>,
  file: { originalName: string; bytes: Buffer } | undefined,
  dir = inboxDir(),
): Promise<StoredSubmission> {
  const now = new Date()
  const id = `${now.toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`
  const submission: StoredSubmission = {
    id,
    receivedAt: now.toISOString(),
    ...entry,
    file: file
      ? { originalName: file.originalName, storedAs: CV_FILE, bytes: file.bytes.length }
      : null,
  }
  await mkdir(dir, { recursive: true })
  const temp = join(dir, `${TEMP_PREFIX}${id}`)
  await mkdir(temp)
  try {
    if (file) await writeDurably(join(temp, CV_FILE), file.bytes)
    await writeDurably(join(temp, SUBMISSION_FILE), `${JSON.stringify(submission, null, 2)}\n`)
    await syncDir(temp)
    await rename(temp, join(dir, id))
    await syncDir(dir)
  } catch (error) {
    await rm(temp, { recursive: true, force: true })
    throw error
  }
  return submission
}

/** Every stored submission, oldest first; folders still being written are skipped. */
export async function listSubmissions(dir = inboxDir()): Promise<StoredSubmission[]> {
  if (!existsSync(dir)) return []
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
    .map((d) => d.name)
    .sort()
  const out: StoredSubmission[] = []
  for (const name of names) {
    const path = join(dir, name, SUBMISSION_FILE)
    if (existsSync(path)) out.push(JSON.parse(await readFile(path, 'utf8')) as StoredSubmission)
  }
  return out
}
