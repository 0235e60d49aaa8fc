import type { BlockOf } from '../content.ts'
import { BulletList, Paragraphs } from '../lib/RichText.tsx'
import { useSite } from '../lib/SiteContext.tsx'

/** End-of-studies project offers, one <details> each: code and title in the summary. */
export function PfeOffers({ block }: { block: BlockOf<'pfeOffers'> }) {
  const { fill, t } = useSite()
  return (
    <section id={block.id} className="block accordion-block">
      <div className="container">
        {block.heading ? <h2>{fill(block.heading)}</h2> : null}
        <Paragraphs items={block.intro} />
        <div className="accordion">
          {block.offers.map((offer, i) => (
            <details
              key={offer.code}
              id={offer.code.toLowerCase()}
              className="accordion-item pfe-offer"
              open={block.openFirst === true && i === 0}
            >
              <summary>
                <span className="pfe-code">{offer.code}</span> {fill(offer.title)}
              </summary>
              <dl className="accordion-body pfe-fields">
                <dt>{t('companyPages.pfe.code')}</dt>
                <dd>{offer.code}</dd>
                <dt>{t('companyPages.pfe.department')}</dt>
                <dd>{fill(offer.department)}</dd>
                <dt>{t('companyPages.pfe.objective')}</dt>
                <dd>
                  <Paragraphs items={offer.objective} />
                </dd>
                <dt>{t('companyPages.pfe.applicationObjectives')}</dt>
                <dd>
                  <BulletList items={offer.applicationObjectives} />
                </dd>
                <dt>{t('companyPages.pfe.functionalPart')}</dt>
                <dd>
                  <BulletList items={offer.functionalPart} />
                </dd>
              </dl>
            </details>
          ))}
        </div>
      </div>
    </section>
  )
}
