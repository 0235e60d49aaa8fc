import { type FormValues, type FormVariant, normalizeValue, TEXT_FIELDS } from './rules.ts'

/**
 * The multipart body of spec section 7, plus the captcha token, the form's variant and the
 * submission's id (the same for every retry of one filled form: the inbox stores it once).
 */
export function formBody(
  variant: FormVariant,
  values: FormValues,
  file: File | null,
  captchaToken: string,
  submissionId: string,
): FormData {
  const body = new FormData()
  // poste has no input outside the careers form and is sent empty (spec section 3).
  for (const field of TEXT_FIELDS)
    body.append(
      field,
      field === 'poste' && variant !== 'careers' ? '' : normalizeValue(values[field]),
    )
  if (file) body.append('file', file, file.name)
  body.append('action', 'sendEmail')
  body.append('g-recaptcha-response', captchaToken)
  body.append('form', variant)
  body.append('submissionId', submissionId)
  return body
}

export type SendResult =
  | { kind: 'sent'; name: string }
  | { kind: 'refused' }
  | { kind: 'failed'; error: string }

/**
 * Posts the form. A success status is read as `{ data: { name } }`; any other status is a
 * refusal whose body is not read; a network failure or the timeout is a failure with its text.
 */
export async function sendForm(
  endpoint: string,
  body: FormData,
  timeoutMs: number,
  timeoutText: string,
): Promise<SendResult> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const response = await fetch(endpoint, { method: 'POST', body, signal: controller.signal })
    if (!response.ok) return { kind: 'refused' }
    const answer = (await response.json().catch(() => null)) as { data?: { name?: unknown } } | null
    const name = answer?.data?.name
    return { kind: 'sent', name: typeof name === 'string' ? name : '' }
  } catch (error) {
    return {
      kind: 'failed',
      error: controller.signal.aborted ? timeoutText : String((error as Error).message ?? error),
    }
  } finally {
    clearTimeout(timer)
  }
}
