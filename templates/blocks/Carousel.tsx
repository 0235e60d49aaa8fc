import type { BlockOf } from '../content.ts'
import { ButtonLinks } from '../lib/ButtonLinks.tsx'
import { logoImages } from '../lib/logos.ts'
import { Paragraphs } from '../lib/RichText.tsx'
import { useSite } from '../lib/SiteContext.tsx'
import { ImageCarousel } from './ImageCarousel.tsx'

export function Carousel({ block }: { block: BlockOf<'carousel'> }) {
  const { fill, data, page, t } = useSite()
  const images = block.logos ? logoImages(data, block.logos, block.limit) : block.images
  if (!images) throw new Error('A carousel block needs `images` or `logos`')
  const label = fill(block.heading ?? page.title)
  // A <section> without a heading is an untitled outline entry (Nu checker warning): a
  // carousel without a heading is a plain block, named by its carousel's own label.
  const Tag = block.heading ? 'section' : 'div'
  return (
    <Tag id={block.id} className={`block carousel-block tone-${block.tone ?? 'plain'}`}>
      <div className="container">
        {block.heading ? <h2>{label}</h2> : null}
        <Paragraphs items={block.intro} />
        <ImageCarousel
          label={block.heading ? label : t('homeNews.carousel.imagesOf', { title: label })}
          images={images}
          perView={block.perView ?? 1}
          variant={block.logos ? 'logo' : 'photo'}
          autoplay={block.autoplay}
        />
        <ButtonLinks links={block.buttons} />
      </div>
    </Tag>
  )
}
