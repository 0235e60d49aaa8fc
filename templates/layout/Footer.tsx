import { addressLines } from '../lib/address.ts'
import { FOOTER_NAVIGATE, FOOTER_USEFUL, framePages } from '../lib/framePages.ts'
import { useSite } from '../lib/SiteContext.tsx'
import { SocialLinks } from './SocialLinks.tsx'

export function Footer() {
  const { site, routes, lang, t, facts } = useSite()
  const links = (ids: readonly string[]) =>
    framePages(routes, ids, lang).map(({ id, path }) => (
      <li key={id}>
        <a href={path}>{t(`nav.${id}`)}</a>
      </li>
    ))
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
          <ul>{links(FOOTER_NAVIGATE)}</ul>
        </nav>
        <nav aria-labelledby="footer-useful">
          <h2 id="footer-useful" className="footer-title">
            {t('footer.usefulLinks')}
          </h2>
          <ul>{links(FOOTER_USEFUL)}</ul>
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
                {addressLines(a, t('address.country')).join(', ')}
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
