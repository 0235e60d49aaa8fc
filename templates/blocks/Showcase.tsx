import type { BlockOf } from '../content.ts'
import { BulletList, Paragraphs } from '../lib/RichText.tsx'
import { useSite } from '../lib/SiteContext.tsx'
import { ImageCarousel } from './ImageCarousel.tsx'

/** Text blocks each beside an image carousel: fields of expertise, About. */
export function Showcase({ block }: { block: BlockOf<'showcase'> }) {
  const { fill, href, t } = useSite()
  const Title = block.heading ? 'h3' : 'h2'
  const layout = block.layout ?? 'grid'
  return (
    <section id={block.id} className={`block showcase tone-${block.tone ?? 'plain'}`}>
      <div className="container">
        {block.heading ? <h2>{fill(block.heading)}</h2> : null}
        <Paragraphs items={block.intro} />
        <ul className={`showcase-list showcase-${layout}`}>
          {block.items.map((item) => {
            const title = fill(item.title)
            return (
              <li key={item.id} id={item.id} className="showcase-item">
                <div className="showcase-text">
                  <Title>{title}</Title>
                  <Paragraphs items={item.paragraphs} />
                  <BulletList items={item.list} />
                  {item.links ? (
                    <p className="buttons">
                      {item.links.map((l) => (
                        <a
                          key={l.href}
                          className={`button button-${l.style ?? 'primary'}`}
                          href={href(l.href)}
                        >
                          {fill(l.label)}
                          {/* Several blocks say "Read more": the hidden part tells them apart. */}
                          <span className="visually-hidden"> ({title})</span>
                        </a>
                      ))}
                    </p>
                  ) : null}
                </div>
                <ImageCarousel
                  className="showcase-media"
                  label={t('homeNews.carousel.imagesOf', { title })}
                  images={item.images}
                />
              </li>
            )
          })}
        </ul>
      </div>
    </section>
  )
}
