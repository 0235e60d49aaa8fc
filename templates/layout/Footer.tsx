import { useSite } from '../lib/SiteContext.tsx'
import { pathOf } from '../lib/siteModel.ts'
import { SocialLinks } from './SocialLinks.tsx'

const NAVIGATE = ['home', 'services', 'products', 'contact'] as const
const USEFUL = ['news', 'careers', 'faqs', 'privacy'] as const

export function Footer() {
  const { site, routes, lang, t, facts } = useSite()
  const link = (id: string) => (
    <li key={id}>
      <a href={pathOf(routes, id, lang)}>{t(`nav.${id}`)}</a>
    </li>
  )
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="footer-title">
            {site.company.name}
          </h2>
          <p>{t('footer.blurb', { year: facts.company?.founded })}</p>
          <SocialLinks />
        </section>
        <nav aria-labelledby="footer-navigate">
          <h2 id="footer-navigate" className="footer-title">
            {t('footer.navigate')}
          </h2>
          <ul>{NAVIGATE.map(link)}</ul>
        </nav>
        <nav aria-labelledby="footer-useful">
          <h2 id="footer-useful" className="footer-title">
            {t('footer.usefulLinks')}
          </h2>
          <ul>{USEFUL.map(link)}</ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="footer-title">
            {t('footer.contact')}
          </h2>
          {site.addresses
            .filter((a) => a.inFooter)
            .map((a) => (
              <address key={a.id}>
                <strong>{t(a.label)}</strong>
                <br />
                {[...a.lines, t('address.country')].join(', ')}
              </address>
            ))}
          <p>
            <a href={`tel:${site.contact.phone.replace(/\s+/g, '')}`}>{site.contact.phone}</a>
            <br />
            <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>
          </p>
        </section>
      </div>
      <p className="copyright">
        {t('footer.rights', { year: site.copyrightYear, company: site.company.name })}
      </p>
    </footer>
  )
}
