import type { BlockOf } from '../content.ts'
import { BulletList, Paragraphs } from '../lib/RichText.tsx'
import { useSite } from '../lib/SiteContext.tsx'

/** Native <details>: opens with a click, Enter or Space, and reads fine with JavaScript off. */
export function Accordion({ block }: { block: BlockOf<'accordion'> }) {
  const { fill } = useSite()
  return (
    <section id={block.id} className="block accordion-block">
      <div className="container">
        {block.heading ? <h2>{fill(block.heading)}</h2> : null}
        <Paragraphs items={block.intro} />
        <div className="accordion">
          {block.items.map((item, i) => (
            <details
              key={item.id}
              id={item.id}
              className="accordion-item"
              open={block.openFirst === true && i === 0}
            >
              <summary>{fill(item.title)}</summary>
              <div className="accordion-body">
                <Paragraphs items={item.paragraphs} />
                <BulletList items={item.list} />
                <Paragraphs items={item.after} />
              </div>
            </details>
          ))}
        </div>
      </div>
    </section>
  )
}
