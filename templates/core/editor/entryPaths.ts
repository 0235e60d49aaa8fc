// Where a bilingual entry of the CMS lives. Decap CMS allows a file collection only its
// `single_file` i18n structure (one file holding `fr:` and `en:`; its config check throws
// "i18n configuration for files collections is limited to single_file structure" for any other),
// while the site keeps each language in its own file (content/fr/<id>.yaml, content/en/<id>.yaml).
// So a page is one entry at a path no file has, `content/pages/<id>.yaml` (or, in a folder
// collection of pages, `content/pages/<collection>/<id>.yaml`: config.ts), whose value is
// `{ fr, en }`: the CMS's backend endpoint reads the two files into it and saves it back into
// them (scripts/lib/editing/, which takes one value per file). The same for the UI strings.
// A git backend has no such endpoint: its configuration names the real files (gitConfig.ts).
import { LANGS, type Lang } from '../../lib/languages.ts'

/** An entry as Decap reads it: its text (null: no such file yet) and the file it comes from. */
export type EntryFile = { data: string | null; file: { path: string; id: string | null } }

export const PAGE_ENTRY_FOLDER = 'content/pages'
export const STRINGS_ENTRY = 'content/i18n/strings.yaml'

/** A page's entry path in a file collection (the news page's, a git backend's: gitConfig.ts). */
export const pageEntryPath = (id: string): string => `${PAGE_ENTRY_FOLDER}/${id}.yaml`

/** The folder of a folder collection of pages: where its entries' paths are, no file's. */
export const pageFolder = (group: string): string => `${PAGE_ENTRY_FOLDER}/${group}`

const PAGE_ENTRY = new RegExp(`^${PAGE_ENTRY_FOLDER}/(?:[^/]+/)?([^/]+)\\.yaml$`)

/** The page a page entry's path stands for (its id), in a file or a folder collection. */
export const pageIdOf = (entryPath: string): string | undefined => PAGE_ENTRY.exec(entryPath)?.[1]

/** The file of each language behind a bilingual entry's path; undefined for a plain file. */
export function localeFiles(entryPath: string): Record<Lang, string> | undefined {
  const page = pageIdOf(entryPath)
  if (page)
    return Object.fromEntries(LANGS.map((l) => [l, `content/${l}/${page}.yaml`])) as Record<
      Lang,
      string
    >
  if (entryPath === STRINGS_ENTRY)
    return Object.fromEntries(LANGS.map((l) => [l, `content/i18n/${l}.yaml`])) as Record<
      Lang,
      string
    >
  return undefined
}

/**
 * A news article is written in three files: its words in each language (the items of the news
 * page's newsList block) and its date, category and photos once (content/data/news.yaml). The
 * checker wants an article in all three, so the page holding the newsList also carries the
 * articles' neutral values, as a field set once (in French, like every neutral value of a page):
 * one screen, one save, split into the three files by the endpoint.
 */
export const NEWS_DATA = {
  file: 'content/data/news.yaml',
  key: 'articles',
  block: 'newsList',
} as const

/** Whether a page's value (its French words) holds the news list. */
export function holdsNews(page: unknown): boolean {
  const blocks = (page as { blocks?: unknown } | null)?.blocks
  return Array.isArray(blocks) && blocks.some((b) => b?.type === NEWS_DATA.block)
}
