import { type ChangeEvent, useEffect, useRef } from 'react'
import { type FileProblem, fileProblem } from './rules.ts'

/**
 * The CV picker: PDF only, 1 MB at most. A refused file is discarded at once (the input is
 * emptied) and the reason shown beside it; cancelling the picker clears the reason.
 */
export function FileInput({
  id,
  label,
  hint,
  error,
  onFile,
}: {
  id: string
  label: string
  hint: string
  error?: string
  onFile: (file: File | null, problem: FileProblem | null) => void
}) {
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    const input = ref.current
    const cancel = () => onFile(null, null)
    input?.addEventListener('cancel', cancel)
    return () => input?.removeEventListener('cancel', cancel)
  }, [onFile])
  const onChange = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget
    const file = input.files?.[0]
    if (!file) return onFile(null, null)
    // Recognised by its first bytes, as the inbox does, not by its name or declared type.
    const head = new Uint8Array(await file.slice(0, 5).arrayBuffer())
    const problem = fileProblem(head, file.size)
    if (problem) input.value = ''
    onFile(problem ? null : file, problem)
  }
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  return (
    <div className={`form-field field-file${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <p className="field-hint" id={hintId}>
        {hint}
      </p>
      <input
        ref={ref}
        id={id}
        name="file"
        type="file"
        accept="application/pdf,.pdf"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={onChange}
      />
      <p className="field-error" id={errorId} role="alert" hidden={!error}>
        {error}
      </p>
    </div>
  )
}
