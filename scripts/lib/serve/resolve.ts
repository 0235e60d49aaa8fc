// Which file answers a URL path, without ever leaving the served folder.
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { join, sep } from 'node:path'

export type Redirect = { from: string; to: string; status: number }

/** Reads the exact-path 30x rules of `_redirects` (the 404 pages are what resolve() does). */
export function readRedirects(dir: string): Redirect[] {
  const file = join(dir, '_redirects')
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter(([from, to, status]) => from && to && !from.includes('*') && status?.startsWith('30'))
    .map(([from, to, status]) => ({ from: from ?? '', to: to ?? '', status: Number(status) }))
}

export type Resolution =
  | { kind: 'file'; file: string; status: 200 | 404 }
  | { kind: 'redirect'; location: string; status: number }

/** Files of the host's configuration: read by the host, never served. */
const HOST_FILES = new Set(['_headers', '_redirects'])

/**
 * The decoded path of a request target, or undefined when it cannot name a file: bad
 * percent-encoding, a NUL, a `.`/`..` segment (after turning `\` into `/`, as some hosts and
 * file systems do), or a hidden name other than `.well-known`.
 */
export function decodePath(target: string): string | undefined {
  let raw = target
  if (!raw.startsWith('/')) {
    try {
      raw = new URL(raw).pathname // absolute-form target (a proxy request)
    } catch {
      return undefined
    }
  }
  raw = raw.replace(/[?#].*$/s, '')
  let path: string
  try {
    path = decodeURIComponent(raw)
  } catch {
    return undefined
  }
  if (path.includes('\0')) return undefined
  const segments = path.replace(/\\/g, '/').split('/').slice(1)
  for (const s of segments)
    if (s === '.' || s === '..' || (s.startsWith('.') && s !== '.well-known')) return undefined
  return `/${segments.join('/')}`
}

/**
 * `file` (a path under `root`) once its symbolic links are followed, when it is a regular file
 * that stays inside `root`: the check compares whole path segments (`root + sep`), so a sibling
 * folder whose name starts like root's (`client-old/`) is outside.
 */
export function insideRoot(root: string, file: string): string | undefined {
  try {
    const real = realpathSync(file)
    const realRoot = realpathSync(root)
    if (!real.startsWith(realRoot + sep)) return undefined
    return statSync(real).isFile() ? real : undefined
  } catch {
    return undefined
  }
}

const isNotFoundPage = (rel: string) => rel === '404.html' || rel === 'en/404.html'

/**
 * How a static host answers a path: the file, `/x` from `x.html`, `/x/` from `x/index.html`, a
 * redirect, or the 404 page.
 */
export function resolve(dir: string, target: string, redirects: Redirect[]): Resolution {
  // A path that cannot name a file inside the folder is simply not found.
  const path = decodePath(target) ?? (target.startsWith('/en/') ? '/en/\0' : '/\0')
  const redirect = redirects.find((r) => r.from === path)
  if (redirect) return { kind: 'redirect', location: redirect.to, status: redirect.status }
  const rel = path.slice(1)
  // A folder's index.html answers for the folder (`/admin/`, the editor), as the hosts do.
  const candidates =
    rel === ''
      ? ['index.html']
      : rel.endsWith('/')
        ? [`${rel}index.html`, `${rel.slice(0, -1)}.html`]
        : [rel, `${rel}.html`]
  for (const c of candidates) {
    if (HOST_FILES.has(c) || c === '' || c.endsWith('/')) continue
    if (c.includes('\0')) break
    const file = join(dir, c)
    // The 404 pages answer 404 by whatever path they are reached (/404, /en/404.html).
    if (insideRoot(dir, file)) return { kind: 'file', file, status: isNotFoundPage(c) ? 404 : 200 }
  }
  const english = path === '/en' || path.startsWith('/en/')
  return { kind: 'file', file: join(dir, english ? 'en/404.html' : '404.html'), status: 404 }
}
