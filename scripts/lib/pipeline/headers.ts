// The `_headers` file of dist/client (Netlify and Cloudflare Pages syntax): security headers on
// every response, a Content-Security-Policy (a page's own where it needs another than the
// fallback), caching rules. Inline <script> and <style> elements are allowed by their sha256
// hashes, computed here from the built HTML.
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { COMMON_HEADERS } from './commonHeaders.ts'

export { COMMON_HEADERS }

import { BUILD_INFO_RULE } from './buildInfo.ts'

/** What the policy of one page depends on, read from its built HTML. */
export type PageFacts = {
  /** URL path as served (`/`, `/en/contact`). */
  path: string
  /** CSP sources ('sha256-...') of the inline scripts that run. */
  scriptHashes: string[]
  /** CSP sources of the inline <style> elements. */
  styleHashes: string[]
  /** The page holds a form, which loads Google reCAPTCHA. */
  hasForm: boolean
  /** The page runs the site search (Pagefind: WebAssembly and a web worker, both from 'self'). */
  hasSearch?: boolean
}

/** Origins (and paths) Google's reCAPTCHA v2 loads from, as its documentation lists them. */
export const RECAPTCHA = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
} as const

/** The island that renders a form (and loads reCAPTCHA). */
const FORM_MARKER = 'data-island="ContactForm"'
/** The search page's root (pages/+client.ts loads Pagefind where it is). */
const SEARCH_MARKER = 'data-site-search'

/** Cloudflare Pages reads at most this many rules from `_headers`. */
export const CLOUDFLARE_HEADER_RULES = 100

const sha256 = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/** Script types a browser executes (JSON data blocks are not subject to script-src). */
const isExecutable = (attrs: string) => {
  const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase()
  return (
    !type || type === 'module' || type === 'text/javascript' || type === 'application/javascript'
  )
}

/** The facts of one built page: hashes of its inline scripts and styles, whether it has a form. */
export function pageFacts(path: string, html: string): PageFacts {
  const scriptHashes = new Set<string>()
  const styleHashes = new Set<string>()
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attrs = '', body = ''] = m
    if (!/\bsrc\s*=/i.test(attrs) && isExecutable(attrs) && body.length)
      scriptHashes.add(sha256(body))
  }
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi))
    styleHashes.add(sha256(m[1] ?? ''))
  return {
    path,
    scriptHashes: [...scriptHashes].sort(),
    styleHashes: [...styleHashes].sort(),
    hasForm: html.includes(FORM_MARKER),
    hasSearch: html.includes(SEARCH_MARKER),
  }
}

/** Markup the policy would block: style attributes and inline event handlers. */
export function blockedMarkup(html: string): string[] {
  const found: string[] = []
  for (const m of html.matchAll(/<[a-z][^>]*?\s(style|on[a-z]+)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi))
    found.push(`${m[1]}=${m[2]}`)
  return found
}

/** Origins a form posts to (`'self'` for a relative endpoint such as the local inbox). */
export function endpointOrigins(endpoints: string[]): string[] {
  const out = new Set<string>()
  for (const e of endpoints) {
    if (!/^[a-z][a-z0-9+.-]*:/i.test(e)) out.add("'self'")
    else out.add(new URL(e).origin)
  }
  return [...out].sort()
}

/** The Content-Security-Policy of a page (or of several, when given the union of their facts). */
export function csp(
  facts: Pick<PageFacts, 'scriptHashes' | 'styleHashes' | 'hasForm' | 'hasSearch'>,
  formOrigins: string[],
): string {
  const form = facts.hasForm
  const search = facts.hasSearch === true
  const list = (...items: (string | readonly string[])[]) => [...new Set(items.flat())].join(' ')
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    // 'wasm-unsafe-eval' lets Pagefind compile its WebAssembly; it allows no JavaScript eval.
    [
      'script-src',
      list(
        "'self'",
        facts.scriptHashes,
        search ? ["'wasm-unsafe-eval'"] : [],
        form ? RECAPTCHA.script : [],
      ),
    ],
    ['style-src', list("'self'", facts.styleHashes)],
    // Google's widget writes style attributes into its own markup (google/recaptcha#107):
    // allowed for attributes only, on form pages only; <style> elements stay hash-only.
    ...(form ? ([['style-src-attr', "'unsafe-inline'"]] as [string, string][]) : []),
    ['img-src', list("'self'", 'data:', form ? ['https://www.gstatic.com/recaptcha/'] : [])],
    ['font-src', "'self'"],
    ['connect-src', list("'self'", form ? formOrigins : [])],
    ['frame-src', form ? list(RECAPTCHA.frame) : "'none'"],
    ['worker-src', search ? "'self'" : "'none'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', list("'self'", formOrigins)],
    ['frame-ancestors', "'none'"],
  ]
  return directives.map(([k, v]) => `${k} ${v}`).join('; ')
}

export const IMMUTABLE = 'public, max-age=31536000, immutable'
export const REVALIDATE = 'public, max-age=0, must-revalidate'
/** /build.json: read by the editor every few seconds after a save; no copy may be kept. */
export const NO_STORE = 'no-store'

/** The lines of `/build.json`'s rule: the revalidation of `/*` detached, then never stored. */
export const NO_STORE_HEADERS: [string, string][] = [
  ['!', 'Cache-Control'],
  ['Cache-Control', NO_STORE],
]

/**
 * The lines of a rule whose files carry a content hash in their names (`/assets/*`, and the
 * editor's `/admin/assets/*`): the revalidation of `/*` detached first, so a response gets one
 * Cache-Control value, then a year, immutable.
 */
export const IMMUTABLE_HEADERS: [string, string][] = [
  ['!', 'Cache-Control'],
  ['Cache-Control', IMMUTABLE],
]

/** A host answers an unknown URL with the nearest `404.html` (`/404`, `/en/404`). */
const isNotFoundPage = (path: string) => /(^|\/)404$/.test(path)

/** What the 404 pages need, together: the fallback policy of every response but a page's. */
export function fallbackFacts(pages: PageFacts[]): Omit<PageFacts, 'path'> {
  const notFound = pages.filter((p) => isNotFoundPage(p.path))
  return {
    scriptHashes: [...new Set(notFound.flatMap((p) => p.scriptHashes))].sort(),
    styleHashes: [...new Set(notFound.flatMap((p) => p.styleHashes))].sort(),
    hasForm: notFound.some((p) => p.hasForm),
    hasSearch: notFound.some((p) => p.hasSearch),
  }
}

/** Pagefind's worker compiles WebAssembly under the policy of its own response (CSP 3, workers). */
const SEARCH_WORKER_RULE = '/pagefind/*'

/**
 * The `_headers` file. Both hosts apply every rule whose path matches, in file order; a header
 * set by two rules gets both values (Cloudflare joins them, and a browser enforces every policy
 * it gets), unless a later rule first detaches it with `! Name` (Cloudflare Pages; Netlify's
 * parser skips that line, and there the later rule's value replaces the earlier one). So:
 * - `/*` carries the common headers, revalidation caching and the fallback policy: the
 *   strictest one, what the 404 pages need (their hashes, no reCAPTCHA), which is what an
 *   unknown URL, a PDF or an image gets, and what most pages need too (the same inline code);
 * - a page whose policy is another (a form's reCAPTCHA, the search's WebAssembly, an inline
 *   script of its own) has a rule that detaches the fallback and sets the page's exact policy;
 *   a page whose policy is the fallback's has no rule: Cloudflare Pages reads 100 rules, and
 *   one per page stopped working at about 100 pages (1,064 rules at 500 more pages);
 * - `/pagefind/*` (when a page searches) detaches it too: the search worker runs WebAssembly;
 * - `/assets/*` (file names carry a content hash) detaches the revalidation and is cached for a
 *   year, immutable; no response gets two Cache-Control values;
 * - `/build.json` (the build's commit, which the editor watches after a save) detaches it too
 *   and is never stored (`no-store`): a cached copy would keep « En attente » on screen;
 * - `extra` rules (the editor's `/admin/*` and `/admin/assets/*`, when the site has one) come
 *   last, after the site's, which they leave byte for byte as they are.
 */
export function headersFile(
  pages: PageFacts[],
  formOrigins: string[],
  extra: HeaderRule[] = [],
): string {
  const block = (path: string, headers: [string, string][]) =>
    [path, ...headers.map(([k, v]) => (k === '!' ? `  ! ${v}` : `  ${k}: ${v}`))].join('\n')
  const own = (policy: string): [string, string][] => [
    ['!', 'Content-Security-Policy'],
    ['Content-Security-Policy', policy],
  ]
  const searchWorker = { scriptHashes: [], styleHashes: [], hasForm: false, hasSearch: true }
  const fallback = csp(fallbackFacts(pages), formOrigins)
  const blocks = [
    block('/*', [
      ...COMMON_HEADERS,
      ['Content-Security-Policy', fallback],
      ['Cache-Control', REVALIDATE],
    ]),
    block('/assets/*', IMMUTABLE_HEADERS),
    block(BUILD_INFO_RULE, NO_STORE_HEADERS),
    ...(pages.some((p) => p.hasSearch)
      ? [block(SEARCH_WORKER_RULE, own(csp(searchWorker, formOrigins)))]
      : []),
    ...[...pages]
      .sort((a, b) => a.path.localeCompare(b.path))
      .map((p) => ({ path: p.path, policy: csp(p, formOrigins) }))
      .filter((p) => p.policy !== fallback)
      .map((p) => block(p.path, own(p.policy))),
    ...extra.map((r) => block(r.path, r.headers)),
  ]
  return `${blocks.join('\n\n')}\n`
}

/** A rule of `_headers`: a path, then its lines (`['!', name]` detaches a header of `/*`). */
export type HeaderRule = { path: string; headers: [string, string][] }

/** Number of rules (path lines) of a `_headers` text. */
export const ruleCount = (text: string) => text.split('\n').filter((l) => /^\S/.test(l)).length

/** URL path a static host serves an HTML file at (`index.html` → `/`, `en/a.html` → `/en/a`). */
export function pathForFile(file: string): string {
  const p = `/${file.replace(/\\/g, '/').replace(/\.html$/, '')}`
  return p === '/index' ? '/' : p.replace(/\/index$/, '')
}

/**
 * Reads every built page of `clientDir` (but the redirect stubs), writes `_headers`, and
 * returns what the policy would block (style attributes, inline handlers) as error lines.
 * `known`: facts the renderers took from the pages they wrote; other pages are read here.
 */
export function writeHeadersFile(
  clientDir: string,
  htmlFiles: string[],
  redirectPaths: Set<string>,
  formEndpoints: string[],
  known: ReadonlyMap<string, { facts: PageFacts; blocked: string[] }> = new Map(),
  extra: HeaderRule[] = [],
): { errors: string[]; warnings: string[] } {
  const errors: string[] = []
  const pages: PageFacts[] = []
  for (const file of htmlFiles) {
    const path = pathForFile(file)
    if (redirectPaths.has(path)) continue
    let page = known.get(file)
    if (!page) {
      const html = readFileSync(join(clientDir, file), 'utf8')
      page = { facts: pageFacts(path, html), blocked: blockedMarkup(html) }
    }
    for (const b of page.blocked)
      errors.push(`dist/client/${file}: ${b} would be blocked by the Content-Security-Policy`)
    pages.push(page.facts)
  }
  const text = headersFile(pages, endpointOrigins(formEndpoints), extra)
  writeFileSync(join(clientDir, '_headers'), text)
  const rules = ruleCount(text)
  const warnings =
    rules > CLOUDFLARE_HEADER_RULES
      ? [
          `_headers has ${rules} rules; Cloudflare Pages reads the first ${CLOUDFLARE_HEADER_RULES} (later pages keep only the fallback policy)`,
        ]
      : []
  return { errors, warnings }
}
