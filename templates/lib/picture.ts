import type { Image } from '../content.ts'

/** Widths (px) of the variants made of a raster image, up to its own width. */
export const VARIANT_WIDTHS = [480, 960, 1440, 1920] as const
/** Modern formats first: the browser takes the first <source> it supports. */
export const VARIANT_FORMATS = ['avif', 'webp'] as const
export type VariantFormat = (typeof VARIANT_FORMATS)[number]

/** What the build knows of an image under public/: its size, and its variants if raster. */
export type ImageInfo = {
  width: number
  height: number
  /** Raster images only: `/_img/<content hash>/<name>`, variants at `<base>-<width>.<format>`. */
  variants?: { base: string; widths: number[] }
}

/** An image of the content with its intrinsic size (and variants), ready to render. */
export type SizedImage = Image & Partial<ImageInfo>

export const variantPath = (base: string, width: number, format: VariantFormat): string =>
  `${base}-${width}.${format}`

export const srcsetOf = (info: ImageInfo, format: VariantFormat): string =>
  (info.variants?.widths ?? [])
    .map((w) => `${variantPath(info.variants?.base ?? '', w, format)} ${w}w`)
    .join(', ')

/** The widths to make of an image `width` px wide: the standard steps below it, then itself. */
export function variantWidths(width: number): number[] {
  const steps = VARIANT_WIDTHS.filter((w) => w < width)
  const largest = Math.min(width, VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1] ?? width)
  return steps.includes(largest as (typeof VARIANT_WIDTHS)[number]) ? steps : [...steps, largest]
}
