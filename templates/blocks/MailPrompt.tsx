import type { BlockOf } from '../content.ts'
import { ButtonLinks } from '../lib/ButtonLinks.tsx'
import { RichText } from '../lib/RichText.tsx'
import { useSite } from '../lib/SiteContext.tsx'

/** A sentence ending with a mail link to an address of content/site.yaml, and buttons. */
export function MailPrompt({ block }: { block: BlockOf<'mailPrompt'> }) {
  const { fill, site } = useSite()
  const address = site.contact[block.address]
  return (
    <section id={block.id} className={`block mail-prompt tone-${block.tone ?? 'muted'}`}>
      <div className="container">
        {block.heading ? <h2>{fill(block.heading)}</h2> : null}
        <p>
          <RichText text={block.text} /> <a href={`mailto:${address}`}>{address}</a>
          {block.after ? fill(block.after) : null}
        </p>
        <ButtonLinks links={block.buttons} />
      </div>
    </section>
  )
}
