// The form's rules, shared by the browser (templates/islands/ContactForm.tsx) and the local
// inbox (scripts/lib/inbox/handler.ts), so both sides accept and refuse the same things.

/** The four places the one form appears (design §7). */
export const FORM_VARIANTS = ['contact', 'plain', 'embedded', 'careers'] as const
export type FormVariant = (typeof FORM_VARIANTS)[number]

/** Text fields of the call (spec section 7), in the order the form shows them. */
export const TEXT_FIELDS = ['name', 'lastName', 'poste', 'email', 'phone', 'message'] as const
export type TextField = (typeof TEXT_FIELDS)[number]
export type FormValues = Record<TextField, string>

/** The CV: PDF only, at most 1 MB (spec sections 5 and 9). */
export const MAX_FILE_BYTES = 1_048_576

/** Longest accepted value of each text field, in characters (the inbox counts bytes, 4 per char). */
export const FIELD_MAX_LENGTH: Record<TextField, number> = {
  name: 100,
  lastName: 100,
  poste: 150,
  email: 254,
  phone: 40,
  message: 5000,
}

/** Fields the variant shows: only the careers form asks for a position (spec section 3). */
export function fieldsOf(variant: FormVariant): TextField[] {
  return TEXT_FIELDS.filter((f) => f !== 'poste' || variant === 'careers')
}

/** Every shown field is required (spec section 5). */
export const requiredFields = fieldsOf

/** Only the careers form takes a CV. */
export const acceptsFile = (variant: FormVariant): boolean => variant === 'careers'

/** The required fields that are empty once trimmed, in form order. */
export function missingFields(variant: FormVariant, values: Partial<FormValues>): TextField[] {
  return requiredFields(variant).filter((f) => !(values[f] ?? '').trim())
}

/** The fields longer than their limit, in form order. */
export function overlongFields(values: Partial<FormValues>): TextField[] {
  return TEXT_FIELDS.filter((f) => (values[f] ?? '').length > FIELD_MAX_LENGTH[f])
}

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d] // %PDF-

/** A PDF is recognised by its first bytes, whatever its name or declared type says. */
export function hasPdfSignature(head: Uint8Array): boolean {
  return PDF_SIGNATURE.every((byte, i) => head[i] === byte)
}

export type FileProblem = 'fileType' | 'fileSize'

/** Why a CV is refused (type first, as the spec lists it), or null when it is fine. */
export function fileProblem(head: Uint8Array, size: number): FileProblem | null {
  if (!hasPdfSignature(head)) return 'fileType'
  if (size > MAX_FILE_BYTES) return 'fileSize'
  return null
}

/** The variant a submission declares, or undefined when it names none of them. */
export function parseVariant(value: unknown): FormVariant | undefined {
  return FORM_VARIANTS.find((v) => v === value)
}
