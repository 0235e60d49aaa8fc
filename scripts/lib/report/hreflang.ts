// hreflang pairs: a page's alternate in the other language must name the page back, or search
// engines ignore the pair.
import type { Finding } from './findings.ts'
import { error } from './findings.ts'
import type { LinkRef } from './html.ts'
import { classifyUrl } from './links.ts'
import type { BuiltPage, SiteIndex } from './site.ts'

/** The internal path a head link points to (undefined for an external or odd URL). */
export function internalPath(link: LinkRef, page: BuiltPage, site: SiteIndex): string | undefined {
  const kind = classifyUrl(link.url, page.path, site.origin)
  return kind.kind === 'internal' ? kind.path : undefined
}

/** A page served at its own canonical URL and open to search engines (not an alias, not a 404). */
export function isIndexablePage(page: BuiltPage, site: SiteIndex): boolean {
  const canonical = page.doc.canonical
  return !page.doc.noindex && !!canonical && internalPath(canonical, page, site) === page.path
}

export function checkHreflang(pages: BuiltPage[], site: SiteIndex): Finding[] {
  const byPath = new Map(pages.map((p) => [p.path, p]))
  const out: Finding[] = []
  for (const page of pages) {
    if (!isIndexablePage(page, site)) continue
    const lang = page.doc.lang ?? ''
    const at = (link: LinkRef | undefined) => ({
      file: page.label,
      ...page.positionOf(link?.offset ?? 0),
    })
    const self = page.doc.alternates.find((a) => a.hreflang === lang)
    const selfPath = self && internalPath(self.link, page, site)
    if (selfPath !== page.path)
      out.push(
        error(
          'hreflang',
          at(self?.link ?? page.doc.canonical),
          self
            ? `hreflang="${lang}" should name this page (${page.path}), not ${selfPath ?? self.link.url}`
            : `no hreflang="${lang}" link naming this page`,
        ),
      )
    for (const alt of page.doc.alternates) {
      if (alt.hreflang === lang || alt.hreflang === 'x-default') continue
      const targetPath = internalPath(alt.link, page, site)
      const target = targetPath === undefined ? undefined : byPath.get(targetPath)
      if (!target) continue // a broken alternate is a broken link, reported there
      const back = target.doc.alternates.find((a) => a.hreflang === lang)
      const backPath = back && internalPath(back.link, target, site)
      if (backPath === page.path) continue
      out.push(
        error(
          'hreflang',
          at(alt.link),
          back
            ? `hreflang="${alt.hreflang}" names ${targetPath}, whose hreflang="${lang}" names ${backPath ?? back.link.url}, not ${page.path}`
            : `hreflang="${alt.hreflang}" names ${targetPath}, which has no hreflang="${lang}" link back`,
        ),
      )
    }
  }
  return out
}
