import { useFirstScreenImage } from './firstScreen.ts'
import { ImagePreload } from './ImagePreload.tsx'
import { Picture } from './Picture.tsx'
import type { SizedImage } from './picture.ts'

/**
 * A block's image that, when it is the first image of the page's first block
 * (templates/lib/firstScreen.ts), is the page's main image: loaded at once with high priority
 * and preloaded from the head; anywhere else, a lazy Picture. Server only (Helmet).
 */
export function LeadPicture({
  image,
  sizes,
  className,
}: {
  image: SizedImage
  sizes: string
  className?: string
}) {
  const priority = useFirstScreenImage()
  return (
    <>
      {priority ? <ImagePreload image={image} sizes={sizes} /> : null}
      <Picture className={className} image={image} sizes={sizes} priority={priority} />
    </>
  )
}
