import type { FormValues, FormVariant } from './rules.ts'

/**
 * A random UUID (version 4). crypto.randomUUID exists only in secure contexts (https, localhost);
 * a page opened over plain http on a network address falls back to getRandomValues.
 */
export function newSubmissionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40 // version 4
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80 // RFC 4122 variant
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** What makes two sends "the same filled form": the variant, every value and the file. */
export function contentKey(variant: FormVariant, values: FormValues, file: File | null): string {
  const cv = file ? [file.name, file.size, file.lastModified] : null
  return JSON.stringify([variant, values, cv])
}

/**
 * The `submissionId` the inbox de-duplicates retries by (docs/forms-and-inbox.md): made on the
 * first send of a filled form, reused while the same content is sent again after a failure,
 * renewed when the content changes or after a success (`done`).
 */
export function submissionIds() {
  let current: { key: string; id: string } | null = null
  return {
    idFor(key: string): string {
      if (current?.key !== key) current = { key, id: newSubmissionId() }
      return current.id
    },
    done(): void {
      current = null
    },
  }
}
