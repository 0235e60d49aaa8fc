import { useId } from 'react'
import type { BlockOf } from '../content.ts'
import { Paragraphs, RichText } from '../lib/RichText.tsx'
import { useSite } from '../lib/SiteContext.tsx'

/** A signed statement with a highlighted box beside it (below it on small screens). */
export function SideBox({ block }: { block: BlockOf<'sideBox'> }) {
  const { fill } = useSite()
  const boxHeadingId = `${useId()}box`
  return (
    <section id={block.id} className="block side-box-block">
      <div className="container side-box-layout">
        <div className="prose">
          {block.subheading ? <p className="eyebrow">{fill(block.subheading)}</p> : null}
          <h2>{fill(block.heading)}</h2>
          <Paragraphs items={block.paragraphs} />
          {block.signature ? (
            <p className="signature">
              {block.signature.name ? (
                <>
                  <strong>{fill(block.signature.name)}</strong>
                  <br />
                </>
              ) : null}
              {fill(block.signature.role)}
            </p>
          ) : null}
        </div>
        <section className="side-box" aria-labelledby={boxHeadingId}>
          <h3 id={boxHeadingId}>{fill(block.box.heading)}</h3>
          <ul>
            {block.box.items.map((item) => (
              <li key={item.title}>
                <strong>{fill(item.title)}</strong>
                <br />
                <RichText text={item.text} />
              </li>
            ))}
          </ul>
        </section>
      </div>
    </section>
  )
}
