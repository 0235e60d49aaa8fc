// Search records for the rows of the ratings tables. A table as page text is a run of numbers
// no excerpt can make sense of; a row as its own record ("Three-phase distribution
// transformers, 24 kV: 1,250 kVA", with every column named) is a result that links straight
// to the row (each row heading has an id). Read from the built HTML, whose markup
// templates/blocks/RatingsTable.tsx fixes: caption, th ids, and headers= on every cell.
import type { Lang } from '../../../templates/lib/languages.ts'

export type RatingsRecord = {
  url: string
  language: Lang
  content: string
  meta: { title: string }
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#x27': "'",
  '#39': "'",
  nbsp: '\u00a0',
}

/** Markup, an entity, or whitespace that is not a single space: what textOf() has to rewrite. */
const REWRITTEN = /[<&\t\r\n]| {2}/

/** Visible text of an HTML fragment: aria-hidden parts (short labels) dropped, tags removed. */
export function textOf(html: string): string {
  // Most cells of a ratings table are a number alone: nothing to rewrite.
  if (!REWRITTEN.test(html)) return html.trim()
  return html
    .replace(/<(\w+)[^>]*aria-hidden="true"[^>]*>[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x27|#39|amp|lt|gt|quot|nbsp);/g, (_, e: string) => ENTITIES[e] ?? '')
    .replace(/[ \t\r\n]+/g, ' ') // not \s: it would break French numbers' no-break spaces
    .trim()
}

/** One record per body row of every ratings table of a page. */
export function ratingsRecords(html: string, pageUrl: string, language: Lang): RatingsRecord[] {
  const headingText = new Map<string, string>()
  for (const m of html.matchAll(/<th\b([^>]*)>([\s\S]*?)<\/th>/g)) {
    const id = /\bid="([^"]+)"/.exec(m[1] ?? '')?.[1]
    if (id) headingText.set(id, textOf(m[2] ?? ''))
  }
  const colon = language === 'fr' ? '\u00a0: ' : ': '
  const records: RatingsRecord[] = []
  for (const table of html.matchAll(/<table class="ratings-table">([\s\S]*?)<\/table>/g)) {
    const body = table[1] ?? ''
    const caption = textOf(
      /<span class="caption-text">([\s\S]*?)<span class="indicative">/.exec(body)?.[1] ??
        /<caption[^>]*>([\s\S]*?)<\/caption>/.exec(body)?.[1] ??
        '',
    )
    const tbody = /<tbody>([\s\S]*?)<\/tbody>/.exec(body)?.[1] ?? ''
    for (const row of tbody.matchAll(/<tr>([\s\S]*?)<\/tr>/g)) {
      const head = /<th\b[^>]*\bid="([^"]+)"[^>]*headers="([^"]+)"[^>]*>([\s\S]*?)<\/th>/.exec(
        row[1] ?? '',
      )
      if (!head) continue
      const [, rowId = '', powerHeading = '', powerText = ''] = head
      const cells = [...(row[1] ?? '').matchAll(/<td headers="([^"]+)">([\s\S]*?)<\/td>/g)]
        .map(([, headers = '', value = '']) => {
          const names = headers
            .split(' ')
            .slice(1)
            .map((id) => headingText.get(id) ?? '')
          return `${names.join(', ')}${colon}${textOf(value)}`
        })
        .filter((c) => !c.endsWith(colon))
      const power = `${textOf(powerText)} kVA`
      // "1 250" (French grouping) would not match a search for 1250: the plain digits go too.
      const digits = `${textOf(powerText).replace(/\D/g, '')} kVA`
      records.push({
        url: `${pageUrl}#${rowId}`,
        language,
        meta: { title: `${caption} — ${power}` },
        content: `${headingText.get(powerHeading) ?? ''}${colon}${digits}. ${cells.join('. ')}.`,
      })
    }
  }
  return records
}
