// The entries of the CMS as its backend reads and saves them (Decap CMS's proxy protocol: an
// entry is a path and the raw text of its file). A page or the UI strings is one entry holding
// both languages (`content/pages/<id>.yaml` -> `{ fr, en }`, entryPaths.ts), read from and
// saved to the two real files; any other entry is the file itself. Saving goes through
// scripts/lib/editing/: the values are written into the files in place (editYaml) and the tree as
// it would be is checked first, nothing written while a problem remains.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { parse, stringify } from 'yaml'
import { LANGS, SOURCE_LANG } from '../../../templates/lib/languages.ts'
import type { ContentProblem } from '../content/problems.ts'
import { entryTexts } from '../editing/entryFiles.ts'
import { type SaveProblem, saveEntry } from '../editing/save.ts'
import { holdsNews, localeFiles, NEWS_DATA } from './entryPaths.ts'
import { DOCUMENTS_FILE, saveDocuments } from './media.ts'
import { newPageId, persistNewPage, readNewPage } from './newPage.ts'

export type EntryFile = { data: string | null; file: { path: string; id: string | null } }

/** A problem of a refused save, as the editor shows it: `field` is its place in the entry. */
export type EntryProblem = ContentProblem & { field?: (string | number)[] }

export type PersistResult =
  | { saved: true; written: string[]; checkMs: number }
  | { saved: false; problems: EntryProblem[]; checkMs: number }

/** Paths an entry may have: YAML under content/, plainly named (no `..`, no absolute path). */
export function assertEntryPath(path: string): void {
  if (
    !/^content\/[\w./-]+\.yaml$/.test(path) ||
    posix.normalize(path) !== path ||
    path.split('/').includes('..')
  )
    throw new EntryPathError(path)
}

export class EntryPathError extends Error {
  constructor(path: string) {
    super(
      `Le CMS ne lit et n'écrit que les fichiers YAML de content/, pas ${JSON.stringify(path)}.`,
    )
    this.name = 'EntryPathError'
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** An entry as Decap reads it; data null when no file is behind it. */
export function readEntry(root: string, path: string): EntryFile {
  assertEntryPath(path)
  if (newPageId(path)) return readNewPage(root, path)
  const locales = localeFiles(path)
  if (!locales) {
    const file = join(root, path)
    if (!existsSync(file)) return { data: null, file: { path, id: null } }
    const text = readFileSync(file, 'utf8')
    return { data: text, file: { path, id: sha256(text) } }
  }
  const texts = LANGS.map((lang) => {
    const file = join(root, locales[lang])
    return [lang, existsSync(file) ? readFileSync(file, 'utf8') : null] as const
  })
  if (texts.every(([, text]) => text === null)) return { data: null, file: { path, id: null } }
  const value = Object.fromEntries(texts.map(([lang, text]) => [lang, text ? parse(text) : {}]))
  const news = holdsNews(value[SOURCE_LANG]) ? readData(root, NEWS_DATA.file) : undefined
  if (news && NEWS_DATA.key in news)
    value[SOURCE_LANG] = { ...value[SOURCE_LANG], [NEWS_DATA.key]: news[NEWS_DATA.key] }
  return {
    data: stringify(value, { lineWidth: 0 }),
    file: {
      path,
      id: sha256([...texts.map(([, t]) => t ?? ''), news ? JSON.stringify(news) : ''].join('\0')),
    },
  }
}

function readData(root: string, rel: string): Record<string, unknown> | undefined {
  const file = join(root, rel)
  if (!existsSync(file)) return undefined
  const value: unknown = parse(readFileSync(file, 'utf8'))
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined
}

/** The value each real file of an entry gets from the entry's value. */
export function entryValues(root: string, path: string, value: unknown): Map<string, unknown> {
  assertEntryPath(path)
  const locales = localeFiles(path)
  if (!locales) return new Map([[path, value]])
  const byLang = { ...((value ?? {}) as Record<string, unknown>) }
  // The news page's articles (date, category, photos) go to content/data/news.yaml.
  const source = byLang[SOURCE_LANG] as Record<string, unknown> | undefined
  const values = new Map<string, unknown>()
  if (source && NEWS_DATA.key in source && holdsNews(source)) {
    const { [NEWS_DATA.key]: articles, ...words } = source
    byLang[SOURCE_LANG] = words
    values.set(NEWS_DATA.file, { ...readData(root, NEWS_DATA.file), [NEWS_DATA.key]: articles })
  }
  // A language the editor left out entirely is an empty file's value: the check refuses it
  // (every page has both languages), so nothing partial is ever written.
  for (const lang of LANGS) values.set(locales[lang], byLang[lang] ?? {})
  return values
}

/** Saves an entry from the raw text the CMS serialised, or says why it cannot be saved. */
export function persistEntry(root: string, path: string, raw: string): PersistResult {
  const value = parse(raw)
  if (newPageId(path)) return persistNewPage(root, path, value)
  const result =
    path === DOCUMENTS_FILE
      ? saveDocuments(root, value)
      : saveEntry({ root, files: entryTexts(root, entryValues(root, path, value)) })
  if (result.saved) return result
  return { ...result, problems: result.problems.map((p) => atEntryField(path, p)) }
}

/** A problem of one of the entry's files, placed in the entry (`['en', 'blocks', 2, 'title']`). */
function atEntryField(path: string, problem: SaveProblem): EntryProblem {
  if (!problem.field) return problem
  const locales = localeFiles(path)
  if (!locales) return problem
  if (problem.file === NEWS_DATA.file) return { ...problem, field: [SOURCE_LANG, ...problem.field] }
  const lang = LANGS.find((l) => locales[l] === problem.file)
  return lang ? { ...problem, field: [lang, ...problem.field] } : problem
}

/** The text values of an entry's files as they would be, for the preview. */
export function wouldBeTexts(root: string, path: string, value: unknown) {
  return entryTexts(root, entryValues(root, path, value))
}
