import type { BlockOf } from '../content.ts'
import TypedWordIsland from '../islands/TypedWord.tsx'
import { ButtonLinks } from '../lib/ButtonLinks.tsx'
import { ImagePreload } from '../lib/ImagePreload.tsx'
import { Island } from '../lib/Island.tsx'
import { Picture } from '../lib/Picture.tsx'
import { useSite } from '../lib/SiteContext.tsx'

/**
 * Home banner. The two images cross-fade in CSS only (home.css), timed by custom properties
 * from site.timing; the h1 reads the same to screen readers while the visible word is typed.
 */
export function Hero({ block }: { block: BlockOf<'hero'> }) {
  const { fill, site, sized } = useSite()
  const [first] = block.images
  // The timing reaches the CSS as custom properties set by PageStyle (no style attribute: CSP).
  return (
    <section id={block.id} className="hero">
      <div className="hero-images">
        {first ? <ImagePreload image={sized(first)} sizes="100vw" /> : null}
        {block.images.map((image, i) => (
          <Picture
            key={image.src}
            className={`hero-image hero-image-${i + 1}`}
            image={sized(image)}
            sizes="100vw"
            priority={i === 0}
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
