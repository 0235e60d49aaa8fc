// The breadcrumb of a page, computed once for the two places that show it: the visible trail in
// the banner (layout/Breadcrumb.tsx) and the BreadcrumbList search engines read
// (lib/structuredData.ts), so the two cannot say different things.
import type { SiteContextValue } from './SiteContext.tsx'
import { breadcrumbTrail } from './siteModel.ts'

export type Crumb = { id: string; label: string; path: string }

type Context = Pick<SiteContextValue, 'routes' | 'route' | 'lang' | 't' | 'pagesOfLang' | 'fill'>

/** Home first, the page last; a not-found page is home then itself. */
export function breadcrumbOf({ routes, route, lang, t, pagesOfLang, fill }: Context): Crumb[] {
  const trail =
    route.template === 'notFound' ? [routes.routes[0], route] : breadcrumbTrail(routes, route)
  return trail.flatMap((r) =>
    r
      ? [
          {
            id: r.id,
            label: r.id === 'home' ? t('breadcrumb.home') : fill(pagesOfLang[r.id]?.title ?? r.id),
            path: r[lang].path,
          },
        ]
      : [],
  )
}
