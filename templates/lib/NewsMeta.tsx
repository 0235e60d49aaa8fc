import { formatNewsDate } from './newsDate.ts'
import { useSite } from './SiteContext.tsx'

/** Category and date of a news item, as the news page and the home cards show them. */
export function NewsMeta({ item }: { item: { category: string; date: string; endDate?: string } }) {
  const { lang, t } = useSite()
  return (
    <p className="news-meta">
      <span className="news-category">{t(`homeNews.news.category.${item.category}`)}</span>
      <span aria-hidden="true"> · </span>
      {/* datetime has no range syntax (Nu checker error on "start/end"): it carries the first day. */}
      <time dateTime={item.date}>{formatNewsDate(item.date, lang, item.endDate)}</time>
    </p>
  )
}
