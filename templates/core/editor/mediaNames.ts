// The names an upload of the CMS gets: a file name a URL can carry as it is
// (lower-case ASCII, dashes), of a format the site serves, and the id and titles of a new
// document. Refusals are said in French, to the editor who chose the file.
import type { SaveProblem } from '../editing/planSave.ts'

/** The formats the image pipeline takes: variants for the raster ones, SVG served as it is. */
export const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.svg'] as const
export const DOCUMENT_EXTENSIONS = ['.pdf'] as const

export type MediaKind = 'image' | 'pdf'

/** A refusal the editor reads: the message is French and says what to do. */
export class MediaError extends Error {
  override name = 'MediaError'
  constructor(
    message: string,
    /** The content check's problems, when it refused the change (validate's words). */
    readonly problems: readonly SaveProblem[] = [],
  ) {
    super(message)
  }
}

const ACCEPTED = 'des images JPEG, PNG, WebP ou SVG, et des documents PDF'

/** What the extension (`.jpg`) says the file is; undefined for a format the site does not take. */
export function kindOfExtension(ext: string): MediaKind | undefined {
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return 'image'
  if ((DOCUMENT_EXTENSIONS as readonly string[]).includes(ext)) return 'pdf'
  return undefined
}

// Letters NFKD does not take apart into a letter and an accent.
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', đ: 'd', ł: 'l' }

/** `Fiche Écoconçue` -> `fiche-ecoconcue`: accents folded, anything else a single dash. */
export function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[œæßøđł]/g, (c) => LIGATURES[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

const MAX_BASE = 80

/**
 * The name a file chosen by the editor gets under public/: `Catalogue Été 2026.PDF` ->
 * `catalogue-ete-2026.pdf`. Throws a MediaError for a path (`../../x.pdf`), a format the site
 * does not take (the last extension counts: `photo.jpg.exe` is refused), or a name with no
 * letter or digit.
 */
export function cleanFileName(name: string): string {
  const shown = `« ${name} »`
  if (/[/\\\0]/.test(name) || /^\.\.?$/.test(name.trim()))
    throw new MediaError(`Le nom ${shown} contient un chemin : donnez seulement le nom du fichier.`)
  const bare = name.trim().replace(/^\.+/, '')
  const dot = bare.lastIndexOf('.')
  const ext = dot > 0 ? bare.slice(dot).toLowerCase() : ''
  if (!kindOfExtension(ext))
    throw new MediaError(
      ext
        ? `Le fichier ${shown} n’est pas accepté : le site prend ${ACCEPTED} (${ext} n’en est pas).`
        : `Le fichier ${shown} n’a pas d’extension : le site prend ${ACCEPTED}.`,
    )
  const base = slugOf(bare.slice(0, dot)).slice(0, MAX_BASE).replace(/-+$/, '')
  if (!base)
    throw new MediaError(
      `Le nom ${shown} ne contient ni lettre ni chiffre : renommez le fichier avant de l’envoyer.`,
    )
  return base + ext
}

/** A document's id from its file name (`2026-tarifs.pdf` -> `doc-2026-tarifs`), not yet in `taken`. */
export function documentIdOf(fileName: string, taken: ReadonlySet<string>): string {
  const slug = slugOf(fileName.replace(/\.[^.]*$/, '')) || 'document'
  const id = /^[a-z]/.test(slug) ? slug : `doc-${slug}`
  return numbered(id, (candidate) => taken.has(candidate))
}

/** `id`, else `id-2`, `id-3`...: the first that `isTaken` refuses not. */
export function numbered(id: string, isTaken: (candidate: string) => boolean): string {
  if (!isTaken(id)) return id
  for (let n = 2; ; n++) if (!isTaken(`${id}-${n}`)) return `${id}-${n}`
}

/**
 * A title from the name the editor gave the file, accents kept: `catalogue_transfos-2026.pdf`
 * -> `Catalogue transfos 2026`. The editor writes the real titles afterwards.
 */
export function titleOf(name: string): string {
  const words = name
    .replace(/^.*[/\\]/, '')
    .replace(/\.[^.]*$/, '')
    .replace(/[\s_\-.]+/g, ' ')
    .trim()
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Document'
}
