// The search index of each language, kept across builds: Pagefind's files for a language are a
// function of what it reads of its pages (searchDocument.ts), of Pagefind's version and of the
// code that prepares the pages for it, so a build whose pages of a language read the same as in
// the last build takes that language's files from here instead of running Pagefind (8 s of CPU at 1,000 pages).
// An editor's rebuild after changing a French page re-indexes French only. Kept under the
// project's node_modules/.cache (the project whose content is built, like the image cache:
// a fresh checkout or copy starts without), or the folder SEARCH_INDEX_CACHE names;
// SEARCH_INDEX_CACHE=off: no cache.
import { createHash } from 'node:crypto'
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join } from 'node:path'
import { linkOrCopy } from '../outputFiles.ts'

/**
 * A file of a language's index: its bytes, or (from the cache) the file holding them, which the
 * site gets linked (outputFiles.ts) instead of a copy.
 */
export type IndexFile = { path: string; content: Uint8Array } | { path: string; source: string }

/** The entry file: each language's is merged into the site's one, so its bytes are read. */
const ENTRY = 'pagefind-entry.json'

/** The cache folder, or undefined when the cache is off. */
export function searchCacheDir(root = process.env.SITE_ROOT ?? process.cwd()): string | undefined {
  const dir = process.env.SEARCH_INDEX_CACHE
  if (dir === 'off') return undefined
  return dir || join(root, 'node_modules', '.cache', 'search-index')
}

let codeVersion: string | undefined
/** Pagefind's version and the source of the code that turns pages into what Pagefind reads. */
function code(): string {
  codeVersion ??= [
    readFileSync(new URL('../../../node_modules/pagefind/package.json', import.meta.url), 'utf8'),
    readFileSync(new URL('./searchIndex.ts', import.meta.url), 'utf8'),
    readFileSync(new URL('./searchDocument.ts', import.meta.url), 'utf8'),
    readFileSync(new URL('./ratingsRecords.ts', import.meta.url), 'utf8'),
  ].join('\0')
  return codeVersion
}

/**
 * The key of one language's index: what Pagefind reads of its pages (URL and search document,
 * searchDocument.ts, in order) and the code.
 */
export function searchCacheKey(
  lang: string,
  pages: { url: string; document: string | Uint8Array }[],
): string {
  const hash = createHash('sha256').update(code()).update(`\0${lang}`)
  for (const p of pages) hash.update(`\0${p.url}\0`).update(p.document)
  return `${lang}-${hash.digest('hex').slice(0, 32)}`
}

/**
 * True when the cache holds an index of `lang` (from the last build that indexed it): a build
 * whose pages of that language read as then takes it from here.
 */
export function hasSearchCache(dir: string | null | undefined, lang: string): boolean {
  if (!dir) return false
  try {
    return readdirSync(dir).some((name) => name.startsWith(`${lang}-`))
  } catch {
    return false
  }
}

/** The files stored under `key`, or undefined (none, or unreadable: the index is built anew). */
export function readSearchCache(dir: string | null, key: string): IndexFile[] | undefined {
  if (!dir) return undefined
  try {
    const base = join(dir, key)
    const list = JSON.parse(readFileSync(join(base, 'files.json'), 'utf8')) as string[]
    return list.map((path) => {
      const source = join(base, 'files', path)
      if (path === ENTRY) return { path, content: readFileSync(source) }
      // Linked later: a file gone from the entry (removed by hand) makes it a miss now.
      if (!statSync(source).isFile()) throw new Error(`${source} is not a file`)
      return { path, source }
    })
  } catch {
    return undefined
  }
}

/**
 * Stores a language's files under `key`, replacing that language's older entries. `onDisk` gives
 * the file of the site that holds a file's bytes already, if any: the cache links it.
 */
export function writeSearchCache(
  dir: string | null,
  key: string,
  files: IndexFile[],
  onDisk: (path: string) => string | undefined = () => undefined,
): void {
  if (!dir) return
  const lang = key.slice(0, key.indexOf('-'))
  try {
    // Written aside and renamed: a build stopped halfway leaves no half entry.
    const temp = join(dir, `.tmp-${process.pid}-${key}`)
    rmSync(temp, { recursive: true, force: true })
    for (const f of files) {
      const target = join(temp, 'files', f.path)
      mkdirSync(dirname(target), { recursive: true })
      const same = onDisk(f.path)
      if ('source' in f || same) linkOrCopy('source' in f ? f.source : (same as string), target)
      else writeFileSync(target, f.content)
    }
    writeFileSync(join(temp, 'files.json'), JSON.stringify(files.map((f) => f.path)))
    for (const old of readdirSync(dir))
      if (old.startsWith(`${lang}-`)) rmSync(join(dir, old), { recursive: true, force: true })
    renameSync(temp, join(dir, key))
  } catch {
    // A cache that cannot be written only costs the next build its time.
  }
}
