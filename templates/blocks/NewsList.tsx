import type { BlockOf } from '../content.ts'
import { NewsMeta } from '../lib/NewsMeta.tsx'
import { joinNews, newsFactsOf } from '../lib/newsItems.ts'
import { Paragraphs } from '../lib/RichText.tsx'
import { useSite } from '../lib/SiteContext.tsx'
import { ImageCarousel } from './ImageCarousel.tsx'

const DEFAULT_FOLLOW = ['facebook', 'linkedin']

/** The news page: articles in a grid, title and category as plain text (they link nowhere). */
export function NewsList({ block }: { block: BlockOf<'newsList'> }) {
  const { fill, t, site, data } = useSite()
  const Title = block.heading ? 'h3' : 'h2'
  const follow = site.social.filter((s) => (block.follow ?? DEFAULT_FOLLOW).includes(s.network))
  // Without a heading the block is no outline section of its own (Nu checker warning).
  const Tag = block.heading ? 'section' : 'div'
  return (
    <Tag id={block.id} className="block news-block">
      <div className="container">
        {block.heading ? <h2>{fill(block.heading)}</h2> : null}
        <ul className="news-grid">
          {joinNews(block.items, newsFactsOf(data)).map((item) => {
            const title = fill(item.title)
            return (
              <li key={item.id}>
                <article id={item.id} className="news-article" aria-labelledby={`${item.id}-title`}>
                  <Title id={`${item.id}-title`} className="news-title">
                    {title}
                  </Title>
                  <NewsMeta item={item} />
                  <ImageCarousel
                    className="news-media"
                    label={t('homeNews.carousel.imagesOf', { title })}
                    images={item.images}
                  />
                  <div className="news-body">
                    <Paragraphs items={item.paragraphs} />
                  </div>
                  {follow.length ? (
                    <p className="news-follow">
                      <span>{t('homeNews.news.followUs')}</span>
                      {follow.map((s) => (
                        <a key={s.network} href={s.url} target="_blank" rel="noopener noreferrer">
                          {t(`social.${s.network}`)}
                          <span className="visually-hidden"> {t('common.newWindow')}</span>
                        </a>
                      ))}
                    </p>
                  ) : null}
                </article>
              </li>
            )
          })}
        </ul>
      </div>
    </Tag>
  )
}
