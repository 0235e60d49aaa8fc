import { Helmet } from 'react-helmet-async'
import { CONTENT_SIZES } from './Picture.tsx'
import { type SizedImage, srcsetOf, VARIANT_FORMATS } from './picture.ts'

/**
 * Preloads the page's main image (LCP) from the head in the best format the build made, so the
 * browser fetches it before it has laid out the page. React preloads a plain <img> that is not
 * lazy by itself, but not one inside <picture>: this covers photos with variants. Server only.
 */
export function ImagePreload({
  image,
  sizes = CONTENT_SIZES,
  plain = false,
}: {
  image: SizedImage
  sizes?: string
  /** Also preload an image without variants (one inside an island, which React cannot see). */
  plain?: boolean
}) {
  const [best] = VARIANT_FORMATS
  const { width, height, variants } = image
  if (plain && !variants)
    return (
      <Helmet>
        <link rel="preload" as="image" href={image.src} fetchPriority="high" />
      </Helmet>
    )
  if (!width || !height || !variants || !best) return null
  return (
    <Helmet>
      <link
        rel="preload"
        as="image"
        type={`image/${best}`}
        imageSrcSet={srcsetOf({ width, height, variants }, best)}
        imageSizes={sizes}
        fetchPriority="high"
      />
    </Helmet>
  )
}
