// The content check's source on the disk (Node): the YAML files under content/ and the names of
// the files under public/ of a project (source.ts says what a source is). A file's text is kept
// while its size and time are unchanged and it was written over a second ago, so the dev server,
// which checks the content again on each edit, reads only the files that changed.
import { type Dirent, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { type ContentSource, PublicFiles } from '../../../templates/core/content/source.ts'
import { parseYaml, type ReadResult } from '../../../templates/core/content/yamlFile.ts'

/** What a source reads of a project: its root, content/ and public/ folders. */
export type SourceDirs = { root: string; content: string; public: string }

const texts = new Map<string, { stamp: string; text: string }>()

export function diskSource(dirs: SourceDirs): ContentSource {
  const content = new Map<string, string>()
  const folder = relative(dirs.root, dirs.content).replaceAll('\\', '/')
  for (const rel of filesUnder(dirs.content))
    if (rel.endsWith('.yaml')) content.set(`${folder}/${rel}`, readText(join(dirs.content, rel)))
  return { content, public: publicFiles(dirs.public) }
}

/** The names under public/, by folder times: listed again only when a folder's entries changed. */
const listings = new Map<string, { folders: Map<string, number>; files: PublicFiles }>()

function publicFiles(dir: string): PublicFiles {
  const kept = listings.get(dir)
  if (kept && [...kept.folders].every(([path, time]) => settledAt(path) === time)) return kept.files
  const folders = new Map<string, number>()
  const names = filesUnder(dir, folders).map((rel) => `/${rel}`)
  const files = new PublicFiles(names)
  listings.set(dir, { folders, files })
  return files
}

/** A folder's time when it changed over a second ago (else NaN: it may change again unseen). */
function settledAt(path: string): number {
  try {
    const { mtimeMs } = statSync(path)
    return Date.now() - mtimeMs > 1000 ? mtimeMs : Number.NaN
  } catch {
    return Number.NaN
  }
}

function readText(path: string): string {
  const { size, mtimeMs } = statSync(path)
  const stamp = `${size}:${mtimeMs}`
  const kept = texts.get(path)
  // A younger file is read: its time may not have moved since the last read.
  if (kept?.stamp === stamp && Date.now() - mtimeMs > 1000) return kept.text
  const text = readFileSync(path, 'utf8')
  texts.set(path, { stamp, text })
  return text
}

/**
 * The files below `dir` (links to files count), by their path from it with `/` between folders;
 * none when there is no such folder. `folders` gets the time of each folder listed.
 */
function filesUnder(dir: string, folders?: Map<string, number>): string[] {
  let entries: Dirent[]
  try {
    folders?.set(dir, settledAt(dir))
    entries = readdirSync(dir, { recursive: true, withFileTypes: true })
  } catch {
    return []
  }
  const files: string[] = []
  for (const e of entries) {
    // parentPath is `dir` or below it: the path from `dir` without path.relative's resolving.
    const path =
      e.parentPath === dir ? e.name : `${e.parentPath.slice(dir.length + 1)}${sep}${e.name}`
    if (e.isDirectory()) folders?.set(join(dir, path), settledAt(join(dir, path)))
    else if (e.isFile() || (e.isSymbolicLink() && isFile(join(dir, path))))
      files.push(sep === '/' ? path : path.replaceAll(sep, '/'))
  }
  return files
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/** A YAML file on the disk, parsed, named by its path from `root`. */
export function readYamlFile(absPath: string, root: string): ReadResult {
  return parseYaml(relative(root, absPath).replaceAll('\\', '/'), readFileSync(absPath, 'utf8'))
}
