import { useState } from 'react'
import { Dialog } from '../lib/Dialog.tsx'

export type GalleryItem = { id: string; src: string; alt: string; large: string; caption: string }

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
              <img src={item.src} alt={item.alt} loading="lazy" />
              <figcaption>{item.caption}</figcaption>
            </figure>
            <a
              className="gallery-enlarge"
              href={item.large}
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
        {shown ? <img src={shown.large} alt={shown.alt} /> : null}
      </Dialog>
    </>
  )
}
