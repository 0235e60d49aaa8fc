import type { BlockOf } from '../content.ts'
import TypedWordIsland from '../islands/TypedWord.tsx'
import { ButtonLinks } from '../lib/ButtonLinks.tsx'
import { Island } from '../lib/Island.tsx'
import { useSite } from '../lib/SiteContext.tsx'

/**
 * Home banner. The two images cross-fade in CSS only (home.css), timed by custom properties
 * from site.timing; the h1 reads the same to screen readers while the visible word is typed.
 */
export function Hero({ block }: { block: BlockOf<'hero'> }) {
  const { fill, site } = useSite()
  // The timing reaches the CSS as custom properties set by PageStyle (no style attribute: CSP).
  return (
    <section id={block.id} className="hero">
      <div className="hero-images">
        {block.images.map((image, i) => (
          <img
            key={image.src}
            className={`hero-image hero-image-${i + 1}`}
            src={image.src}
            alt={image.alt}
            {...(i === 0 ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
          />
        ))}
      </div>
      <div className="container hero-content">
        <h1 className="hero-heading">
          <span className="visually-hidden">{fill(block.heading)}</span>
          <span aria-hidden="true">
            {fill(block.lead)}{' '}
            <Island
              name="TypedWord"
              as="span"
              component={TypedWordIsland}
              props={{ words: block.words.map(fill), periodMs: site.timing.typedWordMs }}
            />
          </span>
        </h1>
        {block.tagline ? <p className="hero-tagline">{fill(block.tagline)}</p> : null}
        <ButtonLinks links={block.buttons} />
      </div>
    </section>
  )
}
