// The rules of an upload of the CMS that need no disk (pure: the same in the dev server and in
// the browser): that the bytes are the format the name's extension says (image-size
// reads the header, in Node and in a browser alike; an SVG that could run code is refused, as
// it is served from the site's own origin), and the free name beside the files already there.
import { imageSize } from 'image-size'
import type { ContentSource } from '../content/source.ts'
import { DOCUMENTS_FILE, type Registry, registryOf } from './documentsPlan.ts'
import {
  cleanFileName,
  documentIdOf,
  kindOfExtension,
  MediaError,
  type MediaKind,
  numbered,
  slugOf,
  titleOf,
} from './mediaNames.ts'

export const IMAGE_FOLDER = 'public/images'
export const DOCUMENT_FOLDER = 'public/docs'

/** What image-size calls each image format the site takes. */
const FORMAT: Record<string, string> = {
  '.jpg': 'jpg',
  '.jpeg': 'jpg',
  '.png': 'png',
  '.webp': 'webp',
  '.svg': 'svg',
}
/** How the editor's message names a format image-size found. */
const SHOWN: Record<string, string> = { jpg: 'jpeg' }

// An SVG is served from the site's own origin: one that could run code is refused.
const SVG_CODE = /<script|\son[a-z]+\s*=|javascript:|<foreignObject/i

const extOf = (name: string) => {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot).toLowerCase() : ''
}

/** Throws a MediaError unless `bytes` are a file of the format the name's extension says. */
export function assertUploadFormat(fileName: string, kind: MediaKind, bytes: Uint8Array): void {
  const shown = `« ${fileName} »`
  if (kind === 'pdf') {
    if (String.fromCharCode(...bytes.subarray(0, 5)) !== '%PDF-')
      throw new MediaError(`Le fichier ${shown} n’est pas un vrai PDF : exportez-le de nouveau.`)
    return
  }
  const ext = extOf(fileName)
  let found: { type?: string; width?: number; height?: number } | undefined
  try {
    found = imageSize(bytes)
  } catch {
    found = undefined
  }
  if (!found || found.type !== FORMAT[ext] || !found.width || !found.height) {
    const type = found?.type ? (SHOWN[found.type] ?? found.type) : undefined
    throw new MediaError(
      `Le fichier ${shown} n’est pas une image ${ext.slice(1).toUpperCase()} lisible` +
        `${type ? ` (c’est du ${type})` : ''} : enregistrez-la de nouveau.`,
    )
  }
  if (ext === '.svg' && SVG_CODE.test(new TextDecoder().decode(bytes)))
    throw new MediaError(
      `L’image ${shown} contient du code (script) : le site ne publie que des SVG sans code.`,
    )
}

/**
 * The name `fileName` gets in a folder holding `here` (the names in it): its own, else `-2`,
 * `-3`... A name is taken by a file with other bytes (`sameBytes` says when the bytes are the
 * same: then the name is the file's own), by a name that differs only by case (the build refuses
 * such pairs) and by a reserved name (an old document's, which must stay absent).
 */
export function freeName(
  here: readonly string[],
  fileName: string,
  sameBytes: (name: string) => boolean,
  reserved: (name: string) => boolean = () => false,
): string {
  const ext = extOf(fileName)
  const base = fileName.slice(0, fileName.length - ext.length)
  const free = numbered(base, (candidate) => {
    const name = candidate + ext
    if (reserved(name)) return true
    const clash = here.filter((h) => h.toLowerCase() === name)
    return clash.some((h) => h !== name || !sameBytes(h))
  })
  return free + ext
}

/** `news/Portes ouvertes` -> `public/images/news/portes-ouvertes`; no way out of public/images. */
export function imageFolder(folder = ''): string {
  const parts = folder.split('/').filter((p) => p !== '')
  const slugs = parts.map(slugOf)
  if (parts.some((p) => p === '..' || p.includes('\\')) || slugs.some((s) => !s))
    throw new MediaError(`Le dossier « ${folder} » n’est pas un dossier d’images valable.`)
  return [IMAGE_FOLDER, ...slugs].join('/')
}

/** The old document URLs: a new file may not take one (it must stay absent, a redirect). */
export const formerUrls = (registry: Pick<Registry, 'documents'>) =>
  new Set(registry.documents.flatMap((d) => d.formerly ?? []))

/** The names of the files directly in `dir` (`public/images/news`), from a source's public/. */
function namesIn(source: ContentSource, dir: string): string[] {
  const prefix = `${dir.replace(/^public/, '')}/`
  return source.public
    .toJSON()
    .filter((p) => p.startsWith(prefix) && !p.slice(prefix.length).includes('/'))
    .map((p) => p.slice(prefix.length))
}

/**
 * Where a file the editor chose lands (`public/images/<folder>/<clean name>`, PDFs under
 * public/docs/): clean name, bytes checked, a free name beside the files of `source`;
 * `sameBytes(path)` says whether a file already there holds these very bytes (its name is then
 * the upload's own). Throws a MediaError the editor reads.
 */
export function planUpload(
  source: ContentSource,
  name: string,
  bytes: Uint8Array,
  sameBytes: (path: string) => boolean,
  folder?: string,
): { path: string; publicUrl: string } {
  const fileName = cleanFileName(name)
  const kind = kindOfExtension(extOf(fileName)) as MediaKind
  assertUploadFormat(fileName, kind, bytes)
  const dir = kind === 'image' ? imageFolder(folder) : DOCUMENT_FOLDER
  const url = (n: string) => `${dir.replace(/^public/, '')}/${n}`
  const reserved =
    kind === 'pdf' ? formerUrls(registryOf(source.content.get(DOCUMENTS_FILE))) : new Set()
  const free = freeName(
    namesIn(source, dir),
    fileName,
    (n) => sameBytes(`${dir}/${n}`),
    (n) => reserved.has(url(n)),
  )
  return { path: `${dir}/${free}`, publicUrl: url(free) }
}

/** A file the media library uploads on its own (no entry open): where it lands, what else. */
export type MediaUploadPlan = {
  path: string
  publicUrl: string
  /** A PDF's entry in content/data/documents.yaml (content links `doc:<id>`). */
  documentId?: string
  /** The registry with the new document's entry, to save with the file (planEntry checks it). */
  registry?: Registry
}

/**
 * The media library's own upload (Decap's persistMedia), the same in both editors and in the dev
 * store's tests: `planUpload`'s clean, free name (refused as it refuses), and for a PDF not yet in
 * content/data/documents.yaml its entry (id from the name, titles from it in both languages), as
 * docs/content.md adds one by hand. `kind`: what the caller expects (refused otherwise).
 */
export function planMediaUpload(
  source: ContentSource,
  name: string,
  bytes: Uint8Array,
  sameBytes: (path: string) => boolean,
  options: { kind?: MediaKind; folder?: string; title?: { fr: string; en: string } } = {},
): MediaUploadPlan {
  const kind = kindOfExtension(extOf(cleanFileName(name))) as MediaKind
  if (options.kind && options.kind !== kind)
    throw new MediaError(
      `Le fichier « ${name} » est ${kind === 'pdf' ? 'un PDF' : 'une image'}, pas ${options.kind === 'pdf' ? 'un PDF' : 'une image'}.`,
    )
  const { path, publicUrl } = planUpload(source, name, bytes, sameBytes, options.folder)
  if (kind === 'image') return { path, publicUrl }
  const registry = registryOf(source.content.get(DOCUMENTS_FILE))
  const known = registry.documents.find((d) => d.file === publicUrl)
  if (known) return { path, publicUrl, documentId: known.id }
  const id = documentIdOf(cleanFileName(name), new Set(registry.documents.map((d) => d.id)))
  const title = options.title ?? { fr: titleOf(name), en: titleOf(name) }
  return {
    path,
    publicUrl,
    documentId: id,
    registry: { ...registry, documents: [...registry.documents, { id, file: publicUrl, title }] },
  }
}
