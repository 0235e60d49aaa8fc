import type { BlockOf } from '../content.ts'
import { Paragraphs } from '../lib/RichText.tsx'
import { useSite } from '../lib/SiteContext.tsx'

const digits = (phone: string) => phone.replace(/[^0-9+]/g, '')

/** Contact cards of the sales experts: role, phone, WhatsApp, e-mail, LinkedIn. */
export function SalesContacts({ block }: { block: BlockOf<'salesContacts'> }) {
  const { data, fill, t } = useSite()
  const people = data.contacts.people
  const HeadingTag = block.heading ? 'h3' : 'h2'
  return (
    <section id={block.id} className="block sales-contacts">
      <div className="container">
        {block.heading ? <h2>{fill(block.heading)}</h2> : null}
        <Paragraphs items={block.intro} />
        <ul className={`card-grid cols-${block.columns ?? 4}`}>
          {block.items.map((item) => {
            const person = people.find((p) => p.id === item.contact)
            if (!person)
              throw new Error(`Unknown contact "${item.contact}" (content/data/contacts.yaml)`)
            return (
              <li key={person.id} className="card contact-card">
                <HeadingTag>{person.name}</HeadingTag>
                <p className="contact-role">{fill(item.role)}</p>
                <dl className="contact-means">
                  <dt>{t('form.card.phone')}</dt>
                  <dd>
                    <a href={`tel:${digits(person.phone)}`}>{person.phone}</a>
                  </dd>
                  {person.whatsapp ? (
                    <>
                      <dt>{t('form.card.whatsapp')}</dt>
                      <dd>
                        <a
                          href={`https://wa.me/${digits(person.whatsapp).replace('+', '')}`}
                          target="_blank"
                          rel="noopener noreferrer"
                        >
                          {person.whatsapp}
                          <span className="visually-hidden"> {t('common.newWindow')}</span>
                        </a>
                      </dd>
                    </>
                  ) : null}
                  <dt>{t('form.card.email')}</dt>
                  <dd>
                    <a href={`mailto:${person.email}`}>
                      {/* A narrow card breaks the address after the @, not inside a word. */}
                      {person.email.split('@')[0]}@<wbr />
                      {person.email.split('@')[1]}
                    </a>
                  </dd>
                </dl>
                {person.linkedin ? (
                  <p className="contact-linkedin">
                    <a href={person.linkedin} target="_blank" rel="noopener noreferrer">
                      {t('form.card.linkedin', { name: person.name })}
                      <span className="visually-hidden"> {t('common.newWindow')}</span>
                    </a>
                  </p>
                ) : null}
              </li>
            )
          })}
        </ul>
      </div>
    </section>
  )
}
