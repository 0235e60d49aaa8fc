// The site search index (Pagefind), built from the pre-rendered pages: one entry per page and
// language at its canonical path (aliases and redirect pages would only repeat results), the
// not-found and search pages left out. Pagefind splits the index by each page's <html lang>,
// so a visitor searching on a French page gets French results. Only <main> is indexed: the
// header, menus and footer are the same on every page.
//
// Ratings tables are indexed row by row (scripts/lib/pipeline/ratingsRecords.ts), not as page text,
// but inside their page's entry: each row becomes a paragraph at the end of what Pagefind reads,
// opened by an element of its own holding the row's id and title (Pagefind records every
// element with an id: its name, its text and the word where it starts). The search page (templates/lib/search.client.ts) lists the
// page and each matching row as results of their own. One entry per row (as custom records)
// cost a fragment file and a round trip each: 12,000 of 13,000 files at 1,000 pages, most of
// the step's 20 s, and 1 GB in Pagefind's process while it wrote them all at once.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { RouteTable } from '../../../templates/content.ts'
import { SEARCH_PAGE } from '../../../templates/lib/framePages.ts'
import { LANGS } from '../../../templates/lib/languages.ts'
import { linkOrCopy } from '../outputFiles.ts'
import { type IndexedPage, searchDocument } from './searchDocument.ts'
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
/** Index requests sent ahead of their answers. */
const IN_FLIGHT = 64

/** The canonical page files to index, in route order. */
export function searchablePages(routes: RouteTable): IndexedPage[] {
  return routes.routes
    .filter((r) => !NOT_INDEXED_TEMPLATES.has(r.template) && r.id !== SEARCH_PAGE)
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
 * `documents`: a page's search document (searchDocument.ts) as UTF-8, if its renderer made it;
 * else the page is read from `clientDir`.
 */
export async function writeSearchIndex(
  clientDir: string,
  routes: RouteTable,
  cacheDir: string | null = searchCacheDir() ?? null,
  documents: (page: IndexedPage) => Uint8Array | undefined = () => undefined,
): Promise<Record<string, number>> {
  const out = join(clientDir, 'pagefind')
  const pages = searchablePages(routes)
  const langs = [...new Set(pages.map((p) => p.lang))]
  // The files come back over the pipe and are written here: Pagefind's own writeFiles answers
  // before its last writes have reached the disk, and closing the service then can cut them.
  // Files named by a hash are a language's own; the others (Pagefind's code) are the same for
  // every language; the entry files' language lists are joined.
  const entry: Entry = {}
  /** Each file written, and the language whose file it was. */
  const written = new Map<string, string>()
  rmSync(out, { recursive: true, force: true })
  /** Writes a language's files. */
  const place = (files: IndexFile[], lang: string) => {
    for (const file of files) {
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
      written.set(file.path, lang)
      const target = join(out, file.path)
      mkdirSync(dirname(target), { recursive: true })
      if ('source' in file) linkOrCopy(file.source, target)
      else writeFileSync(target, file.content)
    }
  }
  // Pagefind builds each language's index on its own (page numbers, words, files), in one
  // process per service, and a service handles one request at a time. One service per language
  // builds the languages side by side, on both cores; each language's files are written as soon
  // as it is done, and kept for the next build when indexed anew (the cache links the files just
  // written for it; a file the languages share is linked only from the one that wrote it).
  const parts = await Promise.allSettled(
    langs.map(async (lang) => {
      const { files, key } = await indexLanguage(
        clientDir,
        pages.filter((p) => p.lang === lang),
        lang,
        cacheDir,
        documents,
      )
      place(files, lang)
      if (key)
        writeSearchCache(cacheDir, key, files, (path) =>
          written.get(path) === lang ? join(out, path) : undefined,
        )
    }),
  )
  const failed = parts.find((p) => p.status === 'rejected')
  if (failed) throw failed.reason
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
  documents: (page: IndexedPage) => Uint8Array | undefined,
): Promise<{ files: IndexFile[]; key?: string }> {
  const built = pages.map((page) => ({
    url: page.url,
    document:
      documents(page) ??
      Buffer.from(searchDocument(readFileSync(join(clientDir, page.file), 'utf8'), page)),
  }))
  const key = searchCacheKey(lang, built)
  const cached = readSearchCache(cacheDir, key)
  if (cached) return { files: cached }
  // Cached under `key` once the site's files are written (writeSearchIndex).
  return { files: await runPagefind(built, lang), key }
}

async function runPagefind(
  built: { url: string; document: Uint8Array }[],
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
    for (const { url, document } of built) {
      const answer = index.addHTMLFile({ url, content: Buffer.from(document).toString('utf8') })
      answer.catch(() => {}) // awaited in settle(); a failure after an earlier one is not unhandled
      pending.push({ label: url, answer })
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
