import { useState } from 'react'
import { Dialog } from '../lib/Dialog.tsx'
import { CARD_SIZES, Picture } from '../lib/Picture.tsx'
import type { SizedImage } from '../lib/picture.ts'

/** A card whose texts the server has already rendered to HTML (rich text with links). */
export type DetailCard = {
  id: string
  title: string
  image?: SizedImage
  summaryHtml: string
  detailsHtml: string
  linksHtml: string
}

export type DetailModalsProps = {
  items: DetailCard[]
  columns: number
  /** Button text, "Détails" / "Details". */
  detailsLabel: string
  /** Close button text and X button name, "Fermer" / "Close". */
  closeLabel: string
}

/**
 * Cards with a Détails button each, opening the card's details in a modal window. The details
 * are also in each card for visitors without JavaScript (CSS shows them there only then).
 */
export default function DetailModals({
  items,
  columns,
  detailsLabel,
  closeLabel,
}: DetailModalsProps) {
  const [shown, setShown] = useState<DetailCard | null>(null)
  return (
    <>
      <ul className={`card-grid cols-${columns} detail-cards`}>
        {items.map((item) => (
          <li key={item.id} id={item.id} className="card detail-card">
            {item.image ? <Picture image={item.image} sizes={CARD_SIZES} /> : null}
            <h3>{item.title}</h3>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: HTML rendered by the server from validated content */}
            <div dangerouslySetInnerHTML={{ __html: item.summaryHtml }} />
            <div
              className="detail-static"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML rendered by the server from validated content
              dangerouslySetInnerHTML={{ __html: item.detailsHtml }}
            />
            <p className="buttons detail-actions">
              <button
                type="button"
                className="button button-secondary detail-open"
                aria-haspopup="dialog"
                onClick={() => setShown(item)}
              >
                {detailsLabel}
                <span className="visually-hidden"> – {item.title}</span>
              </button>
            </p>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: HTML rendered by the server from validated content */}
            <div dangerouslySetInnerHTML={{ __html: item.linksHtml }} />
          </li>
        ))}
      </ul>
      <Dialog
        open={shown !== null}
        onClose={() => setShown(null)}
        title={shown?.title ?? ''}
        closeLabel={closeLabel}
        className="dialog-text"
      >
        {shown ? (
          <>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: HTML rendered by the server from validated content */}
            <div className="detail-body" dangerouslySetInnerHTML={{ __html: shown.detailsHtml }} />
            <p className="dialog-actions">
              <button
                type="button"
                className="button button-primary"
                onClick={() => setShown(null)}
              >
                {closeLabel}
              </button>
            </p>
          </>
        ) : null}
      </Dialog>
    </>
  )
}
