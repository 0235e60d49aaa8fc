import { useEffect, useRef, useState } from 'react'
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
  const format = new Intl.NumberFormat(locale)
  return (
    <ul className="counters" ref={ref}>
      {items.map((item) => (
        <li key={item.label} className="counter">
          {/* Screen readers get the final figure once, not every frame. */}
          <span className="counter-value" aria-hidden="true" data-value={item.value}>
            {format.format(Math.round(item.value * easeOut(progress)))}
            {item.suffix}
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
