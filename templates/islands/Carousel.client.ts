// The carousel's browser side (templates/lib/hydration.ts, ENHANCED_ISLANDS): Swiper's own
// script (core, A11y and Autoplay modules, no swiper/react, no React) started on the server
// markup of Carousel.tsx. Previous/next are real buttons; when it plays by itself, a pause
// button; autoplay never starts by itself under reduced motion and stops as soon as keyboard
// focus enters (WCAG 2.2.2).
import Swiper from 'swiper'
import { A11y, Autoplay } from 'swiper/modules'
import { canAutoplay, GAP_PX, perViewSteps } from '../lib/carouselLayout.ts'
import { prefersReducedMotion } from '../lib/motion.ts'
import type { CarouselProps } from './Carousel.tsx'

export default function enhanceCarousel(el: HTMLElement, props: CarouselProps) {
  const section = el.querySelector<HTMLElement>('.carousel')
  const container = section?.querySelector<HTMLElement>('.swiper')
  if (!section || !container) return
  const controls = section.querySelector<HTMLElement>('.carousel-controls')
  const toggle = section.querySelector<HTMLButtonElement>('.carousel-toggle')
  const steps = perViewSteps(props.perView, props.variant)
  const autoplay = canAutoplay(props.autoplayMs, props.slides.length, steps.lg)
  let playing = false

  // Swiper "locks" a carousel whose slides all fit (watchOverflow): no buttons then.
  const showControls = (swiper: Swiper) => {
    if (controls) controls.hidden = swiper.isLocked
  }
  const setPlaying = (run: boolean) => {
    playing = run
    if (!toggle) return
    const [icon, name] = toggle.children
    if (icon) icon.textContent = run ? '❚❚' : '▶'
    if (name) name.textContent = run ? props.labels.pause : props.labels.play
  }

  const swiper = new Swiper(container, {
    modules: [A11y, Autoplay],
    slidesPerView: steps.base,
    spaceBetween: GAP_PX,
    breakpoints: { 640: { slidesPerView: steps.md }, 1024: { slidesPerView: steps.lg } },
    rewind: true,
    watchSlidesProgress: true,
    lazyPreloadPrevNext: steps.lg,
    a11y: {
      enabled: true,
      containerRoleDescriptionMessage: null,
      itemRoleDescriptionMessage: props.labels.slide,
      // The id the buttons' aria-controls name (server markup).
      id: section.querySelector('[aria-controls]')?.getAttribute('aria-controls') ?? null,
    },
    autoplay: autoplay
      ? { delay: props.autoplayMs, disableOnInteraction: false, pauseOnMouseEnter: true }
      : false,
    on: { lock: showControls, unlock: showControls },
  })
  // Under reduced motion it waits for the visitor to press play.
  const run = autoplay && !prefersReducedMotion()
  if (autoplay && !run) swiper.autoplay.stop()
  setPlaying(run)

  // A started carousel moves with its buttons: the row itself no longer takes focus.
  container.removeAttribute('tabindex')
  section.classList.add('is-ready')
  showControls(swiper)
  section.querySelector('.carousel-prev')?.addEventListener('click', () => swiper.slidePrev())
  section.querySelector('.carousel-next')?.addEventListener('click', () => swiper.slideNext())
  toggle?.addEventListener('click', () => {
    if (playing) swiper.autoplay.stop()
    else swiper.autoplay.start()
    setPlaying(!playing)
  })
  section.addEventListener('focusin', (event) => {
    const onToggle = (event.target as HTMLElement).closest('.carousel-toggle')
    if (playing && !onToggle) {
      swiper.autoplay.stop()
      setPlaying(false)
    }
  })
}
