// The structured-data check's results, kept across builds: Adobe's validator
// costs about 4 ms a node, and a warm build re-checked every page's breadcrumb, page and article
// nodes (2.8 s at 500 extra pages per language). A node's issues are a function of its text (with
// the graph's @context), the site's origin (our rules check URLs against it) and the checking
// code, so a build looks each node up here by a hash of the first two, in a file named by the
// third, and validates only the nodes it does not find. Kept under the built project's
// node_modules/.cache, or the folder STRUCTURED_DATA_CACHE names; STRUCTURED_DATA_CACHE=off: no
// cache. Each build writes back the entries it used (written aside, then renamed): the file holds
// the current site's nodes, never more.
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { isObject } from '../../../templates/lib/isObject.ts'

/** One issue as the check reports it (structuredData.ts). */
export type CachedIssue = { severity: 'error' | 'warning'; message: string }

/** What checkJsonLd asks of a cache: a node's issues by the node's text, and where to keep new ones. */
export type NodeIssueCache = {
  get(node: string): CachedIssue[] | undefined
  set(node: string, issues: CachedIssue[]): void
}

/** The cache folder of the project at `root`, or undefined when the cache is off. */
export function structuredDataCacheDir(root: string): string | undefined {
  const dir = process.env.STRUCTURED_DATA_CACHE
  if (dir === 'off') return undefined
  return dir || join(root, 'node_modules', '.cache', 'structured-data')
}

let codeKey: string | undefined
/** The validator's and the extractor's versions and the source of our rules. */
function code(): string {
  codeKey ??= createHash('sha256')
    .update('sd1\0')
    .update(
      [
        '../../../node_modules/@adobe/structured-data-validator/package.json',
        '../../../node_modules/@marbec/web-auto-extractor/package.json',
        './structuredData.ts',
        './structuredDataCache.ts',
      ]
        .map((file) => readFileSync(new URL(file, import.meta.url), 'utf8'))
        .join('\0'),
    )
    .digest('hex')
    .slice(0, 32)
  return codeKey
}

/**
 * The cache of the checks of one site (`origin`) in `dir`: read once, looked up in memory;
 * `save()` writes the entries looked up or added since. An unreadable or corrupt file is an
 * empty cache, a file that cannot be written only costs the next build its time.
 */
export function openStructuredDataCache(
  dir: string,
  origin: string,
): NodeIssueCache & { save(): void } {
  const file = join(dir, `${code()}.json`)
  let stored: Record<string, CachedIssue[]> = {}
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'))
    if (isObject(parsed)) stored = parsed as Record<string, CachedIssue[]>
  } catch {
    // none yet, or unreadable: every node is checked
  }
  const used = new Map<string, CachedIssue[]>()
  let changed = false
  const keyOf = (node: string) =>
    createHash('sha1').update(origin).update('\0').update(node).digest('base64url')
  return {
    get(node) {
      const key = keyOf(node)
      const issues = stored[key]
      if (!Array.isArray(issues)) return undefined
      used.set(key, issues)
      return issues
    },
    set(node, issues) {
      used.set(keyOf(node), issues)
      changed = true
    },
    save() {
      if (!changed && used.size === Object.keys(stored).length) return
      try {
        mkdirSync(dir, { recursive: true })
        const temp = `${file}.${process.pid}.tmp`
        writeFileSync(temp, JSON.stringify(Object.fromEntries(used)))
        renameSync(temp, file)
        // The files of older code: never read again.
        for (const name of readdirSync(dir))
          if (name !== `${code()}.json` && name.endsWith('.json'))
            rmSync(join(dir, name), { force: true })
      } catch {
        // a read-only or full disk: the next build checks again
      }
    },
  }
}
