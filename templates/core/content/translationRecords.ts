// Translations that stay true: which English values were translated from a French text
// that has changed since. Pure (text in, result out; no node: module): the same in Node (validate,
// the build, `npm run translations`) and in the editor's browser bundle.
//
// API (for the editor's side, T2):
// - Where: the record of an English file `content/X` (`content/en/<page>.yaml`,
//   `content/i18n/en.yaml`) is `content/translations/X` (`recordPathOf`). One YAML mapping, one
//   line per value, sorted by key path: `blocks.presentation.heading: { fr: "…", en: "<textHash>" }`
//   (`fr`: the French the English was translated from or last reviewed against; `en`: textHash of
//   the English then). Checked by the content check against schemas/translations.schema.json.
// - `translatedValues(source, schemas, enFile)`: the English word values of a file with their
//   French counterparts, by key path (by block and item ids: `blocks.<id>.items.<id>.title`;
//   positions only in lists without ids: `blocks.<id>.paragraphs.0`; UI strings: `nav.label`).
// - `outdatedTranslations(source, schemas, problems)`: every outdated value of the site, as
//   `{ file, line, col, keyPath, frBefore, frNow, enNow }` (file: the English file; line/col: the
//   English value's), sorted by file then line. `problems`: the content check's, on the same
//   source: a value whose French is in error is left out (`frenchInError`).
// - `recordText(source, schemas, enFile, accepted)`: the new text of `enFile`'s record after a save
//   or a review, or null when it is unchanged. `accepted`: 'outdated' (every outdated value of the
//   file reviewed), or a set of key paths reviewed (empty for a plain save). Call it on the tree as
//   it is after the save (`overlaySource`) for each English file the save touches and for the
//   English counterpart of each French file it touches, and write the text with the save.
// `schemas` is the check's `CheckRules['schemas']` (rules.ts in the browser, load.ts's checkRules
// on the disk): which strings are words is read from the schemas (not `x-neutral`, not enums,
// patterns, links, assets, page or data ids).
//
// The rules, for each English word value with a French counterpart at the same key path:
// - no record entry: up to date (a new value, written in both languages);
// - the French now is the entry's `fr`: up to date (whatever the English did);
// - the French changed and the English is the entry's (same hash): outdated;
// - the French changed and so did the English: re-translated, up to date;
// - the French is in error in the content check (a problem at the French value, at its item or
//   block, or at the whole French file; a French file that cannot be read gives no value at all):
//   not a translation to review yet, whatever the record says. The check's message is the one
//   message of that mistake.
// A writer keeps the entries of outdated values that were not reviewed, writes the current pair
// (French now, hash of the English now) for every other value, and drops entries of values that
// no longer exist (never an error).
import { isObject, type Json } from '../../lib/isObject.ts'
import { LANGS, SOURCE_LANG } from '../../lib/languages.ts'
import { isBlockList, pairBlocks, pairItems } from './blockPairs.ts'
import type { SchemaSet } from './neutral.ts'
import { type ContentProblem, keyPath } from './problems.ts'
import type { ContentSource } from './source.ts'
import { yamlFilesIn } from './source.ts'
import { textHash } from './textHash.ts'
import { parseYaml, type YamlFile } from './yamlFile.ts'

/** The folder of the records, under content/ (the editor's repository reads content/). */
export const RECORD_FOLDER = 'content/translations'
/** The record folders the check validates (one per folder of English files). */
export const RECORD_FOLDERS = [`${RECORD_FOLDER}/en`, `${RECORD_FOLDER}/i18n`]
export const RECORD_SCHEMA = 'translations.schema.json'

const TARGET = LANGS.find((l) => l !== SOURCE_LANG) ?? 'en'

/** `content/en/x.yaml` -> `content/translations/en/x.yaml`. */
export const recordPathOf = (enFile: string): string =>
  `${RECORD_FOLDER}/${enFile.replace(/^content\//, '')}`

/** The French file an English file translates: `content/fr/x.yaml`, `content/i18n/fr.yaml`. */
export function frenchFileOf(enFile: string): string | undefined {
  if (enFile === `content/i18n/${TARGET}.yaml`) return `content/i18n/${SOURCE_LANG}.yaml`
  const page = new RegExp(`^content/${TARGET}/([^/]+\\.yaml)$`).exec(enFile)?.[1]
  return page ? `content/${SOURCE_LANG}/${page}` : undefined
}

/** The English file a French one is translated into (the save of a French file names it). */
export function englishFileOf(frFile: string): string | undefined {
  if (frFile === `content/i18n/${SOURCE_LANG}.yaml`) return `content/i18n/${TARGET}.yaml`
  const page = new RegExp(`^content/${SOURCE_LANG}/([^/]+\\.yaml)$`).exec(frFile)?.[1]
  return page ? `content/${TARGET}/${page}` : undefined
}

/** Every English file of the source that has a French counterpart, sorted. */
export function englishFiles(source: ContentSource): string[] {
  const pages = yamlFilesIn(source, `content/${TARGET}`).map((f) => `content/${TARGET}/${f}`)
  const files = [...pages, `content/i18n/${TARGET}.yaml`]
  return files.filter((f) => {
    const fr = frenchFileOf(f)
    return source.content.has(f) && !!fr && source.content.has(fr)
  })
}

/** One English word value and its French counterpart. */
export type TranslatedValue = {
  keyPath: string
  /** Its place in the English file's value (positions in lists): what positionOf takes. */
  path: (string | number)[]
  /** Its French counterpart's place in the French file's value. */
  frPath: (string | number)[]
  en: string
  fr: string
}

export type RecordEntry = { fr: string; en: string }

export type OutdatedTranslation = {
  /** The English file: `content/en/training.yaml`. */
  file: string
  /** Where the English value is in it. */
  line: number
  col: number
  keyPath: string
  /** The French the English was translated from (or last reviewed against). */
  frBefore: string
  frNow: string
  enNow: string
}

type At = { node: Json; file: string }

/** Schema keywords that make a string a setting, an id or an address rather than words. */
const NOT_WORDS = [
  'x-neutral',
  'enum',
  'const',
  'pattern',
  'format',
  'x-link',
  'x-asset',
  'x-page',
  'x-data',
  'x-fact',
]
const NOT_WORD_KEYS = new Set(['id', 'type'])

function isWords(schemas: SchemaSet, at: At | undefined, key: string | number): boolean {
  if (typeof key === 'string' && NOT_WORD_KEYS.has(key)) return false
  if (!at) return true
  const nodes = [at.node, schemas.resolve(at).node]
  return !nodes.some((n) => NOT_WORDS.some((k) => n[k] !== undefined && n[k] !== false))
}

/** The file's parsed YAML, or undefined when it is missing or unreadable. */
function readFile(source: ContentSource, path: string): YamlFile | undefined {
  const text = source.content.get(path)
  if (text === undefined) return undefined
  const { yaml } = parseYaml(path, text)
  return yaml.value === undefined ? undefined : yaml
}

/** Each item's key segment: its id when it has one the list does not repeat, else its place. */
function segments(list: readonly unknown[]): (string | number)[] {
  const ids = list.map((x) => (isObject(x) && typeof x.id === 'string' ? x.id : undefined))
  const count = new Map<string, number>()
  for (const id of ids) if (id !== undefined) count.set(id, (count.get(id) ?? 0) + 1)
  return ids.map((id, i) => (id !== undefined && count.get(id) === 1 ? id : i))
}

/**
 * The English word values of `enFile` with their French counterparts (values the French file
 * lacks are left out: the structure check reports them), in the file's order. Undefined when
 * either file is missing or unreadable.
 */
export function translatedValues(
  source: ContentSource,
  schemas: SchemaSet,
  enFile: string,
): TranslatedValue[] | undefined {
  const frFile = frenchFileOf(enFile)
  const en = readFile(source, enFile)
  const fr = frFile && readFile(source, frFile)
  if (!en || !fr) return undefined
  const rootSchema = enFile.startsWith('content/i18n/') ? 'i18n.schema.json' : 'page.schema.json'
  const out: TranslatedValue[] = []
  const walk = (
    e: unknown,
    f: unknown,
    at: At | undefined,
    path: (string | number)[],
    frPath: (string | number)[],
    keys: (string | number)[],
  ) => {
    if (typeof e === 'string') {
      if (typeof f === 'string') out.push({ keyPath: keys.join('.'), path, frPath, en: e, fr: f })
      return
    }
    if (Array.isArray(e)) {
      if (!Array.isArray(f)) return
      const items = at && schemas.items(at)
      const partnerOf =
        isBlockList(e) && isBlockList(f)
          ? pairBlocks(f, e).partnerOf
          : e.length > 0 && e.every((x) => isObject(x) && typeof x.id === 'string')
            ? pairItems(f, e).partnerOf
            : e.map((_, j) => j)
      const names = segments(e)
      for (const [j, item] of e.entries()) {
        const i = partnerOf[j]
        if (i === undefined || i >= f.length) continue
        walk(item, f[i], items, [...path, j], [...frPath, i], [...keys, names[j] ?? j])
      }
      return
    }
    if (isObject(e)) {
      if (!isObject(f)) return
      const schema = at && schemas.objectSchema(at, e)
      for (const [k, v] of Object.entries(e)) {
        const property = schema && schemas.property(schema, k)
        if (typeof v === 'string' && !isWords(schemas, property, k)) continue
        if (!(k in f)) continue
        walk(v, f[k], property, [...path, k], [...frPath, k], [...keys, k])
      }
    }
  }
  walk(en.value, fr.value, schemas.root(rootSchema), [], [], [])
  return out
}

/** The well-formed entries of `enFile`'s record (a malformed one is the check's to report). */
export function readRecord(source: ContentSource, enFile: string): Map<string, RecordEntry> {
  const entries = new Map<string, RecordEntry>()
  const y = readFile(source, recordPathOf(enFile))
  if (!y || !isObject(y.value)) return entries
  for (const [key, entry] of Object.entries(y.value))
    if (isObject(entry) && typeof entry.fr === 'string' && typeof entry.en === 'string')
      entries.set(key, { fr: entry.fr, en: entry.en })
  return entries
}

/** The rules: whether a value is outdated against its record entry. */
export function isOutdated(value: Pick<TranslatedValue, 'en' | 'fr'>, entry?: RecordEntry) {
  return !!entry && entry.fr !== value.fr && entry.en === textHash(value.en)
}

/** What of a problem `frenchInError` reads: where it is (never its words). */
export type ProblemPlace = Pick<ContentProblem, 'file' | 'key'>

/**
 * The key path a problem puts in error: its own key (`blocks[2].paragraphs[0]`), the item's or
 * block's whose `id` or `type` it is (`blocks[0].items[1]` for `blocks[0].items[1].id`: a
 * duplicate or foreign id makes the whole item another one), or '' for the whole file
 * (`(document)`, `(file)`).
 */
function problemSubject(key: string): string {
  if (key === '(document)' || key === '(file)') return ''
  return key.replace(/\]\.(id|type)$/, ']')
}

/**
 * Whether the French value at `frPath` of `frFile` is in error: a problem of the check is at that
 * key path, or at an ancestor's (its item, its block, the file), by the problems' `file` and
 * `key` alone.
 */
export function frenchInError(
  problems: readonly ProblemPlace[],
  frFile: string,
  frPath: readonly (string | number)[],
): boolean {
  const subjects = problems.filter((p) => p.file === frFile).map((p) => problemSubject(p.key))
  if (!subjects.length) return false
  const key = keyPath(frPath)
  return subjects.some(
    (s) => s === '' || key === s || key.startsWith(`${s}.`) || key.startsWith(`${s}[`),
  )
}

/**
 * The outdated values of one English file with their record entries, in the file's order: the
 * rules applied once, for the terminal's list (outdatedIn) and the editor's notices. `problems`:
 * the content check's on the same source (values whose French is in error are left out).
 */
export function outdatedEntries(
  source: ContentSource,
  schemas: SchemaSet,
  enFile: string,
  problems: readonly ProblemPlace[] = [],
): { value: TranslatedValue; entry: RecordEntry }[] {
  const record = readRecord(source, enFile)
  if (!record.size) return []
  const frFile = frenchFileOf(enFile) ?? ''
  const frenchProblems = problems.filter((p) => p.file === frFile)
  return (translatedValues(source, schemas, enFile) ?? []).flatMap((value) => {
    const entry = record.get(value.keyPath)
    return entry && isOutdated(value, entry) && !frenchInError(frenchProblems, frFile, value.frPath)
      ? [{ value, entry }]
      : []
  })
}

/** The outdated values of one English file, in the file's order, each at its line. */
export function outdatedIn(
  source: ContentSource,
  schemas: SchemaSet,
  enFile: string,
  problems: readonly ProblemPlace[] = [],
): OutdatedTranslation[] {
  const outdated = outdatedEntries(source, schemas, enFile, problems)
  const en = outdated.length ? readFile(source, enFile) : undefined
  return outdated.map(({ value: v, entry }) => {
    const { line, col } = en?.positionOf(v.path) ?? { line: 1, col: 1 }
    return {
      file: enFile,
      line,
      col,
      keyPath: v.keyPath,
      frBefore: entry.fr,
      frNow: v.fr,
      enNow: v.en,
    }
  })
}

/**
 * Every outdated translation of the site, by English file, then in the file's order; `problems`:
 * the content check's on the same source (values whose French is in error are left out).
 */
export function outdatedTranslations(
  source: ContentSource,
  schemas: SchemaSet,
  problems: readonly ProblemPlace[] = [],
): OutdatedTranslation[] {
  return englishFiles(source).flatMap((f) => outdatedIn(source, schemas, f, problems))
}

/**
 * The new text of `enFile`'s record (see the module's head), or null when it is unchanged (or
 * when the English or French file is missing or unreadable: the check refuses that tree).
 */
export function recordText(
  source: ContentSource,
  schemas: SchemaSet,
  enFile: string,
  accepted: 'outdated' | ReadonlySet<string>,
): string | null {
  const values = translatedValues(source, schemas, enFile)
  if (!values) return null
  const record = readRecord(source, enFile)
  const entries = new Map<string, RecordEntry>()
  for (const v of values) {
    if (entries.has(v.keyPath)) continue
    const entry = record.get(v.keyPath)
    const reviewed = accepted === 'outdated' || accepted.has(v.keyPath)
    entries.set(
      v.keyPath,
      entry && !reviewed && isOutdated(v, entry) ? entry : { fr: v.fr, en: textHash(v.en) },
    )
  }
  const text = recordFileText(enFile, entries)
  return text === source.content.get(recordPathOf(enFile)) ? null : text
}

/** A YAML key as written: plain when it reads back as the same string. */
const yamlKey = (key: string) =>
  /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(key) && !/^(true|false|null|yes|no|on|off|y|n)$/i.test(key)
    ? key
    : JSON.stringify(key)

/**
 * The record's text: its schema (whose description says what it is: the editor reads every
 * record before its form is ready, so no per-file comment), then one line per entry, sorted by
 * key path.
 */
export function recordFileText(enFile: string, entries: ReadonlyMap<string, RecordEntry>): string {
  const depth = recordPathOf(enFile).split('/').length - 1
  const lines = [...entries]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    // JSON's double-quoted strings are YAML's.
    .map(([k, e]) => `${yamlKey(k)}: { fr: ${JSON.stringify(e.fr)}, en: "${e.en}" }`)
  return [
    `# yaml-language-server: $schema=${'../'.repeat(depth)}schemas/${RECORD_SCHEMA}`,
    ...(lines.length ? lines : ['{}']),
    '',
  ].join('\n')
}
