// The media of the CMS (issue 18 item 7), for the dev endpoint that answers Decap CMS's proxy
// backend (getMedia, deleteFile; an upload is planned in the browser by the editor's backend,
// with uploadRules.ts planMediaUpload, which saveUpload runs on the disk): an image or PDF lands under
// public/ with a clean name, where the editor's guide (README) puts it by hand: images under
// public/images/ (the build makes their variants, scripts/lib/images/variants.ts), PDFs under
// public/docs/ with their entry in content/data/documents.yaml. Replacing a document is the
// guide's "Replace a PDF": the new file, the entry's `file` changed, the old path under
// `formerly` (a 301) and the old file removed (the check requires it: a `formerly` path must
// not exist, x-absent). Every change to the registry goes through saveEntry, with the files
// under public/ as they would be.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { extname, join, posix } from 'node:path'
import { entryTexts } from '../../../templates/core/editing/entryFiles.ts'
import {
  DOCUMENTS_FILE,
  type Registry,
  registryOf,
} from '../../../templates/core/editor/documentsPlan.ts'
import {
  cleanFileName,
  kindOfExtension,
  MediaError,
  type MediaKind,
} from '../../../templates/core/editor/mediaNames.ts'
import {
  assertUploadFormat,
  DOCUMENT_FOLDER,
  formerUrls,
  IMAGE_FOLDER,
  planMediaUpload,
} from '../../../templates/core/editor/uploadRules.ts'
import type { DocumentEntry } from '../../../templates/lib/documents.ts'
import { writeFilesAtomically } from '../editing/atomicWrite.ts'
import { diskProject } from '../editing/save.ts'
import { freeTarget, publicPathOf, publicUrlOf, saveWithPublicFiles } from './mediaFiles.ts'

export { cleanFileName, DOCUMENT_FOLDER, DOCUMENTS_FILE, IMAGE_FOLDER, MediaError, type MediaKind }

export type Titles = { fr: string; en: string }
export type MediaFile = {
  /** Repo-relative path: `public/docs/catalogue-2026.pdf`. */
  path: string
  /** The URL the site serves it at, what content names: `/docs/catalogue-2026.pdf`. */
  publicUrl: string
}
export type Upload = MediaFile & {
  /** The document's id in content/data/documents.yaml (a PDF only): content links `doc:<id>`. */
  documentId?: string
}
export type Replacement = MediaFile & {
  documentId: string
  /** The document's old URLs after the change, each a 301 to `publicUrl`. */
  formerly: string[]
  /** The old file, when it was removed (repo-relative). */
  removed?: string
}

export type UploadRequest = {
  root: string
  /** The name the editor's file had (`Catalogue Été 2026.pdf`); no folder. */
  name: string
  bytes: Uint8Array
  /** What the endpoint expects; refused when the name's extension says otherwise. */
  kind?: MediaKind
  /** An image's folder under public/images/ (`home`, `news`), as the guide groups them. */
  folder?: string
  /** A new document's titles; default: the file's name, humanised, in both languages. */
  title?: Titles
}

/** Saves an upload under public/ (a PDF with its documents.yaml entry); throws a MediaError. */
export async function saveUpload(request: UploadRequest): Promise<Upload> {
  const { root, name, bytes } = request
  const sameBytes = (rel: string) => Buffer.from(bytes).equals(readFileSync(join(root, rel)))
  const plan = planMediaUpload(diskProject(root).source, name, bytes, sameBytes, request)
  const { path, publicUrl } = plan
  // A file already there under the name chosen holds these very bytes: not rewritten.
  const put = new Map(existsSync(join(root, path)) ? [] : [[path, bytes]])
  if (plan.registry) saveRegistry(root, plan.registry, put, [])
  else writeFilesAtomically(new Map([...put].map(([rel, b]) => [join(root, rel), b])))
  return { path, publicUrl, ...(plan.documentId ? { documentId: plan.documentId } : {}) }
}

export type ReplaceRequest = { root: string; documentId: string; name: string; bytes: Uint8Array }

/**
 * A new edition of a document: the PDF lands under its own clean name, the entry's `file` names
 * it, and the old URL goes under `formerly`; the old file is removed. Uploaded under the very
 * name it had, the file is replaced in place (same URL, nothing to redirect). Throws a MediaError.
 */
export async function replaceDocument(request: ReplaceRequest): Promise<Replacement> {
  const { root, documentId, name, bytes } = request
  const fileName = cleanFileName(name)
  if (extname(fileName) !== '.pdf')
    throw new MediaError(`Un document se remplace par un PDF, pas par « ${name} ».`)
  assertUploadFormat(fileName, 'pdf', bytes)
  const registry = readRegistry(root)
  const doc = registry.documents.find((d) => d.id === documentId)
  if (!doc)
    throw new MediaError(
      `Aucun document « ${documentId} » dans ${DOCUMENTS_FILE} : rien à remplacer.`,
    )
  const others = registry.documents.filter((d) => d !== doc)
  const inPlace = publicPathOf(doc.file) === `${DOCUMENT_FOLDER}/${fileName}`
  const target = inPlace
    ? { rel: publicPathOf(doc.file), present: false }
    : freeTarget(root, DOCUMENT_FOLDER, fileName, bytes, formerUrls({ documents: others }))
  const publicUrl = publicUrlOf(target.rel)
  // Another entry serving the same file keeps it, and its URL keeps working: no redirect then.
  const shared = others.some((d) => d.file === doc.file)
  const old = inPlace || shared ? [] : [doc.file]
  const formerly = [...new Set([...(doc.formerly ?? []), ...old])].filter((u) => u !== publicUrl)
  const { formerly: _, ...rest } = doc
  const [first, ...more] = formerly
  const entry: DocumentEntry = first
    ? { ...rest, file: publicUrl, formerly: [first, ...more] }
    : { ...rest, file: publicUrl }
  const documents = registry.documents.map((d) => (d === doc ? entry : d))
  const oldRel = publicPathOf(doc.file)
  // A file already missing (the tree broken by hand) is no reason to refuse its replacement.
  const take = (inPlace || !shared) && existsSync(join(root, oldRel)) ? [oldRel] : []
  const put = new Map(target.present ? [] : [[target.rel, bytes]])
  saveRegistry(root, { ...registry, documents }, put, take)
  const removed = !inPlace && take.length ? oldRel : undefined
  return { path: target.rel, publicUrl, documentId, formerly, ...(removed ? { removed } : {}) }
}

/** The images and PDFs under public/, as Decap's media library lists them (no content). */
export function listMedia(
  root: string,
): (MediaFile & { name: string; id: string; size: number })[] {
  return mediaFiles(root, 'public').map((rel) => {
    const bytes = readFileSync(join(root, rel))
    const name = posix.basename(rel)
    const id = createHash('sha256').update(bytes).digest('hex')
    return { path: rel, publicUrl: publicUrlOf(rel), name, id, size: bytes.length }
  })
}

function mediaFiles(root: string, dir: string): string[] {
  if (!existsSync(join(root, dir))) return []
  return readdirSync(join(root, dir), { withFileTypes: true })
    .filter((e) => !e.name.startsWith('.'))
    .flatMap((e) => {
      const rel = `${dir}/${e.name}`
      if (e.isDirectory()) return mediaFiles(root, rel)
      return e.isFile() && kindOfExtension(extname(e.name).toLowerCase()) ? [rel] : []
    })
    .sort()
}

function readRegistry(root: string): Registry {
  const path = join(root, DOCUMENTS_FILE)
  return registryOf(existsSync(path) ? readFileSync(path, 'utf8') : undefined)
}

/** documents.yaml holding `registry`, edited in place, saved with the files under public/. */
function saveRegistry(
  root: string,
  registry: Registry,
  put: ReadonlyMap<string, Uint8Array>,
  take: readonly string[],
): void {
  const files = entryTexts(diskProject(root).source, new Map([[DOCUMENTS_FILE, registry]]))
  saveWithPublicFiles(root, files, put, take)
}

/**
 * Removes a file of listMedia (`public/images/x.png`, for Decap's deleteFile), unless content
 * still names it: the content check runs on the tree without it, and a refusal puts it back.
 */
export function deleteMedia(root: string, path: string): void {
  const known = listMedia(root).some((m) => m.path === path)
  if (!known) throw new MediaError(`« ${path} » n’est pas une image ou un PDF du site.`)
  saveWithPublicFiles(root, new Map(), new Map(), [path])
}
