// What Pagefind reads of a built page (searchIndex.ts indexes it). Computed by the renderer that
// wrote the page (renderChild.mjs, bundled with the page analysis), while the page is in its
// memory: read back and prepared by the build after rendering, on one core, it took 1.5 s at
// N=500 before Pagefind could start (sampled).

import { escapeHtml } from '../../../templates/lib/escapeHtml.ts'
import type { Lang } from '../../../templates/lib/languages.ts'
import { RATINGS_ROW } from '../../../templates/lib/searchMessages.ts'
import { ratingsRecords } from './ratingsRecords.ts'

/** A page the search indexes: its language, canonical URL and file under client/. */
export type IndexedPage = { lang: Lang; url: string; file: string }

/**
 * What Pagefind reads of a built page: its <html> tag (the language), its <title> (the fallback
 * title) and its <main>, the ratings tables replaced by one paragraph per row at the end. The rest
 * (head, header, menus, footer, the tables' markup: 60 % of a catalogue page) is no search text,
 * and Pagefind's parser would spend most of its time on it.
 */
export function searchDocument(html: string, page: IndexedPage): string {
  const main = /<main\b[\s\S]*<\/main>/.exec(html)?.[0]
  if (!main) return html
  const htmlTag = /<html\b[^>]*>/.exec(html)?.[0] ?? `<html lang="${page.lang}">`
  const title = /<title>[\s\S]*?<\/title>/.exec(html)?.[0] ?? ''
  const rows = ratingsRecords(main, page.url, page.lang)
  let paragraphs = ''
  for (const row of rows) {
    const id = row.url.slice(row.url.indexOf('#') + 1)
    // The title, then the values: its words find the row (as a record's title did). The titles
    // were first in a metadata attribute, JSON of every row's: that made Pagefind take 3.5 s
    // instead of 2.0 for 527 catalogue pages (measured).
    paragraphs += `<p><${RATINGS_ROW} id="${escapeHtml(id)}">${escapeHtml(row.meta.title)}</${RATINGS_ROW}> ${escapeHtml(row.content)}</p>`
  }
  const text = main
    .replace(/<table class="ratings-table">[\s\S]*?<\/table>/g, '')
    .replace(/<\/main>$/, `${paragraphs}</main>`)
  return `<!DOCTYPE html>${htmlTag}<head>${title}</head><body>${text}</body></html>`
}
