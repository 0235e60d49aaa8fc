// Broken links: every href/src/srcset of every built page is resolved the way the static host
// resolves it (scripts/lib/serve/staticHost.ts) and checked against the route table.
//
// Severity, decided here:
// - error: a path that is neither a page, an alias, a redirect nor a file; a `#fragment` with no
//   such id in the target page; a link to a PDF that does not exist;
// - warning: a link to a redirect source or an alias instead of the canonical path (the visitor
//   gets there, one hop later or on a duplicate URL). Deliberate ones are in the allowlist.

import { editDistance } from '../../../templates/core/content/closestNames.ts'
import type { Finding } from './findings.ts'
import { error, warning } from './findings.ts'
import type { LinkRef } from './html.ts'
import type { BuiltPage, SiteIndex } from './site.ts'

/**
 * Links to a redirect that are on purpose: spec §2 gives the not-found page a button to the
 * capitalised /Contact, a redirect to /contact (a second file would collide by case).
 */
export const REDIRECT_LINK_ALLOWLIST: readonly { from: string; to: string }[] = [
  { from: '/404', to: '/Contact' },
  { from: '/en/404', to: '/Contact' },
]

export type LinkKind =
  | { kind: 'ignored' }
  | { kind: 'external'; url: string }
  | { kind: 'internal'; path: string; fragment: string }

export type Target =
  | { kind: 'page'; page: string }
  | { kind: 'alias'; page: string }
  | { kind: 'redirect'; page: string }
  | { kind: 'slash'; page: string }
  | { kind: 'file'; file: string }
  | { kind: 'unbuilt'; file: string }
  | { kind: 'missing'; suggestion: string | undefined }

/** URLs already classified that do not depend on the page: root-relative or absolute. */
const classified = new Map<string, { origin: string; kind: LinkKind }>()

/** Sorts a URL into ignored (mailto:, tel:, data:, a bare #), external, or an internal path. */
export function classifyUrl(url: string, pagePath: string, origin: string): LinkKind {
  // Most links are the same on many pages (menus, footer, canonical and alternate links):
  // classified once each.
  const known = classified.get(url)
  if (known?.origin === origin) return known.kind
  const kind = classifyNew(url, pagePath, origin)
  if (/^(\/(?!\/)|[a-z][a-z\d+.-]*:)/i.test(url)) classified.set(url, { origin, kind })
  return kind
}

function classifyNew(url: string, pagePath: string, origin: string): LinkKind {
  if (url === '#' || /^(mailto|tel|data|javascript|sms):/i.test(url)) return { kind: 'ignored' }
  // Root-relative paths: split without the cost of a URL object.
  const local = /^(\/(?!\/)[^?#]*)(?:\?[^#]*)?(?:#(.*))?$/.exec(url)
  if (local)
    return {
      kind: 'internal',
      path: decodePath(local[1] ?? '/'),
      fragment: decodeFragment(local[2] ?? ''),
    }
  let parsed: URL
  try {
    parsed = new URL(url, origin + pagePath)
  } catch {
    return { kind: 'internal', path: url, fragment: '' }
  }
  if (parsed.origin !== origin) return { kind: 'external', url }
  return {
    kind: 'internal',
    path: decodePath(parsed.pathname),
    fragment: decodeFragment(parsed.hash.slice(1)),
  }
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    return path // left encoded: it then matches nothing and is reported
  }
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment)
  } catch {
    return fragment
  }
}

/** What an internal path leads to, in the order the static host and the route table decide. */
export function resolveTarget(site: SiteIndex, path: string): Target {
  if (site.pages.has(path)) {
    const file = fileForPath(path)
    return site.files.has(file) ? { kind: 'page', page: path } : { kind: 'unbuilt', file }
  }
  const alias = site.aliases.get(path)
  if (alias) return { kind: 'alias', page: alias }
  const redirect = site.redirects.get(path)
  if (redirect) return { kind: 'redirect', page: redirect }
  if (site.files.has(path.slice(1))) return { kind: 'file', file: path.slice(1) }
  const trimmed = path.replace(/\/+$/, '')
  if (trimmed !== path && site.pages.has(trimmed)) return { kind: 'slash', page: trimmed }
  return { kind: 'missing', suggestion: suggestPath(site, path) }
}

function fileForPath(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`
}

/** The nearest known path (same letters in another case, or a couple of typos away). */
function suggestPath(site: SiteIndex, path: string): string | undefined {
  const known = [
    ...site.pages.keys(),
    ...site.aliases.keys(),
    ...site.redirects.keys(),
    ...[...site.files].map((f) => `/${f}`),
  ]
  const sameLetters = known.find((k) => k.toLowerCase() === path.toLowerCase())
  if (sameLetters) return sameLetters
  let best: { path: string; distance: number } | undefined
  for (const k of known) {
    if (Math.abs(k.length - path.length) > 3) continue
    const distance = editDistance(k, path)
    if (distance <= 3 && (!best || distance < best.distance)) best = { path: k, distance }
  }
  return best?.path
}

/** The findings for one link of one page (none when it is fine). */
export function validateLink(
  link: LinkRef,
  page: BuiltPage,
  site: SiteIndex,
  pagesByPath: Map<string, BuiltPage>,
): Finding[] {
  // Where the link is, for a finding: only then, since a page whose analysis came from its
  // renderer is read from the disk for its lines (a build of 1,000 pages read them all).
  const at = where.bind(null, page, link)
  if (link.url === '') return [error('link', at(), `empty ${link.attr}`)]
  const kind = classifyUrl(link.url, page.path, site.origin)
  if (kind.kind !== 'internal') return []
  const { path, fragment } = kind
  if (path === page.path && fragment) return checkFragment(at, page, fragment, link.url)
  const target = resolveTarget(site, path)
  switch (target.kind) {
    case 'missing': {
      const hint = target.suggestion ? ` (did you mean ${target.suggestion}?)` : ''
      return path.toLowerCase().endsWith('.pdf')
        ? [error('pdf', at(), `missing PDF ${path}: no such file (put it under public${path})`)]
        : [
            error(
              'link',
              at(),
              `broken link ${path}: no page, alias, redirect or file has this path${hint}`,
            ),
          ]
    }
    case 'unbuilt':
      return [
        error(
          'link',
          at(),
          `broken link ${path}: a page in routes.yaml, but ${target.file} was not built`,
        ),
      ]
    case 'alias':
      return [
        warning('indirect', at(), `${path} is an alias of ${target.page}: link to ${target.page}`),
        ...checkFragment(at, pagesByPath.get(target.page), fragment, link.url),
      ]
    case 'slash':
      return [warning('indirect', at(), `${path} ends with a slash: link to ${target.page}`)]
    case 'redirect': {
      const allowed = REDIRECT_LINK_ALLOWLIST.some((a) => a.from === page.path && a.to === path)
      return [
        ...(allowed
          ? []
          : [
              warning(
                'indirect',
                at(),
                `${path} is a redirect to ${target.page}: link to ${target.page}`,
              ),
            ]),
        ...checkFragment(at, pagesByPath.get(target.page), fragment, link.url),
      ]
    }
    case 'page':
      return checkFragment(at, pagesByPath.get(target.page), fragment, link.url)
    case 'file':
      return target.file.endsWith('.html')
        ? checkFragment(
            at,
            pagesByPath.get(`/${target.file.replace(/\.html$/, '')}`),
            fragment,
            link.url,
          )
        : []
  }
}

/** A link's file, line and column. */
function where(page: BuiltPage, link: LinkRef): { file: string; line: number; col: number } {
  return { file: page.label, ...page.positionOf(link.offset) }
}

function checkFragment(
  at: () => { file: string; line: number; col: number },
  target: BuiltPage | undefined,
  fragment: string,
  url: string,
): Finding[] {
  if (!fragment || !target || target.doc.ids.has(fragment)) return []
  return [error('link', at(), `broken fragment ${url}: ${target.label} has no id="${fragment}"`)]
}

/** External URLs by the pages that link to them (listed, never fetched). */
export function collectExternalLinks(pages: BuiltPage[], origin: string): Map<string, string[]> {
  const external = new Map<string, string[]>()
  for (const page of pages)
    for (const link of page.doc.links) {
      const kind = classifyUrl(link.url, page.path, origin)
      if (kind.kind !== 'external') continue
      const list = external.get(kind.url) ?? []
      // A page's links come together: comparing with the last page listed is enough (a search
      // of the whole list made a link in the footer cost pages x pages).
      if (list[list.length - 1] !== page.label) list.push(page.label)
      external.set(kind.url, list)
    }
  return new Map([...external].sort(([a], [b]) => a.localeCompare(b)))
}

/** Every internal link of every page, checked. */
export function checkLinks(pages: BuiltPage[], site: SiteIndex): Finding[] {
  const pagesByPath = new Map(pages.map((p) => [p.path, p]))
  return pages.flatMap((page) =>
    page.doc.links.flatMap((link) => validateLink(link, page, site, pagesByPath)),
  )
}
