// The site search index (Pagefind), built from the pre-rendered pages: one entry per page and
// language at its canonical path (aliases and redirect pages would only repeat results), the
// not-found and search pages left out. Pagefind splits the index by each page's <html lang>,
// so a visitor searching on a French page gets French results. Only <main> is indexed: the
// header, menus and footer are the same on every page. Ratings tables are indexed row by row
// (scripts/lib/build/ratingsRecords.ts), not as page text.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Lang, RouteTable } from '../../../templates/content.ts'
import { LANGS } from '../../../templates/lib/languages.ts'
import { ratingsRecords } from './ratingsRecords.ts'
import { fileForPath } from './staticFiles.ts'

/** Routes that are no search result: the not-found page and the search page itself. */
const NOT_INDEXED_TEMPLATES = new Set(['notFound'])
export const SEARCH_PAGE_ID = 'search'
/** Index requests sent ahead of their answers (a page and its ratings rows count one each). */
const IN_FLIGHT = 64

export type IndexedPage = { lang: Lang; url: string; file: string }

/** The canonical page files to index, in route order. */
export function searchablePages(routes: RouteTable): IndexedPage[] {
  return routes.routes
    .filter((r) => !NOT_INDEXED_TEMPLATES.has(r.template) && r.id !== SEARCH_PAGE_ID)
    .flatMap((r) =>
      LANGS.map((lang) => ({
        lang,
        url: r[lang].path,
        file: fileForPath(r[lang].path),
      })),
    )
}

/** Writes dist/client/pagefind/ and returns the number of pages indexed per language. */
export async function writeSearchIndex(
  clientDir: string,
  routes: RouteTable,
): Promise<Record<string, number>> {
  const pagefind = await import('pagefind')
  try {
    const { index, errors } = await pagefind.createIndex({
      rootSelector: 'main',
      excludeSelectors: ['.ratings-table'],
    })
    if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`)
    const counts: Record<string, number> = {}
    // Pagefind answers each request over a pipe from its own process: awaited one by one, the
    // build waits a round trip per page and per ratings row (most of this step's time at 1000
    // pages, with both processes idle). Requests go out in route order (Pagefind numbers pages
    // in the order it receives them, so the index is the same) with up to IN_FLIGHT requests
    // unanswered: enough to keep Pagefind busy, few enough that the queued HTML stays small.
    const pending: { label: string; answer: Promise<{ errors: string[] }> }[] = []
    const send = (label: string, answer: Promise<{ errors: string[] }>) => {
      answer.catch(() => {}) // awaited in settle(); a failure after an earlier one is not unhandled
      pending.push({ label, answer })
    }
    const settle = async (keep: number) => {
      while (pending.length > keep) {
        const { label, answer } = pending.shift() as (typeof pending)[number]
        const { errors } = await answer
        if (errors.length)
          throw new Error(`Pagefind could not index ${label}: ${errors.join('; ')}`)
      }
    }
    for (const page of searchablePages(routes)) {
      const content = readFileSync(join(clientDir, page.file), 'utf8')
      send(page.url, index.addHTMLFile({ url: page.url, content }))
      counts[page.lang] = (counts[page.lang] ?? 0) + 1
      for (const record of ratingsRecords(content, page.url, page.lang))
        send(record.url, index.addCustomRecord(record))
      await settle(IN_FLIGHT)
    }
    await settle(0)
    const written = await index.writeFiles({ outputPath: join(clientDir, 'pagefind') })
    if (written.errors.length)
      throw new Error(`Pagefind could not write its index: ${written.errors.join('; ')}`)
    // Pagefind also writes its own ready-made interfaces; the site has its own search page.
    for (const f of readdirSync(join(clientDir, 'pagefind')))
      if (/^pagefind-(.+-)?ui\.(js|css)$|^pagefind-highlight\.js$/.test(f))
        rmSync(join(clientDir, 'pagefind', f))
    sortEntryLanguages(join(clientDir, 'pagefind', 'pagefind-entry.json'))
    return counts
  } finally {
    await pagefind.close()
  }
}

/**
 * Pagefind lists the language indexes in the order its threads finish, so two builds of the same
 * content could differ in this one file; sorted, the built site is reproducible byte for byte.
 */
export function sortEntryLanguages(file: string): void {
  const entry = JSON.parse(readFileSync(file, 'utf8')) as { languages?: Record<string, unknown> }
  if (!entry.languages) return
  entry.languages = Object.fromEntries(
    Object.entries(entry.languages).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  )
  writeFileSync(file, JSON.stringify(entry))
}
