// A plain planner and entry reader for the tests of the editor's backend (templates/admin/
// backend/), standing in for the real ones (scripts/lib/cms and scripts/lib/editing): a page's
// entry `content/pages/<id>.yaml` (or `content/pages/<group>/<id>.yaml`) is `{ fr, en }` read from its two files, and a save writes each
// language's value back to its file as YAML (only the files whose text changes). It refuses an
// empty English title, at its field, as the real check would. `mergingDeps` also merges, as
// planEntry does with a base: the form's changed top-level values over the entry as it is now.
import { parse, stringify } from 'yaml'
import type { SavePlan, SiteBackendDeps } from '../../templates/admin/backend/types.ts'
import { type ContentSource, memorySource } from '../../templates/core/content/source.ts'

const PAGE = /^content\/pages\/(?:[^/]+\/)?([^/]+)\.yaml$/
const LANGS = ['fr', 'en'] as const

export function readEntry(source: ContentSource, path: string): string | null {
  const page = PAGE.exec(path)?.[1]
  if (!page) return source.content.get(path) ?? null
  const texts = LANGS.map((l) => source.content.get(`content/${l}/${page}.yaml`))
  if (texts.every((t) => t === undefined)) return null
  return stringify(Object.fromEntries(LANGS.map((l, i) => [l, parse(texts[i] ?? '{}')])))
}

export function planSave(
  source: ContentSource,
  path: string,
  raw: string,
  _uploads?: unknown,
  base: string | null = null,
): SavePlan {
  const now = readEntry(source, path)
  if (base !== null && now !== null && now !== base)
    raw = stringify(merge(parse(base), parse(raw), parse(now)))
  const page = PAGE.exec(path)?.[1]
  const files = new Map<string, string | null>()
  if (!page) {
    if (source.content.get(path) !== raw) files.set(path, raw)
    return { ok: true, files }
  }
  const value = parse(raw) as Record<string, Record<string, unknown>>
  if (value.en && value.en.title === '') {
    const file = `content/en/${page}.yaml`
    const message = 'title: a value is required'
    const fr = 'title: une valeur est requise'
    return {
      ok: false,
      problems: [
        {
          file,
          line: 1,
          col: 1,
          key: 'title',
          message,
          fr,
          text: `${file}:1:1 ${message}`,
          field: ['en', 'title'],
        },
      ],
    }
  }
  for (const lang of LANGS) {
    const file = `content/${lang}/${page}.yaml`
    const text = stringify(value[lang] ?? {})
    if (source.content.get(file) !== text) files.set(file, text)
  }
  return { ok: true, files }
}

type Value = Record<string, Record<string, unknown>>

/** Per language, each top-level value the form changed from `base` over the entry `now`. */
function merge(base: Value, form: Value, now: Value): Value {
  const out: Value = structuredClone(now)
  for (const lang of Object.keys(form)) {
    out[lang] ??= {}
    for (const [key, value] of Object.entries(form[lang] ?? {}))
      if (JSON.stringify(value) !== JSON.stringify(base[lang]?.[key]))
        (out[lang] as Record<string, unknown>)[key] = value
  }
  return out
}

export const testDeps = (extra: Partial<SiteBackendDeps> = {}): SiteBackendDeps => ({
  memorySource,
  readEntry,
  planSave,
  ...extra,
})

export const mergingDeps = (extra: Partial<SiteBackendDeps> = {}): SiteBackendDeps =>
  testDeps({ merges: true, ...extra })
