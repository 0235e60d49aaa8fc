// What the build knows of the images under public/: intrinsic size (so every <img> gets width
// and height) and, for a raster image, the AVIF/WebP variants the build makes of it. Read
// synchronously at render time (React renders synchronously) and cached per file by its
// modification time and size, so a rebuild in the same process re-reads only what changed.
import { createHash } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { imageInfoOf } from '../../../templates/core/images/imageInfoOf.ts'
import type { ImageInfo } from '../../../templates/lib/picture.ts'

export { RASTER } from '../../../templates/core/images/imageInfoOf.ts'

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
  return imageInfoOf(bytes, src, createHash('sha256').update(bytes).digest('hex'))
}
