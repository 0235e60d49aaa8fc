// Validation of references to the documents registry (content/data/documents.yaml), kept out
// of validator.ts: `doc:<id>` links must name a registered document, a registered PDF must be
// linked by its id (so a rename stays one edit), and a `formerly` URL must no longer exist.
import type { KeywordDefinition } from 'ajv/dist/2020.js'
import { DOC_LINK, type DocumentEntry } from '../../../templates/lib/documents.ts'
import { type ContentProblem, keyPath } from './problems.ts'
import type { PublicFiles } from './source.ts'
import type { YamlFile } from './yamlFile.ts'

export type DocumentsContext = { public: PublicFiles; documents: DocumentEntry[] }

type KeywordError = { keyword: string; message: string; params: object }

/**
 * The problem with a link that names a document (`doc:<id>`) or the file of a registered one;
 * undefined when the link is fine, null when it is no document link at all.
 */
export function documentLinkError(
  link: string,
  ctx: DocumentsContext,
): KeywordError | undefined | null {
  const m = DOC_LINK.exec(link)
  if (m) {
    if (ctx.documents.some((d) => d.id === m[1])) return undefined
    const known = ctx.documents.map((d) => d.id)
    return {
      keyword: 'x-link',
      message: `unknown document id "${m[1]}": register it in content/data/documents.yaml (known: ${known.join(', ') || 'none'})`,
      params: {},
    }
  }
  const path = link.replace(/[?#].*$/, '')
  const registered = ctx.documents.find((d) => d.file === path || d.formerly?.includes(path))
  if (registered)
    return {
      keyword: 'x-link',
      message: `link to this document by its id: doc:${registered.id} (content/data/documents.yaml), so renaming its file stays one edit`,
      params: {},
    }
  return null
}

/** `x-absent`: the path must not exist under public/ (an old URL that is now a redirect). */
export function documentKeywords(ctx: DocumentsContext): KeywordDefinition[] {
  return [
    {
      keyword: 'x-absent',
      type: 'string',
      schemaType: 'boolean',
      validate: function xAbsent(_: boolean, data: string) {
        const ok = !ctx.public.has(data)
        if (!ok)
          (xAbsent as unknown as { errors: unknown[] }).errors = [
            {
              keyword: 'x-absent',
              message: `public${data} still exists: remove it, or the old URL serves the old file instead of redirecting`,
              params: {},
            },
          ]
        return ok
      },
      errors: true,
    },
  ]
}

const TEXT_DOC_LINK = /\]\((doc:[^)\s]*)\)/g

/** `[label](doc:<id>)` in running text (paragraphs, lists) must name a registered document. */
export function checkDocumentLinksInText(y: YamlFile, ctx: DocumentsContext): ContentProblem[] {
  const out: ContentProblem[] = []
  const walk = (v: unknown, path: (string | number)[]) => {
    if (typeof v === 'string') {
      for (const m of v.matchAll(TEXT_DOC_LINK)) {
        const error = documentLinkError(m[1] ?? '', ctx)
        if (error)
          out.push({
            file: y.file,
            ...y.positionOf(path),
            key: keyPath(path),
            message: error.message,
          })
      }
    } else if (Array.isArray(v)) for (const [i, x] of v.entries()) walk(x, [...path, i])
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) walk(x, [...path, k])
  }
  walk(y.value, [])
  return out
}
