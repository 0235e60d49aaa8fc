// What the editor's selects offer: the pages of the route table (and their anchors), the
// documents of content/data/documents.yaml, the images and PDFs under public/, the entries of the
// data files and the facts. Taken from the content as the checker read it (collectContent), so a
// page, document or image added there is offered at the next generation of the config.
import type { PageContent } from '../../../templates/content.ts'
import { anchorsOf } from '../../../templates/core/content/checks.ts'
import type { DecapOption } from '../../../templates/core/editor/decapConfig.ts'
import { documentsOf } from '../../../templates/lib/documents.ts'
import { isObject, type Json } from '../../../templates/lib/isObject.ts'
import { LANGS, SOURCE_LANG } from '../../../templates/lib/languages.ts'
import type { SiteContent } from '../content/load.ts'
import { listFiles } from '../files.ts'

export type Registries = {
  /** x-page: page ids. */
  pages: DecapOption[]
  /** x-link: pages, pages#anchors, documents, and the other links the content already has. */
  links: DecapOption[]
  /** x-asset image: the image files under public/ and every path content/data/images.yaml names. */
  images: DecapOption[]
  /** x-asset pdf (and file): the PDFs under public/. */
  pdfs: DecapOption[]
  /** x-fact: `group.name` of content/data/facts.yaml. */
  facts: DecapOption[]
  /** x-data `file.key` (`certificates.groups`): the ids of that list of content/data/<file>.yaml. */
  data: (collection: string) => DecapOption[]
}

const IMAGE_FILE = /\.(svg|png|jpe?g|webp|avif|gif)$/i

/** The menu label of a page (`nav.<id>` in the French strings), else its French title, else its id. */
export function pageLabel(content: Partial<SiteContent>, id: string): string {
  const nav = content.i18n?.[SOURCE_LANG]?.nav
  const label = isObject(nav) ? nav[id] : undefined
  if (typeof label === 'string') return label
  return content.pages?.[SOURCE_LANG]?.[id]?.title ?? id
}

export function registriesOf(content: Partial<SiteContent>, publicDir: string): Registries {
  const routes = content.routes?.routes ?? []
  const pages = routes.map((r) => ({ label: `${pageLabel(content, r.id)} (${r.id})`, value: r.id }))
  const data = (content.data ?? {}) as unknown as Json
  const documents = documentsOf(data).map((d) => ({
    label: `${d.title.fr} (doc:${d.id})`,
    value: `doc:${d.id}`,
  }))
  const links = [...pageLinks(content), ...documents, ...otherLinks(content)]
  const files = listFiles(publicDir).map((f) => `/${f}`)
  const imagePaths = new Set([
    ...files.filter((f) => IMAGE_FILE.test(f)),
    ...stringsIn(data.images).filter((s) => s.startsWith('/')),
  ])
  const facts = Object.entries(content.facts ?? {}).flatMap(([group, names]) =>
    Object.entries(names).map(([name, v]) => ({
      label: `${group}.${name} (${String(v)})`,
      value: `${group}.${name}`,
    })),
  )
  return {
    pages,
    links,
    images: [...imagePaths].sort().map(asOption),
    pdfs: files.filter((f) => f.endsWith('.pdf')).map(asOption),
    facts,
    data: (collection) => dataOptions(data, collection),
  }
}

const asOption = (value: string): DecapOption => ({ label: value, value })

/** `page:<id>` for every page, each followed by its anchors (block and item ids) in both languages. */
function pageLinks(content: Partial<SiteContent>): DecapOption[] {
  const out: DecapOption[] = []
  for (const { id } of content.routes?.routes ?? []) {
    const label = pageLabel(content, id)
    out.push({ label: `${label} (page:${id})`, value: `page:${id}` })
    const anchors = new Set<string>()
    for (const lang of LANGS) {
      const page: PageContent | undefined = content.pages?.[lang]?.[id]
      if (!page) continue
      const found = anchorsOf({ file: '', value: page, positionOf: () => ({ line: 1, col: 1 }) })
      for (const a of found.anchors) anchors.add(a)
    }
    for (const a of [...anchors].sort())
      out.push({ label: `${label} › #${a} (page:${id}#${a})`, value: `page:${id}#${a}` })
  }
  return out
}

/** Links the pages already have that are neither a page nor a document (`/path`, `https://`): kept selectable. */
function otherLinks(content: Partial<SiteContent>): DecapOption[] {
  const found = new Set<string>()
  const walk = (v: unknown) => {
    if (Array.isArray(v)) for (const x of v) walk(x)
    else if (isObject(v))
      for (const [k, x] of Object.entries(v)) {
        if (k === 'href' && typeof x === 'string' && !/^(page|doc):/.test(x)) found.add(x)
        else walk(x)
      }
  }
  for (const lang of LANGS) walk(content.pages?.[lang])
  return [...found].sort().map(asOption)
}

function dataOptions(data: Json, collection: string): DecapOption[] {
  const [file = '', key = ''] = collection.split('.')
  const list = (data[file] as Json | undefined)?.[key]
  if (!Array.isArray(list)) return []
  return list.flatMap((item) => {
    if (!isObject(item) || typeof item.id !== 'string') return []
    const name = [item.name, item.label, isObject(item.title) ? item.title.fr : item.title].find(
      (x) => typeof x === 'string',
    )
    return [{ label: name ? `${name} (${item.id})` : item.id, value: item.id }]
  })
}

/** Every string in a value (the paths of content/data/images.yaml). */
function stringsIn(v: unknown): string[] {
  if (typeof v === 'string') return [v]
  if (Array.isArray(v)) return v.flatMap(stringsIn)
  if (isObject(v)) return Object.values(v).flatMap(stringsIn)
  return []
}
