import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { chmod, lstat, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises'
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
/** Folders being written (or deleted) start with this; readers skip them. */
export const TEMP_PREFIX = '.tmp-'
/** Only the owner may read what visitors sent (names, emails, CVs). */
export const DIR_MODE = 0o700
export const FILE_MODE = 0o600
/** The form's retry key (a UUID, see CONTRACTS): it names the submission's folder. */
const SUBMISSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Where submissions go: INBOX_DIR, or .inbox/ in the working directory (never under dist/). */
export function inboxDir(): string {
  return resolve(process.env.INBOX_DIR ?? '.inbox')
}

/** Whether `value` can serve as a submissionId. */
export const isSubmissionId = (value: string): boolean => SUBMISSION_ID.test(value)

async function writePrivately(path: string, data: string | Buffer): Promise<void> {
  const handle = await open(path, 'wx', FILE_MODE)
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

/** Inbox folders prepared (or being prepared) by this process. */
const prepared = new Map<string, Promise<{ removedTemp: string[] }>>()

/** The temporary folders of this process carry its pid: `.tmp-<pid>-<name>`. */
const tempName = (name: string) => `${TEMP_PREFIX}${process.pid}-${name}`

function alive(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Makes the inbox ready: created private (0700) or made private, with the temporary folders
 * that a crashed process left behind removed (a pid that no longer runs; folders of a live
 * process, such as `npm run dev` beside `npm run serve`, are kept), and submissions stored by an
 * older version made private too. Returns what was removed.
 */
export function prepareInbox(dir = inboxDir()): Promise<{ removedTemp: string[] }> {
  const pending = prepareOnce(dir)
  prepared.set(dir, pending)
  pending.catch(() => prepared.delete(dir)) // try again on the next submission
  return pending
}

/** chmod, where a folder removed meanwhile (a delete beside) is no error. */
async function restrict(path: string, mode: number): Promise<void> {
  try {
    await chmod(path, mode)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}

async function prepareOnce(dir: string): Promise<{ removedTemp: string[] }> {
  await mkdir(dir, { recursive: true, mode: DIR_MODE })
  await chmod(dir, DIR_MODE)
  const removedTemp: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.name.startsWith(TEMP_PREFIX)) {
      const pid = Number(/^\.tmp-(\d+)-/.exec(entry.name)?.[1])
      if (pid && alive(pid)) continue
      await rm(path, { recursive: true, force: true })
      removedTemp.push(entry.name)
    } else if (entry.isDirectory() && !entry.name.startsWith('.')) {
      await restrict(path, DIR_MODE)
      const files = await readdir(path, { withFileTypes: true }).catch(() => [])
      for (const f of files) if (f.isFile()) await restrict(join(path, f.name), FILE_MODE)
    }
  }
  return { removedTemp }
}

export type StoreResult = { submission: StoredSubmission; duplicate: boolean }

/**
 * Stores one submission atomically: everything is written and synced in a private temporary
 * folder beside the final one, which is then renamed into place. A reader sees the whole
 * submission or nothing. With a submissionId the folder is named by it, so a retry of a stored
 * submission (even two at once, even from two processes) cannot store it again: the rename
 * onto an existing folder fails and the first copy stands.
 */
export async function storeSubmission(
  entry: Omit<StoredSubmission, 'id' | 'receivedAt' | 'file'>,
  file: { originalName: string; bytes: Buffer } | undefined,
  dir = inboxDir(),
  submissionId?: string,
): Promise<StoreResult> {
  await (prepared.get(dir) ?? prepareInbox(dir))
  const now = new Date()
  const id =
    submissionId ?? `${now.toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`
  const existing = await readSubmission(id, dir)
  if (existing) return { submission: existing, duplicate: true }
  const submission: StoredSubmission = {
    id,
    receivedAt: now.toISOString(),
    ...entry,
    file: file
      ? { originalName: file.originalName, storedAs: CV_FILE, bytes: file.bytes.length }
      : null,
  }
  const temp = join(dir, tempName(`${id}-${randomUUID().slice(0, 8)}`))
  await mkdir(temp, { mode: DIR_MODE })
  try {
    if (file) await writePrivately(join(temp, CV_FILE), file.bytes)
    await writePrivately(join(temp, SUBMISSION_FILE), `${JSON.stringify(submission, null, 2)}\n`)
    await syncDir(temp)
    await rename(temp, join(dir, id))
    await syncDir(dir)
  } catch (error) {
    await rm(temp, { recursive: true, force: true })
    const code = (error as NodeJS.ErrnoException).code
    const stored = await readSubmission(id, dir)
    if ((code === 'ENOTEMPTY' || code === 'EEXIST') && stored)
      return { submission: stored, duplicate: true }
    throw error
  }
  return { submission, duplicate: false }
}

/** A stored submission by id (its folder name), or undefined; never follows a path elsewhere. */
export async function readSubmission(
  id: string,
  dir = inboxDir(),
): Promise<StoredSubmission | undefined> {
  if (!isStoredName(id)) return undefined
  try {
    return JSON.parse(await readFile(join(dir, id, SUBMISSION_FILE), 'utf8')) as StoredSubmission
  } catch {
    return undefined
  }
}

/** A plain folder name of the inbox: no separator, no dot start, nothing a path could climb. */
const isStoredName = (id: string) => /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/.test(id)

/** Every stored submission, oldest first; folders still being written are skipped. */
export async function listSubmissions(dir = inboxDir()): Promise<StoredSubmission[]> {
  if (!existsSync(dir)) return []
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
    .map((d) => d.name)
  const out: StoredSubmission[] = []
  for (const name of names) {
    const s = await readSubmission(name, dir)
    if (s) out.push(s)
  }
  return out.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt) || a.id.localeCompare(b.id))
}

/**
 * Deletes one submission: renamed to a temporary name first (gone from every listing at once),
 * then removed; a crash in between leaves only a temporary folder, cleaned at the next start.
 */
export async function deleteSubmission(id: string, dir = inboxDir()): Promise<boolean> {
  if (!isStoredName(id)) return false
  const path = join(dir, id)
  try {
    if (!(await lstat(path)).isDirectory()) return false
  } catch {
    return false
  }
  const temp = join(dir, tempName(`deleting-${id}`))
  await rename(path, temp)
  await rm(temp, { recursive: true, force: true })
  return true
}

/** The submissions received more than `days` days before `now`. */
export function olderThan(
  days: number,
  submissions: StoredSubmission[],
  now = Date.now(),
): StoredSubmission[] {
  const limit = now - days * 24 * 60 * 60 * 1000
  return submissions.filter((s) => Date.parse(s.receivedAt) < limit)
}

/** Deletes the submissions received more than `days` days ago; returns them. */
export async function purgeSubmissions(
  days: number,
  dir = inboxDir(),
): Promise<StoredSubmission[]> {
  const old = olderThan(days, await listSubmissions(dir))
  for (const s of old) await deleteSubmission(s.id, dir)
  return old
}
