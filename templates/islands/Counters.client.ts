// The counters' browser side (templates/lib/hydration.ts, ENHANCED_ISLANDS), without React: the
// figures drop to 0 and count up to the values of the server HTML in `durationMs` once in view.
// Under reduced motion they keep their final values.
import { prefersReducedMotion } from '../lib/motion.ts'
import type { CountersProps } from './Counters.tsx'

const easeOut = (p: number) => 1 - (1 - p) ** 3

export default function enhanceCounters(
  el: HTMLElement,
  { items, durationMs, locale }: CountersProps,
) {
  const list = el.querySelector<HTMLElement>('.counters')
  if (!list || prefersReducedMotion()) return
  const format = new Intl.NumberFormat(locale)
  const figures = [...list.querySelectorAll<HTMLElement>('.counter-value')]
  const draw = (progress: number) =>
    figures.forEach((figure, i) => {
      const item = items[i]
      if (item)
        figure.textContent = `${format.format(Math.round(item.value * easeOut(progress)))}${item.suffix ?? ''}`
    })
  draw(0)
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return
    observer.disconnect()
    const start = performance.now()
    const tick = (now: number) => {
      const progress = Math.min(1, (now - start) / durationMs)
      draw(progress)
      if (progress < 1) requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })
  observer.observe(list)
}
