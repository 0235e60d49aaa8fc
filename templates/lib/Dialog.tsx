import { type ReactNode, useEffect, useId, useRef } from 'react'

export type DialogProps = {
  /** Shown as a modal when true; closed (and absent from the accessibility tree) when false. */
  open: boolean
  /** Called once the dialog has closed, whatever closed it: the X button, Escape, a backdrop click. */
  onClose: () => void
  /** Visible title (h2); it is also the dialog's accessible name. */
  title: string
  /** Accessible name of the X close button, e.g. "Fermer" / "Close" (islands get it as a prop). */
  closeLabel: string
  /** Content of the dialog. */
  children?: ReactNode
  /** Extra class on the <dialog>, e.g. `dialog-image` for a large picture, `dialog-text` for text. */
  className?: string
}

/**
 * Modal window for islands, built on the native <dialog> and showModal(): the browser makes
 * the rest of the page inert, keeps focus inside, closes on Escape and shows ::backdrop.
 *
 * Controlled: the island keeps what is shown in its state and renders one <Dialog> for it.
 *
 *   const [shown, setShown] = useState<Item | null>(null)
 *   <button type="button" onClick={() => setShown(item)}>{detailsLabel}</button>
 *   <Dialog open={shown !== null} onClose={() => setShown(null)}
 *           title={shown?.title ?? ''} closeLabel={closeLabel}>…</Dialog>
 *
 * On close, focus goes back to the element that had it when the dialog opened (the thumbnail
 * or "Détails" button), as the WAI-ARIA dialog pattern asks. Closing by a click on the backdrop
 * is supported too. The server renders the <dialog> closed, so nothing shows with JavaScript off:
 * the trigger must then still work on its own (a link to the image, or content on the page).
 */
export function Dialog({ open, onClose, title, closeLabel, children, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose
  const titleId = `${useId()}title`

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      dialog.showModal()
    } else if (!open && dialog.open) dialog.close()
  }, [open])

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const handleClose = () => {
      opener.current?.focus()
      opener.current = null
      onCloseRef.current()
    }
    dialog.addEventListener('close', handleClose)
    return () => dialog.removeEventListener('close', handleClose)
  }, [])

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape already closes a modal <dialog>; the click only handles the backdrop
    <dialog
      ref={ref}
      className={`dialog${className ? ` ${className}` : ''}`}
      aria-labelledby={open ? titleId : undefined}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself, outside its inner frame.
        if (event.target === event.currentTarget) event.currentTarget.close()
      }}
    >
      {/* Rendered only while open: a closed dialog holds no empty heading or stale content. */}
      {open ? (
        <div className="dialog-frame">
          <div className="dialog-header">
            <h2 id={titleId} className="dialog-title">
              {title}
            </h2>
            <button
              type="button"
              className="dialog-close"
              aria-label={closeLabel}
              title={closeLabel}
              onClick={() => ref.current?.close()}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className="dialog-body">{children}</div>
        </div>
      ) : null}
    </dialog>
  )
}
