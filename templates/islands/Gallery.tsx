import { useState } from 'react'
import { Dialog } from '../lib/Dialog.tsx'
import { CARD_SIZES, MODAL_SIZES, Picture } from '../lib/Picture.tsx'
import type { SizedImage } from '../lib/picture.ts'

/** A thumbnail and its large version (the same image unless the content gives one). */
export type GalleryItem = { id: string; image: SizedImage; large: SizedImage; caption: string }

export type GalleryProps = {
  items: GalleryItem[]
  /** Link text, "Agrandir" / "Enlarge". */
  enlargeLabel: string
  /** Accessible name of the window's X button. */
  closeLabel: string
}

/**
 * Captioned images, each with an enlarge link. The link targets the large image, so it works
 * with JavaScript off; once hydrated it opens the image in a modal window instead, and closing
 * the window returns focus to the link.
 */
export default function Gallery({ items, enlargeLabel, closeLabel }: GalleryProps) {
  const [shown, setShown] = useState<GalleryItem | null>(null)
  return (
    <>
      <ul className="gallery-grid">
        {items.map((item) => (
          <li key={item.id} id={item.id}>
            <figure>
              <Picture image={item.image} sizes={CARD_SIZES} />
              <figcaption>{item.caption}</figcaption>
            </figure>
            <a
              className="gallery-enlarge"
              href={item.large.src}
              onClick={(event) => {
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return
                event.preventDefault()
                setShown(item)
              }}
            >
              {enlargeLabel}
              <span className="visually-hidden"> – {item.caption}</span>
            </a>
          </li>
        ))}
      </ul>
      <Dialog
        open={shown !== null}
        onClose={() => setShown(null)}
        title={shown?.caption ?? ''}
        closeLabel={closeLabel}
        className="dialog-image dialog-wide"
      >
        {shown ? <Picture image={shown.large} sizes={MODAL_SIZES} /> : null}
      </Dialog>
    </>
  )
}
