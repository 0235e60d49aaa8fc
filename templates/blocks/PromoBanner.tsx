import type { BlockOf } from '../content.ts'
import { ButtonLinks } from '../lib/ButtonLinks.tsx'
import { LeadPicture } from '../lib/LeadPicture.tsx'
import { SPLIT_SIZES } from '../lib/Picture.tsx'
import { Paragraphs } from '../lib/RichText.tsx'
import { useSite } from '../lib/SiteContext.tsx'

/** A wide promotional strip; `lang` marks text written in the other language. */
export function PromoBanner({ block }: { block: BlockOf<'promoBanner'> }) {
  const { fill, lang, sized } = useSite()
  return (
    <section
      id={block.id}
      className="block promo-banner"
      lang={block.lang && block.lang !== lang ? block.lang : undefined}
    >
      <div className={`container${block.image ? ' split' : ''}`}>
        <div className="prose">
          <h2>{fill(block.heading)}</h2>
          <Paragraphs items={block.paragraphs} />
          <ButtonLinks links={block.buttons} />
        </div>
        {block.image ? (
          <LeadPicture className="section-image" image={sized(block.image)} sizes={SPLIT_SIZES} />
        ) : null}
      </div>
    </section>
  )
}
