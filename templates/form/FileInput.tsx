import { type ChangeEvent, useEffect, useRef } from 'react'
import { checkFile } from './fileCheck.ts'
import { fileSizeText } from './fileSize.ts'
import type { FileProblem } from './rules.ts'
import { fillText } from './slots.tsx'

export type FilePickerStrings = { choose: string; none: string; chosen: string; remove: string }

/**
 * The CV picker: PDF only, 1 MB at most. The real file input stays in place, labelled and
 * focusable, transparent over a styled button, so a click, Enter or Space opens the system
 * picker as usual. Beside it: the chosen file's name and size, and a button to remove it.
 * A refused file is discarded at once (the input is emptied) and the reason announced.
 */
export function FileInput({
  id,
  label,
  hint,
  error,
  file,
  lang,
  strings: s,
  onFile,
}: {
  id: string
  label: string
  hint: string
  error?: string
  /** The accepted file, kept by the form. */
  file: File | null
  lang: string
  strings: FilePickerStrings
  onFile: (file: File | null, problem: FileProblem | null) => void
}) {
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    const input = ref.current
    // A cancelled picker keeps what the input holds (Chromium keeps the previous file); only
    // a shown reason is cleared.
    const cancel = () => onFile(input?.files?.[0] ?? null, null)
    input?.addEventListener('cancel', cancel)
    return () => input?.removeEventListener('cancel', cancel)
  }, [onFile])
  const onChange = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget
    const picked = input.files?.[0]
    if (!picked) return onFile(null, null)
    const problem = await checkFile(picked)
    if (problem) input.value = ''
    onFile(problem ? null : picked, problem)
  }
  const remove = () => {
    if (ref.current) ref.current.value = ''
    onFile(null, null)
    ref.current?.focus()
  }
  const hintId = `${id}-hint`
  const chosenId = `${id}-chosen`
  const errorId = `${id}-error`
  return (
    <div className={`form-field field-file${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <p className="field-hint" id={hintId}>
        {hint}
      </p>
      <div className="file-picker">
        <span className="file-button-wrap">
          <input
            ref={ref}
            id={id}
            name="file"
            type="file"
            className="file-input"
            accept="application/pdf,.pdf"
            aria-invalid={error ? true : undefined}
            aria-describedby={`${hintId} ${chosenId}${error ? ` ${errorId}` : ''}`}
            onChange={onChange}
          />
          {/* The look of the button; the transparent input above it takes clicks and focus. */}
          <span className="button button-secondary file-button" aria-hidden="true">
            {s.choose}
          </span>
        </span>
        <span className="file-chosen" id={chosenId}>
          {file
            ? fillText(s.chosen, { name: file.name, size: fileSizeText(file.size, lang) })
            : s.none}
        </span>
        {file ? (
          <button type="button" className="button button-text file-remove" onClick={remove}>
            {s.remove}
          </button>
        ) : null}
      </div>
      <p className="field-error" id={errorId} role="alert" hidden={!error}>
        {error}
      </p>
    </div>
  )
}
