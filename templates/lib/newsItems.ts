import type { BlockOf, PageContent } from '../content.ts'

export type NewsItem = BlockOf<'newsList'>['items'][number]

/** The articles of a page's newsList block (the news page), newest first as written. */
export function newsItemsOf(page: PageContent | undefined): NewsItem[] {
  const list = page?.blocks.find((b): b is BlockOf<'newsList'> => b.type === 'newsList')
  return list?.items ?? []
}
