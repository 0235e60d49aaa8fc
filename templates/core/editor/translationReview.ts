// The translation record in the editor's save. Every save of a bilingual entry
// writes, in the same commit, the record of its English file (translations.ts `recordText`, on the
// tree as the save would leave it): a value whose English was edited is recorded against the
// French now, a value whose French alone changed stays « à revoir ». A review (« Traduction à
// jour » beside an English field) travels with the entry's value, in a field of its own that no
// file holds: `translations_reviewed`, the English values reviewed in the form, each as
// `<key path>@<textHash of the French reviewed against>` (reviewMark), which the save takes out of
// the value before writing the files and hands to `recordText` as accepted when the French is
// still that text (a mark left in the form after its save never accepts a later French change).
// Carried in the value, a review makes the form changed (Decap's « Publier » needs it), is merged
// and kept like the rest of the form, and needs no second save path.
import { LANGS } from '../../lib/languages.ts'
import type { SchemaSet } from '../content/neutral.ts'
import { type ContentSource, overlaySource } from '../content/source.ts'
import { textHash } from '../content/textHash.ts'
import {
  englishFileOf,
  frenchFileOf,
  outdatedEntries,
  recordPathOf,
  recordText,
  translatedValues,
} from '../content/translationRecords.ts'
import type { DecapField } from './decapConfig.ts'

/** The entry's field holding the English values reviewed in the form (never written to a file). */
export const REVIEW_FIELD = 'translations_reviewed'

/** The field as the configuration declares it on every bilingual entry (its widget is the editor's). */
export const reviewField: DecapField = {
  name: REVIEW_FIELD,
  label: 'Traductions revues',
  widget: 'site-translation-review',
  required: false,
  i18n: true,
}

/** A review of the English value at `keyPath` against the French `fr`, as the field holds it. */
export const reviewMark = (keyPath: string, fr: string): string => `${keyPath}@${textHash(fr)}`

/**
 * A bilingual entry's value without the review field, and the marks it holds (the English
 * column's; the French column's is ignored).
 */
export function takeReviews(value: unknown): { value: unknown; reviewed: Set<string> } {
  const reviewed = new Set<string>()
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { value, reviewed }
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) }
  for (const lang of LANGS) {
    const words = out[lang]
    if (!words || typeof words !== 'object' || Array.isArray(words) || !(REVIEW_FIELD in words))
      continue
    const { [REVIEW_FIELD]: marks, ...rest } = words as Record<string, unknown>
    out[lang] = rest
    if (lang !== LANGS[0] && Array.isArray(marks))
      for (const m of marks) if (typeof m === 'string') reviewed.add(m)
  }
  return { value: out, reviewed }
}

/** The English files whose record a save of `files` rewrites: its English files and the French ones'. */
export function recordedFiles(files: Iterable<string>): string[] {
  const out = new Set<string>()
  for (const file of files) {
    const en = frenchFileOf(file) ? file : englishFileOf(file)
    if (en) out.add(en)
  }
  return [...out].sort()
}

/**
 * The records a save of `files` reads to write its own (withRecords), written or not: a save
 * whose record text comes out unchanged still depends on the record being the one it read.
 */
export const recordsRead = (files: Iterable<string>): string[] =>
  recordedFiles(files).map(recordPathOf)

/**
 * `files` (a save's new texts) with the record of each English file whose words they change (in
 * English or in French) or whose values they review, as the tree would be after the save;
 * `reviewed`: the review marks of the entry's English file (reviewMark). An unchanged save
 * writes no record.
 */
export function withRecords(
  source: ContentSource,
  schemas: SchemaSet,
  files: ReadonlyMap<string, string | null>,
  reviewed: ReadonlySet<string> = new Set(),
): Map<string, string | null> {
  const out = new Map(files)
  const wouldBe = overlaySource(source, files)
  const changed = (path: string | undefined) =>
    !!path && files.has(path) && files.get(path) !== (source.content.get(path) ?? null)
  for (const en of recordedFiles(files.keys())) {
    if (files.get(en) === null) {
      // A page removed: its record goes with it.
      if (source.content.has(recordPathOf(en))) out.set(recordPathOf(en), null)
      continue
    }
    const accepted = new Set<string>()
    if (reviewed.size)
      for (const v of translatedValues(wouldBe, schemas, en) ?? [])
        if (reviewed.has(reviewMark(v.keyPath, v.fr))) accepted.add(v.keyPath)
    if (!accepted.size && !changed(en) && !changed(frenchFileOf(en))) continue
    const text = recordText(wouldBe, schemas, en, accepted)
    if (text !== null) out.set(recordPathOf(en), text)
  }
  return out
}

/** How many English values of the files a save touches remain « à revoir » after it. */
export function leftToReview(
  source: ContentSource,
  schemas: SchemaSet,
  files: ReadonlyMap<string, string | null>,
): number {
  const wouldBe = overlaySource(source, files)
  return recordedFiles(files.keys()).reduce(
    (n, en) => n + (wouldBe.content.has(en) ? outdatedEntries(wouldBe, schemas, en).length : 0),
    0,
  )
}
