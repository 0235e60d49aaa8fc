export type CountersProps = {
  heading?: string
  items: { value: number; label: string; suffix?: string; text: string }[]
  durationMs: number
  locale: string
}

/**
 * Figures that count up from 0 to their value in `durationMs` once in view
 * (Counters.client.ts). The server HTML holds the final values, so they read right with
 * JavaScript off or under reduced motion.
 */
export default function Counters({ items, locale }: CountersProps) {
  const format = new Intl.NumberFormat(locale)
  return (
    <ul className="counters">
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
              {format.format(item.value)}
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
