// An upload of the CMS played on the disk, for the media tests (cms-media.test.ts): what the
// editor's backend plans in the browser (uploadRules.ts planMediaUpload, documentsPlan.ts) and
// the dev file store writes, run here on a copy of the real content with the product's own
// functions: an image or PDF lands under public/ with a clean name, a PDF with its entry in
// content/data/documents.yaml; replacing a document is docs/content.md's "Replace a PDF" (the
// new file, the entry's `file` changed, the old path under `formerly`, a 301, and the old file
// removed: a `formerly` path must not exist, x-absent). Every change to the registry goes through
// saveEntry, with the files under public/ as they would be, so both land or neither does.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import { listMedia, type MediaFile } from '../../scripts/lib/cms/media.ts'
import { writeFilesAtomically } from '../../scripts/lib/editing/atomicWrite.ts'
import { diskProject, saveEntry } from '../../scripts/lib/editing/save.ts'
import { placeOf } from '../../templates/core/content/problems.ts'
import { sitePathOf } from '../../templates/core/content/source.ts'
import { entryTexts } from '../../templates/core/editing/entryFiles.ts'
import {
  DOCUMENTS_FILE,
  publicPathOf,
  type Registry,
  registryOf,
} from '../../templates/core/editor/documentsPlan.ts'
import {
  cleanFileName,
  MediaError,
  type MediaKind,
} from '../../templates/core/editor/mediaNames.ts'
import {
  assertUploadFormat,
  DOCUMENT_FOLDER,
  formerUrls,
  freeName,
  planMediaUpload,
} from '../../templates/core/editor/uploadRules.ts'
import type { DocumentEntry } from '../../templates/lib/documents.ts'

export type Titles = { fr: string; en: string }
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
  /** An image's folder under public/images/ (`home`, `news`), as docs/content.md groups them. */
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
  const publicUrl = sitePathOf(target.rel)
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

/**
 * Removes a file of listMedia (`public/images/x.png`, as Decap's deleteFile), unless content
 * still names it: the content check runs on the tree without it, and a refusal puts it back.
 */
export function deleteMedia(root: string, path: string): void {
  const known = listMedia(root).some((m) => m.path === path)
  if (!known) throw new MediaError(`« ${path} » n’est pas une image ou un PDF du site.`)
  saveWithPublicFiles(root, new Map(), new Map(), [path])
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

type Target = {
  /** Repo-relative path (`public/docs/x.pdf`). */
  rel: string
  /** The very same bytes are already there: nothing to write. */
  present: boolean
}

/**
 * Where `fileName` lands in `dir` (repo-relative): its own name, else `-2`, `-3`... A name is
 * taken by a file with other bytes, by a file whose name differs only by case (the build refuses
 * such pairs) and by a reserved URL (an old document path, which must stay absent).
 */
function freeTarget(
  root: string,
  dir: string,
  fileName: string,
  bytes: Uint8Array,
  reserved: ReadonlySet<string> = new Set(),
): Target {
  const here = existsSync(join(root, dir)) ? readdirSync(join(root, dir)) : []
  const sameBytes = (name: string) => Buffer.from(bytes).equals(readFileSync(join(root, dir, name)))
  const name = freeName(here, fileName, sameBytes, (n) => reserved.has(sitePathOf(`${dir}/${n}`)))
  const rel = `${dir}/${name}`
  return { rel, present: existsSync(join(root, rel)) }
}

/**
 * The save of the content that names uploads: the files of `put` added and those of `take`
 * removed under public/ (repo-relative paths) together with `files`, checked as a whole and
 * written all or none (saveEntry). A refusal throws a MediaError listing every problem, and
 * nothing is written. A file both taken and put is replaced in place.
 */
function saveWithPublicFiles(
  root: string,
  files: ReadonlyMap<string, string | null>,
  put: ReadonlyMap<string, Uint8Array>,
  take: readonly string[],
): void {
  const result = saveEntry({ root, files, put, take })
  if (result.saved) return
  const lines = result.problems.map((p) => `${placeOf(p)}  ${p.fr}`).join('\n')
  throw new MediaError(
    `Rien n’a été enregistré : la vérification du contenu a trouvé ${result.problems.length} problème(s).\n${lines}`,
    result.problems,
  )
}
