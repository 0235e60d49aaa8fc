import { type FocusEvent, useId, useState } from 'react'
import type { Swiper as SwiperInstance } from 'swiper'
import { A11y, Autoplay } from 'swiper/modules'
import { Swiper, SwiperSlide } from 'swiper/react'
import { prefersReducedMotion } from '../lib/motion.ts'
import { Picture } from '../lib/Picture.tsx'
import type { SizedImage } from '../lib/picture.ts'

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
}

/** The same gap as `--carousel-gap` in carousel.css. */
const GAP_PX = 16

/** Slides per row below 640 px, from 640 px and from 1024 px (the CSS uses the same steps). */
export function perViewSteps(perView: number, variant: CarouselProps['variant']) {
  return {
    base: Math.min(perView, variant === 'logo' ? 2 : 1),
    md: Math.min(perView, 3),
    lg: perView,
  }
}

/**
 * Swiper carousel with real previous/next buttons (keyboard operable as any button) and, when
 * it plays by itself, a pause button; autoplay never starts by itself under reduced motion and stops as
 * soon as keyboard focus enters. The server HTML is the plain slide list: until Swiper has
 * started (or with JavaScript off) carousel.css shows it as a horizontally scrollable row.
 */
export default function Carousel({
  label,
  slides,
  perView,
  variant,
  autoplayMs,
  labels,
}: CarouselProps) {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null)
  const [playing, setPlaying] = useState(false)
  // Swiper "locks" a carousel whose slides all fit (watchOverflow): no buttons then.
  const [locked, setLocked] = useState(false)
  const wrapperId = `${useId().replace(/[^a-zA-Z0-9]/g, '')}-slides`
  const steps = perViewSteps(perView, variant)
  // Each slide's share of the container at each step (images are fetched at that width).
  const sizes = `(min-width: 1024px) ${Math.ceil(1180 / steps.lg)}px, (min-width: 640px) ${Math.ceil(100 / steps.md)}vw, ${Math.ceil(100 / steps.base)}vw`
  const ready = swiper !== null
  // Same answer on server and client (hydration); reduced motion is applied once Swiper starts.
  const canAutoplay = Boolean(autoplayMs) && slides.length > steps.lg
  const scrollable = slides.length > steps.base

  const stopOnFocus = (e: FocusEvent<HTMLElement>) => {
    const onToggle = (e.target as HTMLElement).closest('.carousel-toggle')
    if (playing && !onToggle) {
      swiper?.autoplay.stop()
      setPlaying(false)
    }
  }
  const toggle = () => {
    if (!swiper) return
    if (playing) swiper.autoplay.stop()
    else swiper.autoplay.start()
    setPlaying(!playing)
  }

  return (
    // onFocus only stops autoplay when keyboard focus enters (WCAG 2.2.2).
    <section
      // Slides per row as classes (carousel.css), not a style attribute: the CSP blocks those.
      className={`carousel carousel-${variant} pv-base-${steps.base} pv-md-${steps.md} pv-lg-${steps.lg}${ready ? ' is-ready' : ''}`}
      aria-roledescription={labels.carousel}
      aria-label={label}
      onFocus={stopOnFocus}
    >
      <Swiper
        modules={[A11y, Autoplay]}
        // Focusable only while it is a plain scrolling row, so keyboard users can scroll it.
        tabIndex={ready || !scrollable ? undefined : 0}
        slidesPerView={steps.base}
        spaceBetween={GAP_PX}
        breakpoints={{ 640: { slidesPerView: steps.md }, 1024: { slidesPerView: steps.lg } }}
        rewind
        watchSlidesProgress
        lazyPreloadPrevNext={steps.lg}
        a11y={{
          enabled: true,
          containerRoleDescriptionMessage: null,
          itemRoleDescriptionMessage: labels.slide,
          id: wrapperId,
        }}
        autoplay={
          canAutoplay
            ? { delay: autoplayMs, disableOnInteraction: false, pauseOnMouseEnter: true }
            : false
        }
        onSwiper={(s) => {
          // Under reduced motion it waits for the visitor to press play.
          const run = canAutoplay && !prefersReducedMotion()
          if (canAutoplay && !run) s.autoplay.stop()
          setSwiper(s)
          setPlaying(run)
          setLocked(s.isLocked)
        }}
        onLock={() => setLocked(true)}
        onUnlock={() => setLocked(false)}
      >
        {slides.map((slide) => (
          <SwiperSlide key={slide.src}>
            <Picture className="carousel-image" image={slide} sizes={sizes} />
          </SwiperSlide>
        ))}
      </Swiper>
      {scrollable ? (
        <div
          className="carousel-controls"
          hidden={!ready || locked}
          // Space kept for the buttons until Swiper starts, at the widths where they will show
          // (more slides than fit in a row): carousel.css, one media query per step. No shift.
          data-reserve={
            (['base', 'md', 'lg'] as const).filter((k) => slides.length > steps[k]).join(' ') ||
            undefined
          }
        >
          <button
            type="button"
            className="carousel-button carousel-prev"
            aria-controls={wrapperId}
            onClick={() => swiper?.slidePrev()}
          >
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">{labels.previous}</span>
          </button>
          {canAutoplay ? (
            <button
              type="button"
              className="carousel-button carousel-toggle"
              aria-controls={wrapperId}
              onClick={toggle}
            >
              <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
              <span className="visually-hidden">{playing ? labels.pause : labels.play}</span>
            </button>
          ) : null}
          <button
            type="button"
            className="carousel-button carousel-next"
            aria-controls={wrapperId}
            onClick={() => swiper?.slideNext()}
          >
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">{labels.next}</span>
          </button>
        </div>
      ) : null}
    </section>
  )
}
