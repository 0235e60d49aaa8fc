// What the build knows of the images under public/: intrinsic size (so every <img> gets width
// and height) and, for a raster image, the AVIF/WebP variants the build makes of it. Read
// synchronously at render time (React renders synchronously) and cached per file by its
// modification time and size, so a rebuild in the same process re-reads only what changed.
import { createHash } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import { basename, extname, join } from 'node:path'
import { imageSize } from 'image-size'
import { type ImageInfo, variantWidths } from '../../../templates/lib/picture.ts'

/** Formats the build turns into AVIF/WebP variants; SVG stays as it is (it scales). */
export const RASTER = new Set(['.jpg', '.jpeg', '.png', '.webp'])

const cache = new Map<string, { stamp: string; info: ImageInfo | undefined }>()

/** The size (and variants) of the image at `src` (a path under public/), if it can be read. */
export function imageInfo(publicDir: string, src: string): ImageInfo | undefined {
  if (!src.startsWith('/') || src.includes('..')) return undefined
  const file = join(publicDir, src)
  let stamp: string
  try {
    const s = statSync(file)
    stamp = `${s.mtimeMs}:${s.size}`
  } catch {
    return undefined
  }
  const hit = cache.get(file)
  if (hit?.stamp === stamp) return hit.info
  const info = readInfo(file, src)
  cache.set(file, { stamp, info })
  return info
}

function readInfo(file: string, src: string): ImageInfo | undefined {
  const bytes = readFileSync(file)
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
  const ext = extname(src).toLowerCase()
  if (!RASTER.has(ext)) return { width, height }
  // The content hash in the path lets the variants be cached for ever: a new photo, a new path.
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10)
  const base = `/_img/${hash}/${basename(src, extname(src))}`
  return { width, height, variants: { base, widths: variantWidths(width) } }
}
