// The entries of the CMS, read and planned on a content source (pure: the same code reads the
// disk in `npm run dev` and the repository's tree in the published editor). An entry is a path
// and the raw text Decap edits. A page or the UI strings is one entry holding both languages
// (`content/pages/<id>.yaml` -> `{ fr, en }`, entryPaths.ts), read from and saved to the two real
// files; the news page's articles also go to content/data/news.yaml; a new page is five files
// (newPage.ts); documents.yaml follows the new-edition rule (documentsPlan.ts); any other entry is
// the file itself. A save is planned by planSave (templates/core/editing/planSave.ts): the values written
// into the files in place (editYaml), the tree as it would be checked, problems at their fields.
import { parse, stringify } from 'yaml'
import { LANGS, type Lang, SOURCE_LANG } from '../../lib/languages.ts'
import type { CheckRules } from '../content/checkContent.ts'
import { keyPath, worded } from '../content/problems.ts'
import type { ContentSource } from '../content/source.ts'
import { textHash } from '../content/textHash.ts'
import { entryTexts } from '../editing/entryFiles.ts'
import { type Conflict, mergeValues } from '../editing/merge.ts'
import { isContentYamlPath, planSave, positionOf, type SaveProblem } from '../editing/planSave.ts'
import { DOCUMENTS_FILE, planDocuments } from './documentsPlan.ts'
import { type EntryFile, holdsNews, localeFiles, NEWS_DATA } from './entryPaths.ts'
import { atFormField, newPageId, planNewPage, readNewPage } from './newPage.ts'
import { leftToReview, recordsRead, takeReviews, withRecords } from './translationReview.ts'

/** A planned save: the files whose text changes (null: removed) and the public/ files removed. */
export type EntryPlan =
  | {
      saved: true
      changed: Map<string, string | null>
      /** Files under public/ the save removes (`public/docs/old.pdf`: a document's old edition). */
      removed: string[]
      checkMs: number
      /** English values of the saved files still « à revoir » after the save. */
      toReview: number
      /**
       * The files of the source this plan was made from, changed or not: the entry's files and
       * their translation records. A writer that checks files rather than a whole tree (the dev
       * store) must find each of them as it was, or the plan is stale: a record that the plan
       * leaves out because its text came out unchanged is still the record it was computed from.
       */
      reads: string[]
    }
  | {
      saved: false
      problems: SaveProblem[]
      checkMs: number
      /**
       * After a conflict: the entry's text to merge the next save of the form over (`base`), the
       * other person's values taken as seen, so saving again keeps the editor's at those fields.
       */
      rebase?: string
    }

export type PlanOptions = {
  /** Paths under public/ the save adds (`public/images/news/x.jpg`): files sent with the entry. */
  uploads?: readonly string[]
  /**
   * The entry's text when the form opened (readEntryFrom's `data`). When the entry has changed
   * since, only the values the form changed are applied to it as it is now (mergeValues); a
   * value both changed differently is refused at its field. Absent: the form's value is saved.
   */
  base?: string | null
}

/** Paths an entry may have: YAML under content/, plainly named (no `..`, no absolute path). */
export function assertEntryPath(path: string): void {
  if (!isContentYamlPath(path)) throw new EntryPathError(path)
}

export class EntryPathError extends Error {
  constructor(path: string) {
    super(
      `Le CMS ne lit et n'écrit que les fichiers YAML de content/, pas ${JSON.stringify(path)}.`,
    )
    this.name = 'EntryPathError'
  }
}

/** An entry as Decap reads it; data null when no file is behind it. */
export function readEntryFrom(source: ContentSource, path: string): EntryFile {
  assertEntryPath(path)
  if (newPageId(path)) return readNewPage(source, path)
  const locales = localeFiles(path)
  if (!locales) {
    const text = source.content.get(path)
    if (text === undefined) return { data: null, file: { path, id: null } }
    return { data: text, file: { path, id: textHash(text) } }
  }
  const texts = LANGS.map((lang) => [lang, source.content.get(locales[lang]) ?? null] as const)
  if (texts.every(([, text]) => text === null)) return { data: null, file: { path, id: null } }
  const value = Object.fromEntries(texts.map(([lang, text]) => [lang, text ? parse(text) : {}]))
  const newsText = holdsNews(value[SOURCE_LANG]) ? source.content.get(NEWS_DATA.file) : undefined
  const news = dataOf(newsText)
  if (news && NEWS_DATA.key in news)
    value[SOURCE_LANG] = { ...value[SOURCE_LANG], [NEWS_DATA.key]: news[NEWS_DATA.key] }
  return {
    data: stringify(value, { lineWidth: 0 }),
    file: { path, id: textHash([...texts.map(([, t]) => t ?? ''), newsText ?? ''].join('\0')) },
  }
}

function dataOf(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined
  const value: unknown = parse(text)
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined
}

/** The value each real file of an entry gets from the entry's value. */
export function entryValues(
  source: ContentSource,
  path: string,
  value: unknown,
): Map<string, unknown> {
  assertEntryPath(path)
  const locales = localeFiles(path)
  if (!locales) return new Map([[path, value]])
  // The reviews of the English column are the record's (planEntry), never a file's.
  const byLang = { ...((takeReviews(value).value ?? {}) as Record<string, unknown>) }
  // The news page's articles (date, category, photos) go to content/data/news.yaml.
  const words = byLang[SOURCE_LANG] as Record<string, unknown> | undefined
  const values = new Map<string, unknown>()
  if (words && NEWS_DATA.key in words && holdsNews(words)) {
    const { [NEWS_DATA.key]: articles, ...rest } = words
    byLang[SOURCE_LANG] = rest
    const news = dataOf(source.content.get(NEWS_DATA.file))
    values.set(NEWS_DATA.file, { ...news, [NEWS_DATA.key]: articles })
  }
  // A language the editor left out entirely is an empty file's value: the check refuses it
  // (every page has both languages), so nothing partial is ever written.
  for (const lang of LANGS) values.set(locales[lang], byLang[lang] ?? {})
  return values
}

/** The text values of an entry's files as they would be (the preview's content). */
export function wouldBeTexts(source: ContentSource, path: string, value: unknown) {
  return entryTexts(source, entryValues(source, path, value))
}

/**
 * Plans the save of an entry's value: merged into the entry as it is now when `base` says what
 * the form started from; the files it changes, checked as a whole tree with the uploads in
 * place; or every problem at the entry's field that holds it.
 */
export function planEntry(
  source: ContentSource,
  rules: CheckRules,
  path: string,
  value: unknown,
  { uploads = [], base }: PlanOptions = {},
): EntryPlan {
  assertEntryPath(path)
  if (base !== undefined) {
    const now = readEntryFrom(source, path).data
    if (now !== base) {
      const merge = mergeValues(entryValueOf(base), value, entryValueOf(now))
      if (merge.conflicts.length)
        return {
          saved: false,
          problems: merge.conflicts.map((c) => conflictProblem(source, path, c)),
          checkMs: 0,
          rebase: stringify(seen(entryValueOf(base), merge.conflicts), { lineWidth: 0 }),
        }
      value = merge.value
    }
  }
  // The English values reviewed in the form (« Traduction à jour »): recorded, never written.
  const { value: words, reviewed } = takeReviews(value)
  // Each save writes the record of the English files it touches in the same commit.
  const recorded = (files: ReadonlyMap<string, string | null>) =>
    withRecords(source, rules.schemas, files, reviewed)
  const saved = (changed: Map<string, string | null>) =>
    leftToReview(source, rules.schemas, changed)
  // The entry's files and the records of their English, written or not.
  const reads = (files: ReadonlyMap<string, unknown>) => [
    ...new Set([...files.keys(), ...recordsRead(files.keys())]),
  ]
  if (newPageId(path)) {
    const plan = planNewPage(source, path, words)
    if ('problems' in plan) return { saved: false, problems: plan.problems, checkMs: 0 }
    const files = recorded(plan.files)
    const result = planSave(source, rules, { files, publicAdded: uploads })
    if (result.saved)
      return { ...result, removed: [], toReview: saved(result.changed), reads: reads(files) }
    return { ...result, problems: result.problems.map((p) => atFormField(plan, p)) }
  }
  if (path === DOCUMENTS_FILE) {
    const { values, removed } = planDocuments(source, words)
    const files = entryTexts(source, values)
    const result = planSave(source, rules, { files, publicAdded: uploads, publicRemoved: removed })
    return result.saved ? { ...result, removed, toReview: 0, reads: reads(files) } : result
  }
  const files = recorded(entryTexts(source, entryValues(source, path, words)))
  const result = planSave(source, rules, { files, publicAdded: uploads })
  if (result.saved)
    return { ...result, removed: [], toReview: saved(result.changed), reads: reads(files) }
  return { ...result, problems: result.problems.map((p) => atEntryField(path, p)) }
}

const entryValueOf = (text: string | null): unknown => (text === null ? {} : parse(text))

/** `base` with the other side's value at each conflict's field: what the editor has now seen. */
function seen(base: unknown, conflicts: Conflict[]): unknown {
  let out = base
  for (const { field, theirs } of conflicts) out = setIn(out, field, theirs)
  return out
}

function setIn(value: unknown, path: (string | number)[], to: unknown): unknown {
  if (!path.length) return to
  const [head, ...rest] = path as [string | number, ...(string | number)[]]
  if (Array.isArray(value) && typeof head === 'number') {
    const copy = [...value]
    copy[head] = setIn(copy[head], rest, to)
    return copy
  }
  const record = value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
  return { ...record, [head]: setIn(record[head as string], rest, to) }
}

/** A conflict as the editor sees it: at its field, in the file and line that hold the value now. */
function conflictProblem(source: ContentSource, path: string, conflict: Conflict): SaveProblem {
  const { file, at } = fileOf(path, conflict.field)
  const key = keyPath(at)
  return {
    file,
    ...positionOf(source.content.get(file), at),
    key,
    ...worded({
      en: `Changed meanwhile by someone else, who saved ${shownEn(conflict.theirs)} (you: ${shownEn(conflict.mine)}). What you typed is kept: save again to keep yours, or take the other value.`,
      fr: `Modifié entre-temps par quelqu'un d'autre, qui a enregistré ${shown(conflict.theirs)} (vous : ${shown(conflict.mine)}). Votre saisie est gardée : enregistrez à nouveau pour garder la vôtre, ou reprenez l'autre valeur.`,
    }),
    field: conflict.field,
  }
}

/** The file and the path in it of an entry's field. */
function fileOf(path: string, field: (string | number)[]) {
  const locales = localeFiles(path)
  const [lang, ...rest] = field
  if (!locales || !LANGS.includes(lang as Lang)) return { file: path, at: field }
  if (lang === SOURCE_LANG && rest[0] === NEWS_DATA.key) return { file: NEWS_DATA.file, at: rest }
  return { file: locales[lang as Lang], at: rest }
}

function shownEn(value: unknown): string {
  if (value === undefined || value === null || value === '') return 'an empty value'
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return JSON.stringify(text.length > 120 ? `${text.slice(0, 119)}…` : text)
}

function shown(value: unknown): string {
  if (value === undefined || value === null || value === '') return 'une valeur vide'
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return `« ${text.length > 120 ? `${text.slice(0, 119)}…` : text} »`
}

/** A problem of one of the entry's files, placed in the entry (`['en', 'blocks', 2, 'title']`). */
function atEntryField(path: string, problem: SaveProblem): SaveProblem {
  if (!problem.field) return problem
  const locales = localeFiles(path)
  if (!locales) return problem
  if (problem.file === NEWS_DATA.file) return { ...problem, field: [SOURCE_LANG, ...problem.field] }
  const lang = LANGS.find((l) => locales[l] === problem.file)
  return lang ? { ...problem, field: [lang, ...problem.field] } : problem
}
