// What an image's bytes say of it for the templates: intrinsic size (so every <img> gets width
// and height) and, for a raster image, the AVIF/WebP variants the build makes of it, named by a
// hash of its content. Pure (image-size reads the headers from bytes in Node and in a browser):
// the build reads the bytes from the disk (imageIndex.ts), the editor's preview fetches them
// from the site (templates/admin/preview/imageSizes.ts), and both get the same markup.
import { imageSize } from 'image-size'
import { type ImageInfo, variantWidths } from '../../lib/picture.ts'

/** Formats the build turns into AVIF/WebP variants; SVG stays as it is (it scales). */
export const RASTER = new Set(['.jpg', '.jpeg', '.png', '.webp'])

/** The first 10 hex digits of the SHA-256 of the bytes: the variants' folder. */
export const VARIANT_HASH_DIGITS = 10

/**
 * The info of the image at `src` (a path under public/) from its `bytes`; `contentHash` is the
 * hex SHA-256 of the bytes (Node's crypto or the browser's SubtleCrypto). Undefined when the
 * bytes are not an image image-size reads.
 */
export function imageInfoOf(
  bytes: Uint8Array,
  src: string,
  contentHash: string,
): ImageInfo | undefined {
  let size: ReturnType<typeof imageSize>
  try {
    size = imageSize(bytes)
  } catch {
    return undefined
  }
  // EXIF orientations 5-8 turn the picture a quarter: the displayed size is the other way round.
  const turned = (size.orientation ?? 1) >= 5
  const width = turned ? size.height : size.width
  const height = turned ? size.width : size.height
  if (!width || !height) return undefined
  const name = src.slice(src.lastIndexOf('/') + 1)
  const dot = name.lastIndexOf('.')
  const ext = dot > 0 ? name.slice(dot).toLowerCase() : ''
  if (!RASTER.has(ext)) return { width, height }
  // The content hash in the path lets the variants be cached for ever: a new photo, a new path.
  const base = `/_img/${contentHash.slice(0, VARIANT_HASH_DIGITS)}/${dot > 0 ? name.slice(0, dot) : name}`
  return { width, height, variants: { base, widths: variantWidths(width) } }
}
