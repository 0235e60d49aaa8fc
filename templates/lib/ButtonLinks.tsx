import type { Link } from '../content.ts'
import { useSite } from './SiteContext.tsx'

/** Content links shown as buttons; downloads and external links say so. */
export function ButtonLinks({ links }: { links?: Link[] }) {
  const { href, fill, t } = useSite()
  if (!links?.length) return null
  return (
    <p className="buttons">
      {links.map((l) => {
        const target = href(l.href)
        const external = /^https?:/.test(target)
        return (
          <a
            key={l.label + l.href}
            className={`button button-${l.style ?? 'primary'}`}
            href={target}
            {...(l.download ? { download: '' } : {})}
            {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {fill(l.label)}
            {external ? <span className="visually-hidden"> {t('common.newWindow')}</span> : null}
          </a>
        )
      })}
    </p>
  )
}
