import type { BlockOf } from '../content.ts'
import { SocialLinks } from '../layout/SocialLinks.tsx'
import { addressLines } from '../lib/address.ts'
import { Paragraphs } from '../lib/RichText.tsx'
import { useSite } from '../lib/SiteContext.tsx'

/** The factory and the offices, each with a Direction link; then phone, e-mail, social links. */
export function Locations({ block }: { block: BlockOf<'locations'> }) {
  const { site, fill, t } = useSite()
  const byId = new Map(site.addresses.map((a) => [a.id, a]))
  const ids =
    block.addresses ??
    [...site.addresses]
      .sort((a, b) => Number(b.id === 'factory') - Number(a.id === 'factory'))
      .map((a) => a.id)
  const addresses = ids.map((id) => {
    const address = byId.get(id)
    if (!address) throw new Error(`Unknown address "${id}" (content/site.yaml addresses)`)
    return address
  })
  const HeadingTag = block.heading ? 'h3' : 'h2'
  return (
    <section id={block.id} className="block locations tone-muted">
      <div className="container">
        {block.heading ? <h2>{fill(block.heading)}</h2> : null}
        <Paragraphs items={block.intro} />
        <ul className="card-grid cols-3 location-list">
          {addresses.map((a) => (
            <li key={a.id} className="card location">
              <HeadingTag>{t(a.label)}</HeadingTag>
              <address>
                {addressLines(a, t('address.country')).map((line) => (
                  <span key={line}>
                    {line}
                    <br />
                  </span>
                ))}
              </address>
              <p>
                <a
                  className="location-direction"
                  href={a.mapUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('address.direction')}
                  <span className="visually-hidden">{` – ${t(a.label)} ${t('common.newWindow')}`}</span>
                </a>
              </p>
            </li>
          ))}
          <li className="card location location-general">
            <HeadingTag>{t('form.locations.general')}</HeadingTag>
            <dl className="contact-means">
              <dt>{t('form.locations.phone')}</dt>
              <dd>
                <a href={`tel:${site.contact.phone.replace(/\s+/g, '')}`}>{site.contact.phone}</a>
              </dd>
              <dt>{t('form.locations.email')}</dt>
              <dd>
                <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>
              </dd>
            </dl>
            <p className="location-follow">{t('form.locations.follow')}</p>
            <SocialLinks />
          </li>
        </ul>
      </div>
    </section>
  )
}
