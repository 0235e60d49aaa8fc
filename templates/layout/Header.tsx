import { framePages, HEADER_EXTRAS } from '../lib/framePages.ts'
import { useSite } from '../lib/SiteContext.tsx'
import { otherLang, pathOf } from '../lib/siteModel.ts'
import { HeaderSearch } from './HeaderSearch.tsx'
import { MainMenu } from './MainMenu.tsx'
import { SocialLinks } from './SocialLinks.tsx'

export function Header() {
  const { site, routes, lang, route, t } = useSite()
  const other = otherLang(lang)
  const tel = site.contact.phone.replace(/\s+/g, '')
  return (
    <header id="top" className="site-header">
      <div className="topbar">
        <div className="container topbar-inner">
          <ul className="topbar-contact" aria-label={t('topbar.label')}>
            <li>
              <a
                href={`mailto:${site.contact.email}`}
                aria-label={t('topbar.mail', { email: site.contact.email })}
              >
                <span aria-hidden="true">✉</span>
                <span className="topbar-text">{site.contact.email}</span>
              </a>
            </li>
            <li>
              <a href={`tel:${tel}`} aria-label={t('topbar.phone', { phone: site.contact.phone })}>
                <span aria-hidden="true">☎</span>
                <span className="topbar-text">{site.contact.phone}</span>
              </a>
            </li>
            {/* On a phone these move into the menu (MainMenu). */}
            {framePages(routes, HEADER_EXTRAS, lang).map(({ id, path }) => (
              <li key={id} className="topbar-extra">
                <a href={path}>{t(`nav.${id}`)}</a>
              </li>
            ))}
          </ul>
          <SocialLinks className="topbar-social" />
          <HeaderSearch />
          <a
            className="lang-switch"
            href={route.template === 'notFound' ? pathOf(routes, 'home', other) : route[other].path}
            hrefLang={other}
            lang={other}
            aria-label={t('topbar.switchLanguageLabel')}
          >
            {t('topbar.switchLanguage')}
          </a>
        </div>
      </div>
      <div className="container header-main">
        <a className="logo" href={pathOf(routes, 'home', lang)}>
          <img
            src={site.company.logo}
            alt={`${site.company.name} – ${t('nav.home')}`}
            width="180"
            height="60"
          />
        </a>
        <MainMenu />
      </div>
    </header>
  )
}
