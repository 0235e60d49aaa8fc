// The content check's source on the disk (Node): the YAML files under content/ and the names of
// the files under public/ of a project (source.ts says what a source is). A file's text is kept
// while its size and time are unchanged and it was written over a second ago, so the dev server,
// which checks the content again on each edit, reads only the files that changed.
import { readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { type ContentSource, PublicFiles } from '../../../templates/core/content/source.ts'
import { parseYaml, type ReadResult } from '../../../templates/core/content/yamlFile.ts'
import { listFiles } from '../files.ts'

/** What a source reads of a project: its root, content/ and public/ folders. */
export type SourceDirs = { root: string; content: string; public: string }

const texts = new Map<string, { stamp: string; text: string }>()

export function diskSource(dirs: SourceDirs): ContentSource {
  const content = new Map<string, string>()
  const folder = relative(dirs.root, dirs.content).replaceAll('\\', '/')
  for (const rel of listFiles(dirs.content))
    if (rel.endsWith('.yaml')) content.set(`${folder}/${rel}`, readText(join(dirs.content, rel)))
  return { content, public: publicFiles(dirs.public) }
}

/** The names under public/, by folder times: listed again only when a folder's entries changed. */
const listings = new Map<string, { folders: Map<string, number>; files: PublicFiles }>()

function publicFiles(dir: string): PublicFiles {
  const kept = listings.get(dir)
  if (kept && [...kept.folders].every(([path, time]) => settledAt(path) === time)) return kept.files
  const folders = new Map<string, number>()
  const names = listFiles(dir, (folder) => folders.set(folder, settledAt(folder))).map(
    (rel) => `/${rel}`,
  )
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

/** A YAML file on the disk, parsed, named by its path from `root`. */
export function readYamlFile(absPath: string, root: string): ReadResult {
  return parseYaml(relative(root, absPath).replaceAll('\\', '/'), readFileSync(absPath, 'utf8'))
}
