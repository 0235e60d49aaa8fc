// The AVIF and WebP variants of every raster image under public/ (an editor drops one large
// JPEG or PNG; the build makes the rest), at the widths of imageIndex.ts, under /_img/<hash>/.
// Cached by content hash, width and format, with the encoder's settings and libvips' version (a
// change of either encodes anew), so a rebuild only encodes new photos.
import { readdirSync } from 'node:fs'
import { extname, join, relative, sep } from 'node:path'
import type { AvifOptions, WebpOptions } from 'sharp'
import { VARIANT_FORMATS, variantPath } from '../../../templates/lib/picture.ts'
import { cachedRender } from './imageCache.ts'
import { imageInfo, RASTER } from './imageIndex.ts'
import { runPool } from './pool.ts'

/** The encoder's settings of each variant format. */
export type EncoderSettings = { avif: AvifOptions; webp: WebpOptions }
export const QUALITY: EncoderSettings = { avif: { quality: 55, effort: 4 }, webp: { quality: 78 } }

function rasterFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name)
    if (e.isDirectory()) return rasterFiles(p)
    return RASTER.has(extname(e.name).toLowerCase()) ? [p] : []
  })
}

/** Writes the variants; returns how many images and variant files there are. */
export async function writeImageVariants(
  clientDir: string,
  publicDir: string,
  cacheDir: string,
  quality: EncoderSettings = QUALITY,
): Promise<{ images: number; files: number }> {
  const sharp = (await import('sharp')).default
  const encoder = `${sharp.versions.vips}:${JSON.stringify(quality)}`
  const jobs: (() => Promise<void>)[] = []
  let images = 0
  for (const file of rasterFiles(publicDir)) {
    const src = `/${relative(publicDir, file).split(sep).join('/')}`
    const variants = imageInfo(publicDir, src)?.variants
    if (!variants) continue
    images++
    for (const width of variants.widths)
      for (const format of VARIANT_FORMATS) {
        const out = variantPath(variants.base, width, format)
        jobs.push(() =>
          cachedRender(`img2:${encoder}:${out}`, join(clientDir, out), cacheDir, () =>
            // rotate() applies the EXIF orientation; the variants carry no metadata.
            sharp(file)
              .rotate()
              .resize({ width, withoutEnlargement: true })
              [format](quality[format])
              .toBuffer(),
          ),
        )
      }
  }
  await runPool(jobs)
  return { images, files: jobs.length }
}
