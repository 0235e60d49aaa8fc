// A news article is written in two places: its language-neutral facts (category, date,
// images, order) once in content/data/news.yaml, its words per language in the newsList block
// of content/<lang>/news.yaml under the same id. The templates see them joined.
import type { BlockOf, Image, NewsData, PageContent, SiteData } from '../content.ts'

/** One article of content/data/news.yaml (type generated from schemas/data/news.schema.json). */
export type NewsFacts = Omit<NewsData['articles'][number], 'images'> & { images: string[] }
export type NewsWords = BlockOf<'newsList'>['items'][number]
export type NewsItem = Omit<NewsWords, 'images'> & Omit<NewsFacts, 'images'> & { images: Image[] }

export function newsFactsOf(data: Partial<SiteData>): NewsFacts[] {
  return data.news?.articles ?? []
}

/** The articles of a newsList block in the order of the data file, facts and words joined. */
export function joinNews(words: NewsWords[], facts: NewsFacts[]): NewsItem[] {
  const byId = new Map(words.map((w) => [w.id, w]))
  return facts.flatMap((f) => {
    const w = byId.get(f.id)
    if (!w) return []
    const images = f.images.map((src, i) => ({ src, alt: w.images[i]?.alt ?? '' }))
    return [{ ...w, ...f, images }]
  })
}

/** The articles of a page's newsList block (the news page), newest first. */
export function newsItemsOf(page: PageContent | undefined, data: Partial<SiteData>): NewsItem[] {
  const list = page?.blocks.find((b): b is BlockOf<'newsList'> => b.type === 'newsList')
  return joinNews(list?.items ?? [], newsFactsOf(data))
}
