import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { type EnlargeableImage, ThumbnailGrid } from '../lib/ThumbnailGrid.tsx'

export type CertificateTabsProps = {
  /** Accessible name of the tab list. */
  label: string
  tabs: {
    id: string
    /** Tab label (ISO, VEIKI-VNL...). */
    label: string
    /** Heading of the panel (h3), shown in both modes. */
    heading: string
    intro?: string
    certificates: EnlargeableImage[]
  }[]
  enlargeHint: string
  closeLabel: string
}

/**
 * Certificates in tabs, after the WAI-ARIA tabs pattern (automatic activation: arrow keys,
 * Home and End move between tabs; Tab goes into the panel). The server HTML and the first
 * render are plain sections one after another, so with JavaScript off every panel reads in
 * turn under its heading; tab semantics and hidden panels arrive once hydrated. Before
 * hydration, CSS under `.js` already shows only the first panel, so the page does not jump.
 */
export default function CertificateTabs({
  label,
  tabs,
  enlargeHint,
  closeLabel,
}: CertificateTabsProps) {
  const [enhanced, setEnhanced] = useState(false)
  const [active, setActive] = useState(0)
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([])
  const base = useId()
  useEffect(() => setEnhanced(true), [])

  const select = (index: number) => {
    const next = (index + tabs.length) % tabs.length
    setActive(next)
    tabRefs.current[next]?.focus()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: active + 1,
      ArrowLeft: active - 1,
      Home: 0,
      End: tabs.length - 1,
    }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    select(target)
  }

  return (
    <div className="cert-tabs" data-enhanced={enhanced ? 'true' : 'false'}>
      {/* Tab semantics only once hydrated: before, these buttons are not tabs yet. */}
      <div
        className="cert-tablist"
        {...(enhanced ? { role: 'tablist', 'aria-label': label, onKeyDown } : {})}
      >
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              tabRefs.current[i] = el
            }}
            type="button"
            id={`${base}tab-${tab.id}`}
            className="cert-tab"
            {...(enhanced
              ? {
                  role: 'tab',
                  'aria-selected': i === active,
                  'aria-controls': `${base}panel-${tab.id}`,
                  tabIndex: i === active ? 0 : -1,
                }
              : {})}
            onClick={() => setActive(i)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div
          key={tab.id}
          id={`${base}panel-${tab.id}`}
          className="cert-panel"
          data-group={tab.id}
          {...(enhanced ? { role: 'tabpanel', 'aria-labelledby': `${base}tab-${tab.id}` } : {})}
          hidden={enhanced && i !== active}
        >
          <h3 className="cert-panel-heading">{tab.heading}</h3>
          {tab.intro ? <p>{tab.intro}</p> : null}
          <ThumbnailGrid
            items={tab.certificates}
            enlargeHint={enlargeHint}
            closeLabel={closeLabel}
          />
        </div>
      ))}
    </div>
  )
}
