import { useSite } from '../lib/SiteContext.tsx'
import { breadcrumbTrail } from '../lib/siteModel.ts'

export function Breadcrumb() {
  const { routes, route, lang, t, pagesOfLang, fill } = useSite()
  const trail =
    route.template === 'notFound' ? [routes.routes[0], route] : breadcrumbTrail(routes, route)
  return (
    <nav className="breadcrumb" aria-label={t('breadcrumb.label')}>
      <ol>
        {trail.map((r, i) => {
          if (!r) return null
          const label =
            r.id === 'home' ? t('breadcrumb.home') : fill(pagesOfLang[r.id]?.title ?? r.id)
          const last = i === trail.length - 1
          return (
            <li key={r.id}>
              {last ? <span aria-current="page">{label}</span> : <a href={r[lang].path}>{label}</a>}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
