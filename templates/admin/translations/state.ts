// What the editor knows of the translations, from the record in the repository
// the backend read (translations.ts, the rules `npm run translations` applies) and the form:
// - the open entry's English values « à revoir », by their place in the form, computed on the
//   entry as the form holds it laid over the repository (the preview's wouldBeTexts), so that
//   editing the English takes the notice away and a French edit shows it at once;
// - the review marks of the form (« Traduction à jour »), which the entry's review field carries
//   to the save (templates/core/editor/translationReview.ts);
// - every outdated value of the site, page by page, for the list (SiteTranslations.tsx);
// - the field to bring to view once its entry's form is open.

import { parse } from 'yaml'
import type { SchemaSet } from '../../core/content/neutral.ts'
import type { ContentProblem } from '../../core/content/problems.ts'
import { type ContentSource, overlaySource } from '../../core/content/source.ts'
import { englishFiles, outdatedEntries } from '../../core/content/translationRecords.ts'
import { localeFiles } from '../../core/editor/entryPaths.ts'
import { wouldBeTexts } from '../../core/editor/entryPlan.ts'
import { reviewMark } from '../../core/editor/translationReview.ts'
import type { ImmutableLike } from '../decap/types.ts'

/** An English value whose French changed since it was translated. */
export type Outdated = {
  /** The English file (`content/en/training.yaml`) and the value's key path in it. */
  file: string
  keyPath: string
  /** Its place in the English column's value (`['blocks', 2, 'heading']`). */
  path: (string | number)[]
  frBefore: string
  frNow: string
}

/** A value the editor's React roots subscribe to. */
export function store<T>(initial: T) {
  let value = initial
  const listeners = new Set<() => void>()
  return {
    get: () => value,
    set(next: T) {
      value = next
      for (const l of listeners) l()
    },
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

/**
 * The outdated values of one English file, on `source` (the rules of translations.ts): a value
 * whose French has a problem of `problems` (the check's, on the same source) is not yet one.
 */
export function outdatedValues(
  source: ContentSource,
  schemas: SchemaSet,
  file: string,
  problems: readonly ContentProblem[] = [],
): Outdated[] {
  return outdatedEntries(source, schemas, file, problems).map(({ value: v, entry }) => ({
    file,
    keyPath: v.keyPath,
    path: v.path,
    frBefore: entry.fr,
    frNow: v.fr,
  }))
}

const pathKey = (path: readonly (string | number)[]) => JSON.stringify(path)

/** The open entry's outdated English values, by their place in the form. */
export type EntryTranslations = { entry: string; byPath: Map<string, Outdated> }
export const entryTranslations = store<EntryTranslations>({ entry: '', byPath: new Map() })

export const outdatedAt = (state: EntryTranslations, path: readonly (string | number)[]) =>
  state.byPath.get(pathKey(path))

/** The form's review marks (reviewMark), written into its review field by its widget. */
export const reviews = store<ReadonlySet<string>>(new Set())
let writeReviews: ((marks: string[]) => void) | undefined

/** The English column's review field, mounted with its value and its onChange (or gone). */
export function attachReviews(marks: readonly string[], write?: (marks: string[]) => void): void {
  writeReviews = write
  reviews.set(new Set(marks))
}

export function isReviewed(value: Outdated): boolean {
  return reviews.get().has(reviewMark(value.keyPath, value.frNow))
}

/** « Traduction à jour »: the review goes with the form's next save. */
export function review(value: Outdated): void {
  const marks = new Set(reviews.get())
  marks.add(reviewMark(value.keyPath, value.frNow))
  reviews.set(marks)
  writeReviews?.([...marks].sort())
}

type Inputs = {
  repository: () => Promise<ContentSource>
  schemas: () => Promise<SchemaSet>
  /** The check's problems of a source: the editor's checker, the one the save runs. */
  problems: (source: ContentSource) => Promise<readonly ContentProblem[]>
}
let inputs: Inputs | undefined

/** Where the repository and the schemas come from (main.tsx). */
export function provideTranslationInputs(given: Inputs): void {
  inputs = given
}

/** The check's problems of a tree; none while the check cannot run (its data not read yet). */
const checkedProblems = (source: ContentSource): Promise<readonly ContentProblem[]> =>
  inputs ? inputs.problems(source).catch(() => []) : Promise.resolve([])

type DraftGetter = () => ImmutableLike
let pending: ReturnType<typeof setTimeout> | undefined
let latestDraft: DraftGetter | undefined

/** The form changed (or opened): its outdated values are computed again shortly. */
export function formChanged(getEntry: DraftGetter): void {
  latestDraft = getEntry
  clearTimeout(pending)
  pending = setTimeout(() => void computeEntry(), 150)
}

const plain = (value: unknown): unknown =>
  value && typeof (value as ImmutableLike).toJS === 'function'
    ? (value as Required<ImmutableLike>).toJS()
    : value

async function computeEntry(): Promise<void> {
  const draft = latestDraft?.()
  if (!draft || !inputs) return
  const entry = String(draft.get('path') ?? '')
  const files = localeFiles(entry)
  if (!files) {
    entryTranslations.set({ entry, byPath: new Map() })
    return
  }
  const [repository, schemas] = await Promise.all([inputs.repository(), inputs.schemas()])
  // The entry as the form holds it: French in `data`, English in `i18n.en.data` (Decap's
  // single_file structure).
  const value = { fr: plain(draft.get('data')), en: plain(draft.getIn(['i18n', 'en', 'data'])) }
  const wouldBe = overlaySource(repository, wouldBeTexts(repository, entry, value))
  // A French value in error is not yet a translation to review: its problem is the one message.
  const problems = await checkedProblems(wouldBe)
  const byPath = new Map(
    outdatedValues(wouldBe, schemas, files.en, problems).map((o) => [pathKey(o.path), o]),
  )
  entryTranslations.set({ entry, byPath })
  focusPending(entry)
}

/** The outdated values of one English file, with the file's value (its fields' names: problems.tsx). */
export type FileTranslations = { file: string; document: unknown; values: Outdated[] }

/** Every outdated value of the site, by English file, in the files' order. */
export const siteTranslations = store<FileTranslations[] | undefined>(undefined)

/** The repository read again (a form opened, a save landed): the site's list made again. */
export async function computeSite(repository: ContentSource): Promise<void> {
  if (!inputs) return
  const [schemas, problems] = await Promise.all([inputs.schemas(), checkedProblems(repository)])
  siteTranslations.set(
    englishFiles(repository).flatMap((file) => {
      const values = outdatedValues(repository, schemas, file, problems)
      if (!values.length) return []
      return [{ file, document: parse(repository.content.get(file) ?? ''), values }]
    }),
  )
}

/** The controls of the open form's top-level fields, by column and name (widgets.tsx). */
const topFields = new Map<string, (rest: (string | number)[]) => void>()
const formClosed = new Set<() => void>()
export function registerTopField(
  locale: string,
  name: string,
  focus: ((rest: (string | number)[]) => void) | undefined,
): void {
  if (focus) topFields.set(`${locale}:${name}`, focus)
  else topFields.delete(`${locale}:${name}`)
  if (topFields.size) return
  for (const done of formClosed) done()
  formClosed.clear()
}

/** Resolves once no entry's form is open (its fields unmounted). */
export function whenFormClosed(): Promise<void> {
  if (!topFields.size) return Promise.resolve()
  return new Promise((resolve) => formClosed.add(resolve))
}

let target: { entry: string; keyPath: string } | undefined

/** Brings an English value into view and focus once its entry's form is open. */
export function focusWhenOpen(entry: string, keyPath: string): void {
  target = { entry, keyPath }
  if (entryTranslations.get().entry === entry) focusPending(entry)
}

function focusPending(entry: string): void {
  if (!target || target.entry !== entry) return
  const { keyPath } = target
  const found = [...entryTranslations.get().byPath.values()].find((o) => o.keyPath === keyPath)
  if (!found) return
  const [name, ...rest] = found.path
  const focus = topFields.get(`en:${String(name)}`)
  if (!focus) return
  target = undefined
  focus(rest)
}
