// The form's rules, shared by the browser (templates/islands/ContactForm.tsx) and the local
// inbox (scripts/lib/inbox/handler.ts), so both sides accept and refuse the same things.

import { hasPdfHeader, pdfProblem } from './pdf.ts'

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

/**
 * Characters that show nothing on their own: white space, zero-width and other format
 * characters (U+200B, U+200D, U+2060, U+FEFF...), Unicode's default-ignorable code points
 * (Hangul fillers, U+034F), controls, and the blank Braille pattern.
 */
const INVISIBLE = '\\p{White_Space}\\p{Default_Ignorable_Code_Point}\\p{Cc}\\p{Cf}\\u2800'
const ONLY_INVISIBLE = new RegExp(`^[${INVISIBLE}]*$`, 'u')
const INVISIBLE_EDGES = new RegExp(`^[${INVISIBLE}]+|[${INVISIBLE}]+$`, 'gu')

/**
 * A value as the form sends and the inbox judges it: composed (NFC, so "é" typed as e + U+0301
 * is one character) and without invisible characters at either end.
 */
export function normalizeValue(value: string): string {
  return value.normalize('NFC').replace(INVISIBLE_EDGES, '')
}

/** True when the value shows nothing: empty, spaces only or zero-width characters only. */
export function isBlank(value: string | undefined): boolean {
  return ONLY_INVISIBLE.test((value ?? '').normalize('NFC'))
}

/** The required fields that show nothing (see isBlank), in form order. */
export function missingFields(variant: FormVariant, values: Partial<FormValues>): TextField[] {
  return requiredFields(variant).filter((f) => isBlank(values[f]))
}

/**
 * An e-mail address as people type it: local part, @, a domain with at least one dot. Letters
 * of any script are accepted (internationalised addresses); spaces, a second @ and empty
 * labels are not. Deliberately not RFC 5322's full grammar (quoted local parts, IP literals).
 */
const WORD = '[\\p{L}\\p{M}\\p{N}]'
const LABEL = `${WORD}(?:[\\p{L}\\p{M}\\p{N}-]{0,61}${WORD})?`
const EMAIL = new RegExp(
  `^[\\p{L}\\p{M}\\p{N}.!#$%&'*+/=?^_\`{|}~-]+@(?:${LABEL}\\.)+${LABEL}$`,
  'u',
)

/** A phone number: digits with spaces, +, -, . and parentheses between them. */
const PHONE = /^[0-9+\-.() \u00A0\u202F]+$/
export const PHONE_DIGITS = { min: 8, max: 20 } as const

/**
 * An extension after the number, as people write it in French and English: "poste 12",
 * "p. 12", "ext. 12", "extension 12", "int. 12", "x12", "#12" (any case, an optional comma
 * before and colon after the word). Its digits do not count in PHONE_DIGITS: a switchboard
 * number with one is still a number of 8 to 20 digits. The value is kept as typed.
 */
export const EXTENSION_DIGITS = { min: 1, max: 6 } as const
const EXTENSION = new RegExp(
  `^(.*?)[\\s,]*(?:poste|p\\.|ext(?:ension|\\.)?|int\\.?|x|#)\\s*:?\\s*[0-9]{${EXTENSION_DIGITS.min},${EXTENSION_DIGITS.max}}$`,
  'iu',
)

export function isEmail(value: string): boolean {
  const v = normalizeValue(value)
  return EMAIL.test(v) && !v.startsWith('.') && !v.includes('..') && !v.includes('.@')
}

export function isPhone(value: string): boolean {
  const v = normalizeValue(value)
  const number = EXTENSION.exec(v)?.[1] ?? v
  const digits = number.replace(/[^0-9]/g, '').length
  return PHONE.test(number) && digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max
}

/** The fields whose value has a format, with the check that value must pass. */
const FORMATS: Partial<Record<TextField, (value: string) => boolean>> = {
  email: isEmail,
  phone: isPhone,
}

/**
 * The filled fields whose value is not of their kind (an e-mail without @, a phone number
 * with letters), in form order. Empty fields are missingFields' business, not this one's.
 */
export function malformedFields(values: Partial<FormValues>): TextField[] {
  return TEXT_FIELDS.filter((f) => {
    const check = FORMATS[f]
    const value = values[f] ?? ''
    return check !== undefined && !isBlank(value) && !check(value)
  })
}

export type FieldProblem = 'required' | 'format'

/** What is wrong with each field the variant shows, in form order: empty, then badly formed. */
export function fieldProblems(
  variant: FormVariant,
  values: Partial<FormValues>,
): [TextField, FieldProblem][] {
  const missing = new Set(missingFields(variant, values))
  const malformed = new Set(malformedFields(values))
  return fieldsOf(variant).flatMap((f): [TextField, FieldProblem][] =>
    missing.has(f) ? [[f, 'required']] : malformed.has(f) ? [[f, 'format']] : [],
  )
}

/** The fields longer than their limit, in form order. */
export function overlongFields(values: Partial<FormValues>): TextField[] {
  return TEXT_FIELDS.filter((f) => (values[f] ?? '').length > FIELD_MAX_LENGTH[f])
}

export type FileProblem = 'fileType' | 'fileSize' | 'fileDamaged'

/**
 * Why a CV is refused, or null when it is fine: not a PDF by its header (whatever its name or
 * declared type says), then too large, then a PDF whose structure does not hold together (a
 * truncated or damaged file; templates/form/pdf.ts). The browser and the inbox both call this on
 * the file's bytes, so a file the page accepts is one the inbox stores. Past the size limit only
 * the header is looked at: `bytes` may then be the first 16 bytes only.
 */
export function fileProblem(bytes: Uint8Array, size: number): FileProblem | null {
  if (!hasPdfHeader(bytes)) return 'fileType'
  if (size > MAX_FILE_BYTES) return 'fileSize'
  if (pdfProblem(bytes)) return 'fileDamaged'
  return null
}

/** The variant a submission declares, or undefined when it names none of them. */
export function parseVariant(value: unknown): FormVariant | undefined {
  return FORM_VARIANTS.find((v) => v === value)
}
