import { useState } from 'react'
import { Dialog } from './Dialog.tsx'

/** An image with a small version for the grid and a large one for the modal window. */
export type EnlargeableImage = {
  id: string
  /** Small image shown in the grid. */
  thumbnail: string
  /** Large image shown in the modal (and the link target with JavaScript off). */
  image: string
  /** Visible caption; also the modal's title and the large image's text alternative. */
  caption: string
}

export type ThumbnailGridProps = {
  items: EnlargeableImage[]
  /** Screen-reader hint after each caption, e.g. "(agrandir)". */
  enlargeHint: string
  /** Accessible name of the modal's X button. */
  closeLabel: string
}

/**
 * Thumbnails that open their large image in a modal <Dialog>. Each thumbnail is a real link
 * to the large image, so it still works with JavaScript off or before hydration; once
 * hydrated, the click opens the modal instead, and closing it returns focus to the thumbnail.
 * For use inside islands (props only, no useSite()).
 */
export function ThumbnailGrid({ items, enlargeHint, closeLabel }: ThumbnailGridProps) {
  const [shown, setShown] = useState<EnlargeableImage | null>(null)
  return (
    <>
      <ul className="thumb-grid">
        {items.map((item) => (
          <li key={item.id}>
            <a
              className="thumb-link"
              href={item.image}
              data-thumbnail={item.id}
              onClick={(event) => {
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return
                event.preventDefault()
                setShown(item)
              }}
            >
              <img src={item.thumbnail} alt="" width={250} height={350} loading="lazy" />
              <span className="thumb-caption">{item.caption}</span>
              <span className="visually-hidden"> {enlargeHint}</span>
            </a>
          </li>
        ))}
      </ul>
      <Dialog
        open={shown !== null}
        onClose={() => setShown(null)}
        title={shown?.caption ?? ''}
        closeLabel={closeLabel}
        className="dialog-image"
      >
        {shown ? <img src={shown.image} alt={shown.caption} width={800} height={1120} /> : null}
      </Dialog>
    </>
  )
}
