import type { BlockOf } from '../content.ts'
import { ButtonLinks } from '../lib/ButtonLinks.tsx'
import { NewsMeta } from '../lib/NewsMeta.tsx'
import { newsItemsOf } from '../lib/newsItems.ts'
import { CARD_SIZES, Picture } from '../lib/Picture.tsx'
import { Paragraphs } from '../lib/RichText.tsx'
import { useSite } from '../lib/SiteContext.tsx'

/** Cards for the first articles of the news page in the same language, linking to each one. */
export function LatestNews({ block }: { block: BlockOf<'latestNews'> }) {
  const { fill, href, pagesOfLang, data, sized } = useSite()
  const pageId = block.page ?? 'news'
  const items = newsItemsOf(pagesOfLang[pageId], data).slice(0, block.count ?? 4)
  if (items.length === 0) throw new Error(`latestNews: page "${pageId}" has no newsList block`)
  return (
    <section id={block.id} className="block latest-news tone-muted">
      <div className="container">
        <h2>{fill(block.heading)}</h2>
        <Paragraphs items={block.intro} />
        <ul className="card-grid cols-4 news-cards">
          {items.map((item) => {
            const [image] = item.images
            return (
              <li key={item.id} className="card news-card">
                <h3 className="news-card-title">
                  <a href={href(`page:${pageId}#${item.id}`)}>{fill(item.title)}</a>
                </h3>
                <NewsMeta item={item} />
                {image ? (
                  <Picture className="news-card-image" image={sized(image)} sizes={CARD_SIZES} />
                ) : null}
              </li>
            )
          })}
        </ul>
        <ButtonLinks links={block.buttons} />
      </div>
    </section>
  )
}
