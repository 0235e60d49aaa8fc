import type { Image, PageContent, Route, RouteTable, SiteData, SiteSettings } from '../content.ts'
import type { Lang } from '../lib/languages.ts'
import { LANGS, otherLang } from './languages.ts'
import type { ImageInfo, SizedImage } from './picture.ts'

/** Everything a page template needs, computed once per rendered URL (server side). */
export type PageModel = {
  lang: Lang
  route: Route
  /** The path this document is served at (a canonical path or an alias). */
  urlPath: string
  page: PageContent
  site: SiteSettings
  routes: RouteTable
  /** content/data/<name>.yaml by name (language-neutral). */
  data: SiteData
  facts: Record<string, Record<string, number | string>>
  /** Pages of the same language, for blocks that quote another page (latest news). */
  pagesOfLang: Record<string, PageContent>
  translations: Record<string, unknown>
  /** Intrinsic size and variants of an image under public/ (undefined if unreadable). */
  imageInfo: (src: string) => ImageInfo | undefined
}

/** An image of the content with its size and variants, for <Picture>. */
export const sizedImage = (model: Pick<PageModel, 'imageInfo'>, image: Image): SizedImage => ({
  ...image,
  ...model.imageInfo(image.src),
})

export { otherLang }

/** The route of page `id`, or undefined when the route table has none. */
export function findRoute(routes: RouteTable, id: string): Route | undefined {
  return routes.routes.find((x) => x.id === id)
}

export function routeById(routes: RouteTable, id: string): Route {
  const r = findRoute(routes, id)
  if (!r) throw new Error(`Unknown page id "${id}"`)
  return r
}

export function pathOf(routes: RouteTable, id: string, lang: Lang): string {
  return routeById(routes, id)[lang].path
}

/** page:<id>[#fragment] -> the page's path in `lang`; other links unchanged. */
export function resolveHref(routes: RouteTable, href: string, lang: Lang): string {
  const m = /^page:([^#]+)(#.*)?$/.exec(href)
  if (!m) return href
  return pathOf(routes, m[1] ?? '', lang) + (m[2] ?? '')
}

export type PathMatch = { route: Route; lang: Lang; isAlias: boolean }

/** Finds the page served at a path (canonical or alias), exactly as written: paths are case-sensitive. */
export function matchPath(routes: RouteTable, path: string): PathMatch | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path
  for (const route of routes.routes)
    for (const lang of LANGS) {
      if (route[lang].path === clean) return { route, lang, isAlias: false }
      if (route[lang].aliases?.includes(clean)) return { route, lang, isAlias: true }
    }
  return undefined
}

/** Every path that gets its own HTML file: canonical paths and aliases of every page. */
export function allPagePaths(routes: RouteTable): string[] {
  return routes.routes.flatMap((r) => LANGS.flatMap((l) => [r[l].path, ...(r[l].aliases ?? [])]))
}

export function languageOfPath(path: string): Lang {
  return path === '/en' || path.startsWith('/en/') || path.startsWith('/en_') ? 'en' : 'fr'
}

/** Breadcrumb trail: home, the parents, then the page. */
export function breadcrumbTrail(routes: RouteTable, route: Route): Route[] {
  const trail: Route[] = []
  let current: Route | undefined = route
  while (current) {
    trail.unshift(current)
    current = current.parent ? routeById(routes, current.parent) : undefined
  }
  if (trail[0]?.id !== 'home') trail.unshift(routeById(routes, 'home'))
  return trail
}
