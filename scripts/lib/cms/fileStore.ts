// The dev server's file store for the editor: what a git host is to the
// published editor, the working tree is to the editor of `npm run dev`. The save is planned in
// the browser (entryPlan.ts, the same code in both editors); this store only lists, reads and
// writes files: YAML under content/ and files under public/, nothing else; a write of several
// files lands all or none (writeFilesAtomically), and only if each file is still as the editor
// read it (`expected`: the id it had, null for a file that did not exist), as a git host refuses
// a commit whose parent is not the branch's head: a file changed on the disk meanwhile (a
// developer's text editor, another tab) is never overwritten unseen. `expected` also names the
// files the save was planned from without writing them (a translation record whose text came
// out the same): written alongside a record changed meanwhile, the words would not match it.
import { type Dirent, existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { textHash } from '../../../templates/core/content/textHash.ts'
import { isContentYamlPath } from '../../../templates/core/editing/planSave.ts'
import { gitBlobId } from '../../../templates/core/editor/blobId.ts'
import { writeFilesAtomically } from '../editing/atomicWrite.ts'

export class StoreError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = 'StoreError'
  }
}

/** A file under public/, plainly named: no `..`, `.`, empty or hidden segment. */
export function isPublicPath(rel: string): boolean {
  const parts = rel.split('/')
  return (
    parts[0] === 'public' &&
    parts.length > 1 &&
    !parts.some((p) => p === '' || p.startsWith('.') || p.includes('\\'))
  )
}

function assertYaml(rel: string): void {
  if (!isContentYamlPath(rel))
    throw new StoreError(`Le CMS n'écrit que les fichiers YAML de content/, pas « ${rel} ».`, 422)
}

/** The id of a file's text as the editor knows it (Decap's `file.id`): its textHash. */
export const textId = (text: string): string => textHash(text)

/** A YAML file under content/ with its id; data null when there is no such file. */
export function readStoreFile(root: string, rel: string) {
  assertYaml(rel)
  const path = join(root, rel)
  if (!existsSync(path)) return { data: null, file: { path: rel, id: null } }
  const text = readFileSync(path, 'utf8')
  return { data: text, file: { path: rel, id: textId(text) } }
}

export type Listed = { path: string; id: string; size: number }

/**
 * Every file under `folder` (`content` or `public`, or a folder below them), with an id: the
 * text's for YAML under content/ (what readStoreFile gives), the git blob id for the rest, as a
 * git host lists them (the editor reads only their names, and compares an upload's id with
 * them: blobId.ts).
 */
export function listStore(root: string, folder: string): Promise<Listed[]> {
  const top = folder.split('/')[0]
  if ((top !== 'content' && top !== 'public') || folder.split('/').some((p) => p === '..'))
    throw new StoreError(`Le CMS ne liste que content/ et public/, pas « ${folder} ».`, 422)
  const out: Listed[] = []
  const others: number[] = []
  const walk = (rel: string) => {
    let entries: Dirent[]
    try {
      entries = readdirSync(join(root, rel), { withFileTypes: true })
    } catch {
      return
    }
    for (const e of entries) {
      if (e.name.startsWith('.')) continue
      const child = `${rel}/${e.name}`
      const path = join(root, child)
      const stat = statSync(path, { throwIfNoEntry: false })
      if (stat?.isDirectory()) walk(child)
      else if (stat?.isFile()) {
        const yaml = top === 'content' && child.endsWith('.yaml')
        out.push({
          path: child,
          id: yaml ? textId(readFileSync(path, 'utf8')) : '',
          size: stat.size,
        })
        if (!yaml) others.push(out.length - 1)
      }
    }
  }
  walk(folder)
  const hashed = others.map(async (i) => {
    const file = out[i] as Listed
    file.id = await gitBlobId(readFileSync(join(root, file.path)))
  })
  return Promise.all(hashed).then(() => out.sort((a, b) => (a.path < b.path ? -1 : 1)))
}

export type StoreWrite = {
  /** YAML under content/: its new text, or null to remove it. */
  files: { path: string; raw: string | null }[]
  /** Files under public/: their bytes (uploads), or null to remove one. */
  assets?: { path: string; bytes: Uint8Array | null }[]
  /**
   * Path -> the id the editor read (null: it did not exist): each file written, and each file the
   * save was planned from without writing it. Every write names each file's.
   */
  expected: Record<string, string | null>
}

/**
 * Writes a save's files all or none, if each is still as the editor read it, and so is each file
 * it read without writing.
 */
export function writeStore(root: string, { files, assets = [], expected }: StoreWrite): string[] {
  for (const f of files) assertYaml(f.path)
  for (const a of assets)
    if (!isPublicPath(a.path))
      throw new StoreError(
        `Le CMS n'écrit sous public/ que des fichiers nommés simplement, pas « ${a.path} ».`,
        422,
      )
  for (const f of files)
    if (!(f.path in expected))
      throw new StoreError(`« ${f.path} » : l'éditeur doit dire quelle version il a lue.`, 422)
  const changed: string[] = []
  for (const [path, id] of Object.entries(expected))
    if (readStoreFile(root, path).file.id !== id) changed.push(path)
  if (changed.length)
    throw new StoreError(
      `Modifié sur le disque depuis la lecture de l'éditeur : ${changed.join(', ')}. Rien n'a été écrit.`,
      409,
    )
  const writes = new Map<string, string | Uint8Array | null>()
  for (const f of files) writes.set(join(root, f.path), f.raw)
  for (const a of assets) writes.set(join(root, a.path), a.bytes)
  writeFilesAtomically(writes)
  return [...files.map((f) => f.path), ...assets.map((a) => a.path)]
}
