// The site search index (Pagefind), built from the pre-rendered pages: one entry per page and
// language at its canonical path (aliases and redirect pages would only repeat results), the
// not-found and search pages left out. Pagefind splits the index by each page's <html lang>,
// so a visitor searching on a French page gets French results. Only <main> is indexed: the
// header, menus and footer are the same on every page.
//
// Ratings tables are indexed row by row (scripts/lib/build/ratingsRecords.ts), not as page text,
// but inside their page's entry: each row becomes a paragraph at the end of what Pagefind reads,
// opened by an element of its own holding the row's id and title (Pagefind records every
// element with an id: its name, its text and the word where it starts). The search page (templates/lib/search.client.ts) lists the
// page and each matching row as results of their own. One entry per row (as custom records)
// cost a fragment file and a round trip each: 12,000 of 13,000 files at 1,000 pages, most of
// the step's 20 s, and 1 GB in Pagefind's process while it wrote them all at once.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Lang, RouteTable } from '../../../templates/content.ts'
import { LANGS } from '../../../templates/lib/languages.ts'
import { RATINGS_ROW } from '../../../templates/lib/search.client.ts'
import { linkOrCopy } from './outputFiles.ts'
import { ratingsRecords } from './ratingsRecords.ts'
import {
  type IndexFile,
  readSearchCache,
  searchCacheDir,
  searchCacheKey,
  writeSearchCache,
} from './searchIndexCache.ts'
import { fileForPath } from './staticFiles.ts'

/** Routes that are no search result: the not-found page and the search page itself. */
const NOT_INDEXED_TEMPLATES = new Set(['notFound'])
export const SEARCH_PAGE_ID = 'search'
/** Index requests sent ahead of their answers. */
const IN_FLIGHT = 64

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

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

/**
 * Writes dist/client/pagefind/ and returns the number of pages indexed per language. `cacheDir`:
 * where the indexes of the last build are kept (searchIndexCache.ts); null: no cache.
 */
export async function writeSearchIndex(
  clientDir: string,
  routes: RouteTable,
  cacheDir: string | null = searchCacheDir() ?? null,
): Promise<Record<string, number>> {
  const out = join(clientDir, 'pagefind')
  const pages = searchablePages(routes)
  const langs = [...new Set(pages.map((p) => p.lang))]
  // Pagefind builds each language's index on its own (page numbers, words, files), in one
  // process per service, and a service handles one request at a time. One service per language
  // builds the languages side by side, on both cores.
  const parts = await Promise.allSettled(
    langs.map((lang) =>
      indexLanguage(
        clientDir,
        pages.filter((p) => p.lang === lang),
        lang,
        cacheDir,
      ),
    ),
  )
  const failed = parts.find((p) => p.status === 'rejected')
  if (failed) throw failed.reason
  // The files come back over the pipe and are written here: Pagefind's own writeFiles answers
  // before its last writes have reached the disk, and closing the service then can cut them.
  // Files named by a hash are a language's own; the others (Pagefind's code) are the same for
  // every language; the entry files' language lists are joined.
  const entry: Entry = {}
  /** Each file written, and the language whose file it was. */
  const written = new Map<string, string>()
  rmSync(out, { recursive: true, force: true })
  for (const [i, part] of parts.entries()) {
    if (part.status !== 'fulfilled') continue
    for (const file of part.value.files) {
      // Pagefind's ready-made interfaces: the site has its own search page.
      if (/^pagefind-(.+-)?ui\.(js|css)$|^pagefind-highlight\.js$/.test(file.path)) continue
      if (file.path === 'pagefind-entry.json') {
        if (!('content' in file)) throw new Error('The search index cache lost an entry file')
        const own = JSON.parse(Buffer.from(file.content).toString('utf8')) as Entry
        Object.assign(entry, {
          ...own,
          ...entry,
          languages: { ...entry.languages, ...own.languages },
        })
        continue
      }
      if (written.has(file.path)) continue
      written.set(file.path, langs[i] ?? '')
      const target = join(out, file.path)
      mkdirSync(dirname(target), { recursive: true })
      if ('source' in file) linkOrCopy(file.source, target)
      else writeFileSync(target, file.content)
    }
  }
  // A language indexed anew is kept for the next build: the cache links the files just written
  // for it (a file shared by the languages is linked only from the language that wrote it).
  for (const [i, part] of parts.entries())
    if (part.status === 'fulfilled' && part.value.key)
      writeSearchCache(cacheDir, part.value.key, part.value.files, (path) =>
        written.get(path) === langs[i] ? join(out, path) : undefined,
      )
  writeFileSync(join(out, 'pagefind-entry.json'), JSON.stringify(entry))
  sortEntryLanguages(join(out, 'pagefind-entry.json'))
  return Object.fromEntries(
    langs.map((lang) => [lang, pages.filter((p) => p.lang === lang).length]),
  )
}

/**
 * A Pagefind module of its own, so a service process of its own: the module keeps one service
 * per module instance, and a module URL with another query string is another instance.
 */
function pagefindModule(instance: string): Promise<typeof import('pagefind')> {
  return import(/* @vite-ignore */ `${import.meta.resolve('pagefind')}?${instance}`)
}

/**
 * Indexes the pages of one language with a Pagefind service of its own and returns its files, or
 * returns the files of the last build when the pages are the same (searchIndexCache.ts).
 */
async function indexLanguage(
  clientDir: string,
  pages: IndexedPage[],
  lang: string,
  cacheDir: string | null,
): Promise<{ files: IndexFile[]; key?: string }> {
  const built = pages.map((page) => ({
    page,
    url: page.url,
    html: readFileSync(join(clientDir, page.file), 'utf8'),
  }))
  const key = searchCacheKey(lang, built)
  const cached = readSearchCache(cacheDir, key)
  if (cached) return { files: cached }
  // Cached under `key` once the site's files are written (writeSearchIndex).
  return { files: await runPagefind(built, lang), key }
}

async function runPagefind(
  built: { page: IndexedPage; html: string }[],
  instance: string,
): Promise<{ path: string; content: Uint8Array }[]> {
  const pagefind = await pagefindModule(instance)
  try {
    const { index, errors } = await pagefind.createIndex({ rootSelector: 'main' })
    if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`)
    // Pagefind answers each request over a pipe from its own process: awaited one by one, the
    // build waits a round trip per page. Requests go out in route order (Pagefind numbers pages
    // in the order it receives them, so the index is the same) with up to IN_FLIGHT requests
    // unanswered: enough to keep Pagefind busy, few enough that the queued HTML stays small.
    const pending: { label: string; answer: Promise<{ errors: string[] }> }[] = []
    const settle = async (keep: number) => {
      while (pending.length > keep) {
        const { label, answer } = pending.shift() as (typeof pending)[number]
        const { errors } = await answer
        if (errors.length)
          throw new Error(`Pagefind could not index ${label}: ${errors.join('; ')}`)
      }
    }
    for (const { page, html } of built) {
      const content = searchDocument(html, page)
      const answer = index.addHTMLFile({ url: page.url, content })
      answer.catch(() => {}) // awaited in settle(); a failure after an earlier one is not unhandled
      pending.push({ label: page.url, answer })
      await settle(IN_FLIGHT)
    }
    await settle(0)
    const { files, errors: failures } = await index.getFiles()
    if (failures.length)
      throw new Error(`Pagefind could not write its index: ${failures.join('; ')}`)
    return files
  } finally {
    await pagefind.close()
  }
}

type Entry = { languages?: Record<string, unknown> }

/**
 * Pagefind lists the language indexes in the order its threads finish, so two builds of the same
 * content could differ in this one file; sorted, the built site is reproducible byte for byte.
 */
export function sortEntryLanguages(file: string): void {
  const entry = JSON.parse(readFileSync(file, 'utf8')) as Entry
  if (!entry.languages) return
  entry.languages = Object.fromEntries(
    Object.entries(entry.languages).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  )
  writeFileSync(file, JSON.stringify(entry))
}
