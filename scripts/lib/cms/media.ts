// The media of the CMS, for the dev endpoint that answers Decap CMS's proxy backend (getMedia,
// getMediaFile): the images and PDFs under public/, where the YAML how-to (docs/content.md) puts
// them: images under public/images/ (the build makes their variants,
// scripts/lib/images/variants.ts), PDFs under public/docs/ with their entry in
// content/data/documents.yaml. An upload is planned in the browser by the editor's backend
// (uploadRules.ts planMediaUpload) and written by the file store (fileStore.ts);
// tests/unit/diskMedia.ts plays it on the disk for the media tests.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { extname, join, posix } from 'node:path'
import { sitePathOf } from '../../../templates/core/content/source.ts'
import { kindOfExtension } from '../../../templates/core/editor/mediaNames.ts'
import { listFiles } from '../files.ts'

export type MediaFile = {
  /** Repo-relative path: `public/docs/catalogue-2026.pdf`. */
  path: string
  /** The URL the site serves it at, what content names: `/docs/catalogue-2026.pdf`. */
  publicUrl: string
}

/** The images and PDFs under public/, as Decap's media library lists them (no content). */
export function listMedia(
  root: string,
): (MediaFile & { name: string; id: string; size: number })[] {
  return mediaFiles(root, 'public').map((rel) => {
    const bytes = readFileSync(join(root, rel))
    const name = posix.basename(rel)
    const id = createHash('sha256').update(bytes).digest('hex')
    return { path: rel, publicUrl: sitePathOf(rel), name, id, size: bytes.length }
  })
}

/** The images and PDFs under `dir`, repo-relative, sorted; none in a hidden file or folder. */
function mediaFiles(root: string, dir: string): string[] {
  return listFiles(join(root, dir))
    .filter(
      (rel) =>
        !rel.split('/').some((part) => part.startsWith('.')) &&
        kindOfExtension(extname(rel).toLowerCase()),
    )
    .map((rel) => `${dir}/${rel}`)
}
