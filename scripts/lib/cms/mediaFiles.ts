// The files under public/ behind an upload of the CMS: that the bytes are what the name says,
// a free name beside the files already there, and the changes under public/ made together with
// the save of the content that names them, so that both land or neither does.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { placeOf } from '../../../templates/core/content/problems.ts'
import { MediaError } from '../../../templates/core/editor/mediaNames.ts'
import { freeName } from '../../../templates/core/editor/uploadRules.ts'
import { saveEntry } from '../editing/save.ts'

export type Target = {
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
export function freeTarget(
  root: string,
  dir: string,
  fileName: string,
  bytes: Uint8Array,
  reserved: ReadonlySet<string> = new Set(),
): Target {
  const here = existsSync(join(root, dir)) ? readdirSync(join(root, dir)) : []
  const sameBytes = (name: string) => Buffer.from(bytes).equals(readFileSync(join(root, dir, name)))
  const name = freeName(here, fileName, sameBytes, (n) => reserved.has(publicUrlOf(`${dir}/${n}`)))
  const rel = `${dir}/${name}`
  return { rel, present: existsSync(join(root, rel)) }
}

/** `public/docs/x.pdf` -> `/docs/x.pdf`, the URL visitors get. */
export const publicUrlOf = (rel: string): string => rel.replace(/^public(?=\/)/, '')
export { publicPathOf } from '../../../templates/core/editor/documentsPlan.ts'

/**
 * The save of the content that names uploads: the files of `put` added and those of `take`
 * removed under public/ (repo-relative paths) together with `files`, checked as a whole and
 * written all or none (saveEntry). A refusal throws a MediaError listing every problem, and
 * nothing is written. A file both taken and put is replaced in place.
 */
export function saveWithPublicFiles(
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
