import { useId } from 'react'
import { canAutoplay, perViewSteps, slideSizes } from '../lib/carouselLayout.ts'
import { Picture } from '../lib/Picture.tsx'
import type { SizedImage } from '../lib/picture.ts'

export { perViewSteps } from '../lib/carouselLayout.ts'

export type CarouselSlide = SizedImage

export type CarouselLabels = {
  /** Role description of the whole, e.g. "carousel" / "carrousel". */
  carousel: string
  /** Role description of one slide. */
  slide: string
  previous: string
  next: string
  pause: string
  play: string
}

export type CarouselProps = {
  /** Accessible name of the carousel (the section heading or the article title). */
  label: string
  slides: CarouselSlide[]
  /** Slides per row from 1024 px; fewer on tablets and phones. */
  perView: number
  variant: 'photo' | 'logo'
  /** Delay between automatic moves; absent: no autoplay. */
  autoplayMs?: number
  labels: CarouselLabels
  /** The first slide is the page's main image (LCP): loaded at once, with high priority. */
  priority?: boolean
}

/**
 * A carousel as the server writes it: Swiper's markup (container, wrapper, slides) holding the
 * plain slide list, and its previous/next buttons (plus a play/pause button when it plays by
 * itself), hidden until Carousel.client.ts starts Swiper on it. Until then, and with JavaScript
 * off, carousel.css shows the slides as a horizontally scrollable row, focusable so keyboard
 * users can scroll it.
 */
export default function Carousel({
  label,
  slides,
  perView,
  variant,
  autoplayMs,
  labels,
  priority,
}: CarouselProps) {
  const wrapperId = `${useId().replace(/[^a-zA-Z0-9]/g, '')}-slides`
  const steps = perViewSteps(perView, variant)
  const sizes = slideSizes(steps)
  const scrollable = slides.length > steps.base

  return (
    <section
      // Slides per row as classes (carousel.css), not a style attribute: the CSP blocks those.
      className={`carousel carousel-${variant} pv-base-${steps.base} pv-md-${steps.md} pv-lg-${steps.lg}`}
      aria-roledescription={labels.carousel}
      aria-label={label}
    >
      <div className="swiper" tabIndex={scrollable ? 0 : undefined}>
        <div className="swiper-wrapper">
          {slides.map((slide, i) => (
            <div key={slide.src} className="swiper-slide">
              <Picture
                className="carousel-image"
                image={slide}
                sizes={sizes}
                priority={priority && i === 0}
              />
            </div>
          ))}
        </div>
      </div>
      {scrollable ? (
        <div
          className="carousel-controls"
          hidden
          // Space kept for the buttons until Swiper starts, at the widths where they will show
          // (more slides than fit in a row): carousel.css, one media query per step. No shift.
          data-reserve={
            (['base', 'md', 'lg'] as const).filter((k) => slides.length > steps[k]).join(' ') ||
            undefined
          }
        >
          <button type="button" className="carousel-button carousel-prev" aria-controls={wrapperId}>
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">{labels.previous}</span>
          </button>
          {canAutoplay(autoplayMs, slides.length, steps.lg) ? (
            <button
              type="button"
              className="carousel-button carousel-toggle"
              aria-controls={wrapperId}
            >
              <span aria-hidden="true">▶</span>
              <span className="visually-hidden">{labels.play}</span>
            </button>
          ) : null}
          <button type="button" className="carousel-button carousel-next" aria-controls={wrapperId}>
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">{labels.next}</span>
          </button>
        </div>
      ) : null}
    </section>
  )
}
