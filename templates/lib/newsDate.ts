import type { Lang } from '../lib/languages.ts'
import { LOCALES } from './languages.ts'

const toDate = (iso: string) => new Date(`${iso.length === 7 ? `${iso}-01` : iso}T00:00:00Z`)

/**
 * A news date as words in the page's language: "2 juin 2025", "June 2025" (month only),
 * "11–15 octobre 2023" (several days). `date` is YYYY-MM-DD or YYYY-MM, `endDate` YYYY-MM-DD.
 */
export function formatNewsDate(date: string, lang: Lang, endDate?: string): string {
  const monthOnly = date.length === 7
  const format = new Intl.DateTimeFormat(LOCALES[lang], {
    ...(monthOnly ? {} : { day: 'numeric' }),
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
  return endDate ? format.formatRange(toDate(date), toDate(endDate)) : format.format(toDate(date))
}
