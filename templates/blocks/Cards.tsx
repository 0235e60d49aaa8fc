import type { BlockOf } from '../content.ts'
import { ButtonLinks } from '../lib/ButtonLinks.tsx'
import { CARD_SIZES, Picture } from '../lib/Picture.tsx'
import { BulletList, Paragraphs } from '../lib/RichText.tsx'
import { useSite } from '../lib/SiteContext.tsx'

export function Cards({ block }: { block: BlockOf<'cards'> }) {
  const { fill, sized } = useSite()
  const HeadingTag = block.heading ? 'h3' : 'h2'
  return (
    <section id={block.id} className="block cards">
      <div className="container">
        {block.heading ? <h2>{fill(block.heading)}</h2> : null}
        <Paragraphs items={block.intro} />
        <ul className={`card-grid cols-${block.columns ?? 3}`}>
          {block.items.map((card, i) => (
            <li key={card.id} id={card.id} className="card">
              {card.image ? <Picture image={sized(card.image)} sizes={CARD_SIZES} /> : null}
              <HeadingTag>
                {block.numbered ? (
                  <span className="card-number">{String(i + 1).padStart(2, '0')} </span>
                ) : null}
                {fill(card.title)}
              </HeadingTag>
              <Paragraphs items={card.paragraphs} />
              <BulletList items={card.list} />
              <ButtonLinks links={card.links} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
