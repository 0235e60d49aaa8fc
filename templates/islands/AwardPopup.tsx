import { MODAL_SIZES, Picture } from '../lib/Picture.tsx'
import type { SizedImage } from '../lib/picture.ts'

export type AwardPopupProps = {
  id: string
  heading: string
  image?: SizedImage
  texts: { text: string; lang?: 'ar' | 'en' | 'fr' }[]
  closeLabel: string
  /** Close by itself after this delay (paused while hovered or focused); absent: stays open. */
  autoCloseMs?: number
}

/**
 * Floating, non-modal announcement shown on load. It never takes focus nor blocks the page.
 * This is its server HTML; AwardPopup.client.ts makes the close button hide it and leave focus
 * where the panel was, and runs the optional timer, which waits while the pointer or the
 * keyboard focus is on it (WCAG 2.2.1). With JavaScript off, the close control is a link to
 * #<id>-closed, and home.css hides the panel when that target is active (:target), so it can
 * still be dismissed.
 */
export default function AwardPopup({
  id,
  heading,
  image,
  texts,
  closeLabel,
  autoCloseMs,
}: AwardPopupProps) {
  return (
    <div className="award-anchor" tabIndex={-1} data-auto-close={autoCloseMs ? 'armed' : 'off'}>
      <span id={`${id}-closed`} className="award-closed-target" />
      <section id={id} className="award-popup" aria-labelledby={`${id}-title`}>
        {image ? <Picture className="award-image" image={image} sizes={MODAL_SIZES} /> : null}
        <div className="award-text">
          <h2 id={`${id}-title`} className="award-title">
            {heading}
          </h2>
          {texts.map((p) => (
            <p key={p.text} lang={p.lang} dir={p.lang === 'ar' ? 'rtl' : undefined}>
              {p.text}
            </p>
          ))}
        </div>
        <button type="button" className="award-close award-close-js">
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{closeLabel}</span>
        </button>
        <a className="award-close award-close-nojs" href={`#${id}-closed`}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{closeLabel}</span>
        </a>
      </section>
    </div>
  )
}
