import { type FormValues, type FormVariant, fieldsOf, TEXT_FIELDS } from './rules.ts'

/**
 * What each text field of the form holds at this moment, as the visitor sees it. The form's
 * state hears only of input events: a value the browser restored into the server HTML before
 * hydration (React 19 keeps it and reports no change) or one a password manager or script
 * wrote without an input event is on the screen but not in the state. The submit judges and
 * sends these values, never the state's copy. A field the variant does not show is empty.
 */
export function currentValues(form: HTMLFormElement, variant: FormVariant): FormValues {
  const values = Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])) as FormValues
  for (const f of fieldsOf(variant)) {
    const input = form.elements.namedItem(f)
    if (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement)
      values[f] = input.value
  }
  return values
}

/** The file the form's CV input holds at this moment, if the form has one. */
export function chosenFile(form: HTMLFormElement): File | null {
  const input = form.elements.namedItem('file')
  return input instanceof HTMLInputElement ? (input.files?.[0] ?? null) : null
}
