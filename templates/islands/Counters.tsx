import { useEffect, useMemo, useRef, useState } from 'react'
import { prefersReducedMotion } from '../lib/motion.ts'

export type CountersProps = {
  heading?: string
  items: { value: number; label: string; suffix?: string; text: string }[]
  durationMs: number
  locale: string
}

/**
 * Figures that count up from 0 to their value in `durationMs` once in view. The server HTML
 * holds the final values, so they read right with JavaScript off or under reduced motion.
 */
export default function Counters({ items, durationMs, locale }: CountersProps) {
  const ref = useRef<HTMLUListElement>(null)
  const [progress, setProgress] = useState(1)
  useEffect(() => {
    const el = ref.current
    if (!el || prefersReducedMotion()) return
    setProgress(0)
    let frame = 0
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return
      observer.disconnect()
      const start = performance.now()
      const tick = (now: number) => {
        const p = Math.min(1, (now - start) / durationMs)
        setProgress(p)
        if (p < 1) frame = requestAnimationFrame(tick)
      }
      frame = requestAnimationFrame(tick)
    })
    observer.observe(el)
    return () => {
      observer.disconnect()
      cancelAnimationFrame(frame)
    }
  }, [durationMs])
  const format = useMemo(() => new Intl.NumberFormat(locale), [locale])
  return (
    <ul className="counters" ref={ref}>
      {items.map((item) => (
        <li key={item.label} className="counter">
          {/* Screen readers get the final figure once, not every frame. */}
          {/* The final figure, invisible, holds the width; the counting one is drawn over it from
              the same left edge, so nothing moves while it counts (no layout shift). */}
          <span className="counter-figure" aria-hidden="true">
            <span className="counter-final">
              {format.format(item.value)}
              {item.suffix}
            </span>
            <span className="counter-value" data-value={item.value}>
              {format.format(Math.round(item.value * easeOut(progress)))}
              {item.suffix}
            </span>
          </span>
          <span className="visually-hidden">{item.text}</span>
          <span className="counter-label" aria-hidden="true">
            {item.label}
          </span>
        </li>
      ))}
    </ul>
  )
}

const easeOut = (p: number) => 1 - (1 - p) ** 3
