// The open form's value as the history panel reads and replaces it: Decap's own state
// (decap/draft.ts), handed over by main.tsx once Decap is loaded, so the panel's chunk does not
// import Decap's modules.

export type FormDraft = {
  /** The open form's value (the entry's data), or undefined when no form is open. */
  formValue(): unknown
  /** Puts a value into the open form, unsaved. */
  setFormValue(value: unknown): void
}

let provided: FormDraft | undefined

export function provideFormDraft(draft: FormDraft): void {
  provided = draft
}

export function formDraft(): FormDraft {
  if (!provided) throw new Error("Decap's form is not loaded")
  return provided
}
