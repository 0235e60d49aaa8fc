import { type SizedImage, srcsetOf, VARIANT_FORMATS } from './picture.ts'

type PictureProps = {
  image: SizedImage
  /** Rendered width per viewport (the sizes attribute); default: the content column. */
  sizes?: string
  /** The page's main image (LCP): loaded first, never lazy (server pages add <ImagePreload>). */
  priority?: boolean
  className?: string
  alt?: string
}

/** Rendered widths of the site's image slots (the container is 1180 px with 1rem padding). */
export const CONTENT_SIZES = '(min-width: 1180px) 1148px, calc(100vw - 2rem)'
export const SPLIT_SIZES = '(min-width: 900px) 560px, calc(100vw - 2rem)'
export const CARD_SIZES = '(min-width: 1000px) 360px, (min-width: 700px) 50vw, calc(100vw - 2rem)'
export const MODAL_SIZES = '(min-width: 700px) 640px, calc(100vw - 2rem)'

/**
 * An image with its intrinsic width and height (no layout shift), lazy unless it is the page's
 * main image; a raster image also offers AVIF and WebP at several widths (made by the build,
 * scripts/lib/images/), and keeps its original file as the fallback.
 */
export function Picture({ image, sizes = CONTENT_SIZES, priority, className, alt }: PictureProps) {
  const size = image.width && image.height ? { width: image.width, height: image.height } : {}
  const loading = priority
    ? ({ fetchPriority: 'high', loading: 'eager' } as const)
    : ({ loading: 'lazy', decoding: 'async' } as const)
  const img = (
    <img className={className} src={image.src} alt={alt ?? image.alt} {...size} {...loading} />
  )
  if (!image.variants || !image.width || !image.height) return img
  const info = { width: image.width, height: image.height, variants: image.variants }
  return (
    <picture>
      {VARIANT_FORMATS.map((format) => (
        <source
          key={format}
          type={`image/${format}`}
          srcSet={srcsetOf(info, format)}
          sizes={sizes}
        />
      ))}
      {img}
    </picture>
  )
}
