// The documents registry (content/data/documents.yaml): content names a PDF by id
// (`doc:<id>`), the registry alone knows its file. Validated against
// schemas/data/documents.schema.json before any template runs (its type is generated from it).
import type { DocumentsData, SiteData } from '../content.ts'

export type { DocumentsData }
export type DocumentEntry = DocumentsData['documents'][number]

export const DOC_LINK = /^doc:([^#?]*)(.*)$/

export function documentsOf(data: Partial<SiteData> | Record<string, unknown>): DocumentEntry[] {
  // Also called before the registry is validated (to check links against it): tolerate junk.
  const list: unknown = (data.documents as Partial<DocumentsData> | undefined)?.documents
  return Array.isArray(list)
    ? list.filter(
        (d): d is DocumentEntry => typeof d?.id === 'string' && typeof d.file === 'string',
      )
    : []
}

/** `doc:<id>` -> the document's file path (`/docs/x.pdf`); other links unchanged. */
export function resolveDocumentHref(documents: DocumentEntry[], href: string): string {
  const m = DOC_LINK.exec(href)
  if (!m) return href
  const doc = documents.find((d) => d.id === m[1])
  if (!doc) throw new Error(`Unknown document id "${m[1]}" (content/data/documents.yaml)`)
  return doc.file + (m[2] ?? '')
}

/** Old URL -> current file, for every document that lists `formerly`. */
export function documentRedirects(documents: DocumentEntry[]): { from: string; to: string }[] {
  return documents.flatMap((d) => (d.formerly ?? []).map((from) => ({ from, to: d.file })))
}
