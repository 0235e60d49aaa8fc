// sitemap.xml against the built pages: every indexable page listed once, nothing else listed,
// and the same language alternates as the page's own hreflang links.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Finding } from './findings.ts'
import { error } from './findings.ts'
import { internalPath, isIndexablePage } from './hreflang.ts'
import { decodeEntities, lineIndex, readTags } from './html.ts'
import { classifyUrl } from './links.ts'
import type { BuiltPage, SiteIndex } from './site.ts'

export type SitemapEntry = { loc: string; offset: number; alternates: Map<string, string> }

/** The `<url>` entries of a sitemap: loc and `xhtml:link` alternates. */
export function readSitemap(xml: string): SitemapEntry[] {
  const entries: SitemapEntry[] = []
  for (const m of xml.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
    const body = m[1] ?? ''
    const loc = /<loc>([\s\S]*?)<\/loc>/.exec(body)
    const alternates = new Map<string, string>()
    for (const { tag, attributes } of readTags(body)) {
      if (tag !== 'xhtml:link') continue
      const get = (name: string) => attributes.find((a) => a.name === name)?.value
      const hreflang = get('hreflang')
      const href = get('href')
      if (hreflang && href) alternates.set(hreflang, href)
    }
    entries.push({
      loc: decodeEntities(loc?.[1]?.trim() ?? ''),
      offset: (m.index ?? 0) + 5 + (loc?.index ?? 0),
      alternates,
    })
  }
  return entries
}

export function checkSitemap(
  distDir: string,
  distLabel: string,
  pages: BuiltPage[],
  site: SiteIndex,
): Finding[] {
  const file = `${distLabel}/sitemap.xml`
  const path = join(distDir, 'sitemap.xml')
  if (!existsSync(path))
    return [error('sitemap', { file, line: 1, col: 1 }, 'sitemap.xml is missing')]
  const xml = readFileSync(path, 'utf8')
  const positionOf = lineIndex(xml)
  const indexable = new Map(pages.filter((p) => isIndexablePage(p, site)).map((p) => [p.path, p]))
  const listed = new Set<string>()
  const out: Finding[] = []
  for (const entry of readSitemap(xml)) {
    const at = { file, ...positionOf(entry.offset) }
    const kind = classifyUrl(entry.loc, '/', site.origin)
    const loc = kind.kind === 'internal' ? kind.path : entry.loc
    const page = indexable.get(loc)
    if (listed.has(loc)) out.push(error('sitemap', at, `${loc} is listed twice`))
    listed.add(loc)
    if (!page) {
      out.push(
        error(
          'sitemap',
          at,
          `${loc} is listed but is not an indexable built page${whyNot(loc, pages, site)}`,
        ),
      )
      continue
    }
    const mismatch = compareAlternates(entry, page, site)
    if (mismatch) out.push(error('sitemap', at, mismatch))
  }
  for (const page of indexable.values())
    if (!listed.has(page.path))
      out.push(
        error(
          'sitemap',
          { file: page.label, ...page.positionOf(page.doc.canonical?.offset ?? 0) },
          `${page.path} is not listed in sitemap.xml`,
        ),
      )
  return out
}

function whyNot(loc: string, pages: BuiltPage[], site: SiteIndex): string {
  const alias = site.aliases.get(loc)
  if (alias) return ` (an alias of ${alias}: list ${alias})`
  if (site.redirects.has(loc)) return ` (a redirect to ${site.redirects.get(loc)})`
  const page = pages.find((p) => p.path === loc)
  if (page?.doc.noindex) return ' (it is marked noindex)'
  return page ? '' : ' (no such page)'
}

function compareAlternates(
  entry: SitemapEntry,
  page: BuiltPage,
  site: SiteIndex,
): string | undefined {
  const show = (m: Map<string, string>) =>
    [...m]
      .map(([lang, path]) => `${lang}=${path}`)
      .sort()
      .join(' ') || 'none'
  const fromSitemap = new Map(
    [...entry.alternates].map(([lang, url]) => {
      const kind = classifyUrl(url, '/', site.origin)
      return [lang, kind.kind === 'internal' ? kind.path : url]
    }),
  )
  const fromPage = new Map(
    page.doc.alternates.map((a) => [a.hreflang, internalPath(a.link, page, site) ?? a.link.url]),
  )
  if (show(fromSitemap) === show(fromPage)) return undefined
  return `alternates of ${page.path} differ from the page's hreflang links (sitemap: ${show(fromSitemap)}; page: ${show(fromPage)})`
}
