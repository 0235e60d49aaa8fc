import type { BlockOf } from '../content.ts'
import GalleryIsland from '../islands/Gallery.tsx'
import { Island } from '../lib/Island.tsx'
import { Paragraphs } from '../lib/RichText.tsx'
import { useSite } from '../lib/SiteContext.tsx'

export function Gallery({ block }: { block: BlockOf<'gallery'> }) {
  const { fill, t, sized } = useSite()
  const items = block.items.map((item) => {
    const image = sized({ src: item.image.src, alt: fill(item.image.alt) })
    return {
      id: item.id,
      image,
      large: item.large ? sized({ src: item.large, alt: image.alt }) : image,
      caption: fill(item.caption),
    }
  })
  return (
    <section id={block.id} className={`block gallery-block tone-${block.tone ?? 'plain'}`}>
      <div className="container">
        {block.heading ? <h2>{fill(block.heading)}</h2> : null}
        <Paragraphs items={block.intro} />
        <Island
          name="Gallery"
          component={GalleryIsland}
          props={{
            items,
            enlargeLabel: t('catalogue.gallery.enlarge'),
            closeLabel: t('common.close'),
          }}
        />
      </div>
    </section>
  )
}
