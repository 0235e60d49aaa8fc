import { useSite } from '../lib/SiteContext.tsx'

/**
 * The loading overlay of the old site, in CSS only: it fades out after the delay whether or
 * not JavaScript runs, never takes layout space, and is not shown under reduced motion.
 */
export function RevealOverlay() {
  // The delay reaches the CSS as --reveal-delay, set by PageStyle (no style attribute: CSP).
  const { site, route, lang, t } = useSite()
  const delay =
    route.template === 'home' && lang === 'en'
      ? site.timing.revealDelayEnHomeMs
      : site.timing.revealDelayMs
  return (
    <div className="reveal-overlay" aria-hidden="true" data-delay-ms={delay}>
      <span className="spinner" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  )
}
