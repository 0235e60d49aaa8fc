import { type ChangeEvent, memo } from 'react'
import { FIELD_MAX_LENGTH, type TextField } from './rules.ts'

type InputKind = {
  type: 'text' | 'email' | 'tel' | 'textarea'
  autoComplete?: string
  inputMode?: 'text' | 'email' | 'tel'
}

/**
 * Typed inputs, so browsers offer the right keyboard and autofill (name is the family name,
 * lastName the given name: spec section 3). The form still checks the formats itself
 * (rules.ts, noValidate) so every message appears in its summary, in the page's language.
 */
const INPUT: Record<TextField, InputKind> = {
  name: { type: 'text', autoComplete: 'family-name' },
  lastName: { type: 'text', autoComplete: 'given-name' },
  poste: { type: 'text', autoComplete: 'organization-title' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  message: { type: 'textarea' },
}

/**
 * One required text field with its label and, after a submit, its error beside it. Memoised:
 * the form renders again on each phase change and keystroke, and a field whose props did not
 * change is then skipped, in the render and in the commit (its <input> would otherwise be
 * updated each time, its change handler being a new function).
 */
export const TextInput = memo(function TextInput({
  id,
  field,
  label,
  value,
  error,
  onChange,
}: {
  id: string
  field: TextField
  label: string
  value: string
  error?: string
  onChange: (field: TextField, value: string) => void
}) {
  const errorId = `${id}-error`
  const common = {
    id,
    name: field,
    value,
    maxLength: FIELD_MAX_LENGTH[field],
    'aria-required': true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(field, e.target.value),
  }
  const { type, autoComplete, inputMode } = INPUT[field]
  return (
    <div className={`form-field field-${field}${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      {type === 'textarea' ? (
        <textarea rows={7} {...common} />
      ) : (
        <input
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          spellCheck={type === 'email' ? false : undefined}
          {...common}
        />
      )}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  )
})
