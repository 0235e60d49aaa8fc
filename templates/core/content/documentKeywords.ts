// Validation of references to the documents registry (content/data/documents.yaml), kept out
// of validator.ts: `doc:<id>` links must name a registered document, a registered PDF must be
// linked by its id (so a rename stays one edit), and a `formerly` URL must no longer exist.
import type { KeywordDefinition } from 'ajv/dist/2020.js'
import { DOC_LINK, type DocumentEntry } from '../../lib/documents.ts'
import { inlineLinks } from '../../lib/inlineMarkup.ts'
import { type ContentProblem, keyPath, type Text, worded } from './problems.ts'
import type { PublicFiles } from './source.ts'
import type { YamlFile } from './yamlFile.ts'

export type DocumentsContext = { public: PublicFiles; documents: DocumentEntry[] }

/** A keyword's error as ajv keeps it, its French in `params.fr` (validator.ts, keywordError). */
type KeywordError = { keyword: string; message: string; params: { fr: string } }

const linkError = (text: Text): KeywordError => ({
  keyword: 'x-link',
  message: text.en,
  params: { fr: text.fr },
})

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
    return linkError({
      en: `unknown document id "${m[1]}": register it in content/data/documents.yaml (known: ${known.join(', ') || 'none'})`,
      fr: `id de document « ${m[1]} » inconnu : enregistrez-le dans content/data/documents.yaml (connus : ${known.join(', ') || 'aucun'})`,
    })
  }
  const path = link.replace(/[?#].*$/, '')
  const registered = ctx.documents.find((d) => d.file === path || d.formerly?.includes(path))
  if (registered)
    return linkError({
      en: `link to this document by its id: doc:${registered.id} (content/data/documents.yaml), so renaming its file stays one edit`,
      fr: `liez ce document par son id : doc:${registered.id} (content/data/documents.yaml), pour que renommer son fichier reste une seule modification`,
    })
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
              params: {
                fr: `public${data} existe encore : supprimez-le, sinon l'ancienne adresse sert l'ancien fichier au lieu de rediriger`,
              },
            },
          ]
        return ok
      },
      errors: true,
    },
  ]
}

/**
 * `[label](doc:<id>)` in running text (paragraphs, lists) must name a registered document: the
 * links the page renders (inlineMarkup.ts).
 */
export function checkDocumentLinksInText(y: YamlFile, ctx: DocumentsContext): ContentProblem[] {
  const out: ContentProblem[] = []
  const walk = (v: unknown, path: (string | number)[]) => {
    if (typeof v === 'string') {
      for (const { target } of inlineLinks(v)) {
        if (!target.startsWith('doc:')) continue
        const error = documentLinkError(target, ctx)
        if (error)
          out.push({
            file: y.file,
            ...y.positionOf(path),
            key: keyPath(path),
            ...worded({ en: error.message, fr: error.params.fr }),
          })
      }
    } else if (Array.isArray(v)) for (const [i, x] of v.entries()) walk(x, [...path, i])
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) walk(x, [...path, k])
  }
  walk(y.value, [])
  return out
}
