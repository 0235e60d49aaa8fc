// The `_headers` file of Netlify and Cloudflare Pages, read the way those hosts read it, so the
// local server sends what production will send (whatever the build writes into the file).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** One block: a path pattern, the headers it sets, and (Cloudflare's `! Name`) those it removes. */
export type HeaderRule = {
  pattern: string
  /** The host of an absolute-URL pattern (`https://example.com/*`), matched against Host. */
  host?: string
  matcher: RegExp
  set: [name: string, value: string][]
  detach: string[]
}

/** Parses `_headers`: a path line, then indented `Name: value` lines; `#` starts a comment. */
export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = []
  let current: HeaderRule | undefined
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim()
    if (line === '' || line.startsWith('#')) continue
    if (!/^\s/.test(raw)) {
      current = ruleFor(line)
      if (current) rules.push(current)
      continue
    }
    if (!current) continue
    if (line.startsWith('!')) {
      current.detach.push(line.slice(1).trim().toLowerCase())
      continue
    }
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    current.set.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()])
  }
  return rules
}

function ruleFor(pattern: string): HeaderRule | undefined {
  let host: string | undefined
  let path = pattern
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/([^/]+)(\/.*)?$/i.exec(pattern)
  if (absolute) {
    host = absolute[1]?.toLowerCase().replace(/:\d+$/, '')
    path = absolute[2] ?? '/'
  }
  if (!path.startsWith('/')) return undefined
  // `*` (the splat) matches anything, `/` included; `:name` matches one path segment.
  const source = path
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) => {
      if (part === '*') return '(?<splat>.*)'
      if (/^:[A-Za-z]\w*$/.test(part)) return `(?<${part.slice(1)}>[^/]+)`
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    })
    .join('')
  try {
    return { pattern, host, matcher: new RegExp(`^${source}$`), set: [], detach: [] }
  } catch {
    return undefined // a placeholder named twice: the hosts reject such a rule too
  }
}

/** Reads `<dir>/_headers`, or no rules when there is none. */
export function readHeaderRules(dir: string): HeaderRule[] {
  const file = join(dir, '_headers')
  return existsSync(file) ? parseHeaders(readFileSync(file, 'utf8')) : []
}

/**
 * The headers every matching block gives `path`, in file order, as Cloudflare Pages applies
 * them: a block first removes the names it detaches (`! Name`: what earlier blocks set, and the
 * server's own header), then sets its headers; a header named by several blocks gets their
 * values joined with `, `; `:name` and `:splat` in a value are replaced by what the pattern
 * matched. Detached names are returned apart, for the server's own headers.
 */
export function headersFor(
  rules: HeaderRule[],
  path: string,
  host?: string,
): { set: Map<string, string>; detach: Set<string> } {
  const set = new Map<string, string>()
  const detach = new Set<string>()
  const hostname = host?.toLowerCase().replace(/:\d+$/, '')
  for (const rule of rules) {
    if (rule.host && rule.host !== hostname) continue
    const match = rule.matcher.exec(path)
    if (!match) continue
    const groups = match.groups ?? {}
    for (const name of rule.detach) {
      set.delete(name)
      detach.add(name)
    }
    for (const [name, raw] of rule.set) {
      const value = raw.replace(/:([A-Za-z]\w*)/g, (whole, key: string) => groups[key] ?? whole)
      const before = set.get(name)
      set.set(name, before === undefined ? value : `${before}, ${value}`)
    }
  }
  return { set, detach }
}
