import type { Image } from '../content.ts'
import CarouselIsland, { type CarouselProps } from '../islands/Carousel.tsx'
import { perViewSteps, slideSizes } from '../lib/carouselLayout.ts'
import { useFirstScreenImage } from '../lib/firstScreen.ts'
import { ImagePreload } from '../lib/ImagePreload.tsx'
import { Island } from '../lib/Island.tsx'
import { Picture } from '../lib/Picture.tsx'
import { useSite } from '../lib/SiteContext.tsx'

type ImageCarouselProps = {
  /** Accessible name of the carousel. */
  label: string
  images: Image[]
  perView?: number
  variant?: CarouselProps['variant']
  autoplay?: boolean
  className?: string
}

/** Delay between automatic moves of a carousel that plays by itself. */
const AUTOPLAY_MS = 3000

/**
 * Images as a carousel island; a single image stays a plain <img> (no script needed).
 * Labels come from the UI strings of the page's language.
 */
export function ImageCarousel({
  label,
  images,
  perView = 1,
  variant = 'photo',
  autoplay = false,
  className,
}: ImageCarouselProps) {
  const { t, sized } = useSite()
  // The first images of the page's first block (BlockList): fetched at once, not lazily.
  const priority = useFirstScreenImage()
  const [first] = images
  if (images.length === 1 && first)
    return (
      <>
        {priority ? <ImagePreload image={sized(first)} /> : null}
        <Picture
          className={`carousel-single carousel-${variant}-single ${className ?? ''}`}
          image={sized(first)}
          priority={priority}
        />
      </>
    )
  const preload =
    priority && first ? (
      <ImagePreload image={sized(first)} sizes={slideSizes(perViewSteps(perView, variant))} plain />
    ) : null
  return (
    <>
      {preload}
      <Island
        name="Carousel"
        component={CarouselIsland}
        className={className}
        props={{
          label,
          slides: images.map(({ src, alt }) => sized({ src, alt })),
          perView,
          variant,
          ...(autoplay ? { autoplayMs: AUTOPLAY_MS } : {}),
          ...(priority ? { priority } : {}),
          labels: {
            carousel: t('homeNews.carousel.roleDescription'),
            slide: t('homeNews.carousel.slide'),
            previous: t('homeNews.carousel.previous'),
            next: t('homeNews.carousel.next'),
            pause: t('homeNews.carousel.pause'),
            play: t('homeNews.carousel.play'),
          },
        }}
      />
    </>
  )
}
