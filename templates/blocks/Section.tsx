import type { BlockOf } from '../content.ts'
import { ButtonLinks } from '../lib/ButtonLinks.tsx'
import { LeadPicture } from '../lib/LeadPicture.tsx'
import { SPLIT_SIZES } from '../lib/Picture.tsx'
import { BulletList, Paragraphs } from '../lib/RichText.tsx'
import { useSite } from '../lib/SiteContext.tsx'

export function Section({ block }: { block: BlockOf<'section'> }) {
  const { fill, sized } = useSite()
  const withImage = Boolean(block.image)
  return (
    <section id={block.id} className={`block section tone-${block.tone ?? 'plain'}`}>
      <div className={`container${withImage ? ` split image-${block.imageSide ?? 'right'}` : ''}`}>
        <div className="prose">
          {block.subheading ? <p className="eyebrow">{fill(block.subheading)}</p> : null}
          {block.heading ? <h2>{fill(block.heading)}</h2> : null}
          <Paragraphs items={block.paragraphs} />
          <BulletList items={block.list} />
          <ButtonLinks links={block.buttons} />
        </div>
        {block.image ? (
          <LeadPicture className="section-image" image={sized(block.image)} sizes={SPLIT_SIZES} />
        ) : null}
      </div>
    </section>
  )
}
