import { breadcrumbOf } from '../lib/breadcrumb.ts'
import { useSite } from '../lib/SiteContext.tsx'

export function Breadcrumb() {
  const site = useSite()
  const trail = breadcrumbOf(site)
  return (
    <nav className="breadcrumb" aria-label={site.t('breadcrumb.label')}>
      <ol>
        {trail.map((c, i) => (
          <li key={c.id}>
            {i === trail.length - 1 ? (
              <span aria-current="page">{c.label}</span>
            ) : (
              <a href={c.path}>{c.label}</a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
