// The editor's configuration for a git backend (the production editor, production.ts): Decap CMS
// then reads and writes the repository's files itself, so every entry must be a real file. The
// dev configuration's bilingual entries (a page at `content/pages/<id>.yaml` holding `{ fr, en }`,
// the UI strings at `content/i18n/strings.yaml`, entryPaths.ts) exist only through the dev
// server's endpoint; here each becomes one plain entry per language file:
// - `<label> — français`, `content/fr/<id>.yaml`: every field, the neutral settings included
//   (they are written once, in French: content/neutral.ts);
// - `<label> — anglais`, `content/en/<id>.yaml`: only the fields that hold words (`i18n` not
//   false), at every depth. A neutral value written in the English file is a content error.
// No `i18n` remains (no collection is bilingual any more, so the top-level block goes too), and
// the news page loses its articles field: content/data/news.yaml is its own entry in
// "Réglages et données", and the endpoint that split one save into three files is not there.

import type {
  DecapBackend,
  DecapCollection,
  DecapConfig,
  DecapField,
  DecapFile,
} from '../../../templates/core/editor/decapConfig.ts'
import { localeFiles, NEWS_DATA, pageEntryPath } from '../../../templates/core/editor/entryPaths.ts'
import { REVIEW_FIELD } from '../../../templates/core/editor/translationReview.ts'
import { LANGS, type Lang, SOURCE_LANG } from '../../../templates/lib/languages.ts'

const LANGUAGE_NAMES: Record<Lang, string> = { fr: 'français', en: 'anglais' }

const HINTS = {
  source:
    'les textes en français et les réglages communs aux deux langues (fond, colonnes, style des boutons…)',
  other: "les textes seuls ; les réglages communs se changent dans l'entrée en français",
  news: `les dates, catégories et photos des articles sont dans « Réglages et données » (${NEWS_DATA.file})`,
}

/**
 * The dev configuration (cmsConfig) made fit for a git backend: real files only, no i18n. A
 * folder collection of pages (a menu group: its pages in `site_pages`) becomes a file collection,
 * a file entry per page and language. The folder collection of new pages goes: its save writes
 * five files through the editor's own backend.
 */
export function gitBackendConfig(config: DecapConfig): DecapConfig {
  const { i18n: _bilingual, site_pages: pages = {}, ...rest } = config
  const files = config.collections.flatMap((c): DecapCollection[] => {
    if (!('folder' in c)) return [c]
    const listed = pages[c.folder]
    if (!listed) return []
    // Its description tells of both languages on one screen: not so here.
    const { name, label, fields } = c
    return [
      {
        name,
        label,
        files: listed.map(({ id, label }) => ({
          name: id,
          label,
          file: pageEntryPath(id),
          i18n: true,
          fields,
        })),
      },
    ]
  })
  const sortable_fields = fileCollectionSort(config.backend)
  return { ...rest, collections: files.map((c) => plainCollection(c, sortable_fields)) }
}

function plainCollection(collection: DecapCollection, sortable_fields: string[]): DecapCollection {
  const { i18n: _bilingual, ...rest } = collection
  return { ...rest, sortable_fields, files: collection.files.flatMap(plainFiles) }
}

/**
 * The sort options Decap gives a file collection's list when it names none: a file collection
 * has no fields of its own to infer a title, date or author from, so a git host's commit date
 * and author, and nothing for the dev server's proxy (decap-cms-core's applyDefaults and
 * selectDefaultSortableFields, reducers/collections.ts). Given here, the same, so that Decap's
 * start does not convert each collection, its pages' fields and all, to Immutable to infer them:
 * 0.1-0.15 s of every load of the editor.
 */
export function fileCollectionSort(backend: DecapBackend | undefined): string[] {
  return backend && backend.name !== 'proxy' ? ['commit_date', 'commit_author'] : []
}

/** A bilingual entry as one entry per language file; any other entry as it is, less its i18n. */
function plainFiles(file: DecapFile): DecapFile[] {
  const { i18n: _bilingual, ...rest } = file
  const locales = localeFiles(file.file)
  if (!locales) return [{ ...rest, fields: withoutI18n(file.fields) }]
  // The news page's articles field: news.yaml's own entry edits them (see the top).
  // The reviews of the translations (translationReview.ts) are the editor's own save's.
  const fields = file.fields.filter((f) => f.name !== REVIEW_FIELD)
  const pageFields = fields.filter((f) => !(f.name === NEWS_DATA.key && f.i18n === false))
  const news = pageFields.length < fields.length
  return LANGS.map((lang) => {
    const source = lang === SOURCE_LANG
    const hint = [source ? HINTS.source : HINTS.other, ...(news && source ? [HINTS.news] : [])]
    return {
      name: `${file.name}-${lang}`,
      label: `${file.label} — ${LANGUAGE_NAMES[lang]}`,
      file: locales[lang],
      description: `${locales[lang]} : ${hint.join(' ; ')}.`,
      fields: source ? withoutI18n(pageFields) : wordsOnly(pageFields),
    }
  })
}

const withoutI18n = (fields: DecapField[]): DecapField[] => fields.map((f) => plainField(f, false))

/** The fields that hold words, at every depth; none of them keeps an `i18n`. */
const wordsOnly = (fields: DecapField[]): DecapField[] =>
  fields.flatMap((f) => (f.i18n === false ? [] : (plainField(f, true) ?? [])))

/**
 * A field without `i18n` in it or under it; with `words`, without its neutral parts, or undefined
 * when nothing of it is left (Decap refuses an object or a list type without fields).
 */
function plainField(field: DecapField, words: true): DecapField | undefined
function plainField(field: DecapField, words: false): DecapField
function plainField(field: DecapField, words: boolean): DecapField | undefined {
  const { i18n: _bilingual, field: item, fields, types, ...rest } = field
  const out: DecapField = rest
  const list = (fs: DecapField[]) => (words ? wordsOnly(fs) : withoutI18n(fs))
  if (item) {
    const kept = words ? wordsOnly([item])[0] : plainField(item, false)
    if (!kept) return undefined
    out.field = kept
  }
  if (fields) {
    const kept = list(fields)
    if (!kept.length) return undefined
    out.fields = kept
  }
  if (types) {
    const kept = list(types)
    if (!kept.length) return undefined
    out.types = kept
  }
  return out
}
