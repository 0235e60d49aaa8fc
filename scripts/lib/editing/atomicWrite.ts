// Writes a set of files all or none: each new text goes to a temporary file beside its target
// (same folder, so the rename is atomic), flushed to the disk; the current files get a hard link
// aside; then the temporaries are renamed over the targets. When a step fails, the files already
// replaced get their old inode back (bytes and times as they were) and the temporaries go.
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs'
import { basename, dirname, join } from 'node:path'

type Staged = { path: string; temp?: string; backup?: string }

/** Overridable for tests, to make a step fail. */
export type WriteHooks = { rename?: (from: string, to: string) => void }

const aside = (path: string, kind: string) =>
  join(
    dirname(path),
    `.${basename(path)}.${process.pid}-${Math.random().toString(36).slice(2, 8)}.${kind}`,
  )

function writeFlushed(path: string, text: string | Uint8Array, mode: number): void {
  const fd = openSync(path, 'wx', mode)
  try {
    writeSync(fd, typeof text === 'string' ? Buffer.from(text) : text)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** The folder's entries (the renames) flushed too; not every system can open a folder. */
function flushFolder(dir: string): void {
  try {
    const fd = openSync(dir, 'r')
    try {
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
  } catch {}
}

/** Writes every file (absolute path -> text or bytes; null removes it), all or none. */
export function writeFilesAtomically(
  files: ReadonlyMap<string, string | Uint8Array | null>,
  hooks: WriteHooks = {},
): void {
  const rename = hooks.rename ?? renameSync
  const staged: Staged[] = []
  const clean = () => {
    for (const s of staged) for (const p of [s.temp, s.backup]) if (p) rmSync(p, { force: true })
  }
  try {
    for (const [path, text] of files) {
      const s: Staged = { path }
      staged.push(s)
      const existed = existsSync(path)
      if (text !== null) {
        mkdirSync(dirname(path), { recursive: true })
        s.temp = aside(path, 'tmp')
        writeFlushed(s.temp, text, existed ? statSync(path).mode & 0o777 : 0o644)
      }
      if (existed) {
        s.backup = aside(path, 'bak')
        try {
          linkSync(path, s.backup)
        } catch {
          copyFileSync(path, s.backup)
        }
      }
    }
  } catch (error) {
    clean()
    throw error
  }
  const done: Staged[] = []
  try {
    for (const s of staged) {
      if (s.temp) rename(s.temp, s.path)
      else if (s.backup) unlinkSync(s.path)
      done.push(s)
    }
  } catch (error) {
    for (const s of done.reverse())
      if (s.backup) renameSync(s.backup, s.path)
      else rmSync(s.path, { force: true })
    clean()
    throw error
  }
  clean()
  for (const dir of new Set(staged.map((s) => dirname(s.path)))) flushFolder(dir)
}
