// The guide's rule for a document's new edition, applied to a save of documents.yaml from the
// editor (pure, on a content source): a document whose `file` changed keeps its old URL under
// `formerly` (a 301 to the new file) and the old file is removed, unless another document still
// serves it. The check then requires it: a `formerly` path must not exist (x-absent).
import { parse } from 'yaml'
import type { DocumentEntry } from '../../lib/documents.ts'
import { isObject } from '../../lib/isObject.ts'
import type { ContentSource } from '../content/source.ts'

export const DOCUMENTS_FILE = 'content/data/documents.yaml'

export type Registry = Record<string, unknown> & { documents: DocumentEntry[] }

/** documents.yaml's value from its text (an absent or broken file: no documents). */
export function registryOf(text: string | undefined): Registry {
  let value: unknown
  try {
    value = text === undefined ? undefined : parse(text)
  } catch {
    value = undefined
  }
  const registry = (value && typeof value === 'object' ? value : {}) as Partial<Registry>
  return { ...registry, documents: Array.isArray(registry.documents) ? registry.documents : [] }
}

/** `/docs/x.pdf` -> `public/docs/x.pdf`; `.` and `..` resolved, never above public/. */
export function publicPathOf(url: string): string {
  const parts: string[] = []
  for (const part of url.split('/'))
    if (part === '..') parts.pop()
    else if (part !== '' && part !== '.') parts.push(part)
  return ['public', ...parts].join('/')
}

/**
 * documents.yaml's new value from the form's, with `formerly` kept for each changed file, and
 * the old files to remove (paths under public/).
 */
export function planDocuments(
  source: ContentSource,
  value: unknown,
): { values: Map<string, unknown>; removed: string[] } {
  const before = registryOf(source.content.get(DOCUMENTS_FILE)).documents
  const next = (isObject(value) ? value : {}) as Partial<Registry>
  const documents = Array.isArray(next.documents) ? next.documents : []
  const removed: string[] = []
  const edited = documents.map((doc) => {
    const old = before.find((d) => d.id === doc?.id)
    if (!old || !doc || typeof doc.file !== 'string' || old.file === doc.file) return doc
    const shared = documents.some((d) => d !== doc && d?.file === old.file)
    const formerly = [...new Set([...(doc.formerly ?? []), ...(shared ? [] : [old.file])])].filter(
      (u) => u !== doc.file,
    )
    if (!shared && source.public.has(old.file)) removed.push(publicPathOf(old.file))
    const { formerly: _, ...rest } = doc
    return formerly.length ? { ...rest, formerly } : rest
  })
  return { values: new Map([[DOCUMENTS_FILE, { ...next, documents: edited }]]), removed }
}
