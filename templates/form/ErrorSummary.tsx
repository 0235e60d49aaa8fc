import type { MouseEvent, Ref } from 'react'

export type SummaryEntry = { target: string; message: string }

/** Moves focus to the field itself, not just scrolls to it, with its label in view. */
function focusField(e: MouseEvent<HTMLAnchorElement>, target: string) {
  const field = document.getElementById(target)
  if (!field) return
  e.preventDefault()
  field.focus()
  ;(field.closest('.form-field') ?? field).scrollIntoView({ block: 'center' })
}

/** What stops the sending, listed once, each entry a link to its field. Takes focus. */
export function ErrorSummary({
  id,
  title,
  entries,
  ref,
}: {
  id: string
  title: string
  entries: SummaryEntry[]
  ref: Ref<HTMLDivElement>
}) {
  if (entries.length === 0) return null
  return (
    <div className="form-summary" ref={ref} tabIndex={-1} role="alert" aria-labelledby={id}>
      <p className="form-summary-title" id={id}>
        {title}
      </p>
      <ul>
        {entries.map((e) => (
          <li key={e.target}>
            <a href={`#${e.target}`} onClick={(event) => focusField(event, e.target)}>
              {e.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
