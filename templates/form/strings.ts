import type { TFunction } from 'i18next'
import {
  type FileProblem,
  type FormVariant,
  PHONE_DIGITS,
  TEXT_FIELDS,
  type TextField,
} from './rules.ts'

/** Messages of a filled field whose value is not of its kind (rules.ts malformedFields). */
export const FORMAT_ERRORS = ['emailFormat', 'phoneFormat'] as const
export type FormatError = (typeof FORMAT_ERRORS)[number]

/**
 * Every text the form shows, resolved on the server from the `form` namespace of
 * content/i18n and passed to the island as props. `{email}`, `{phone}`, `{name}`, `{error}`,
 * `{privacy}` and `{size}` are slots the island fills (with links, the server's answer, the file).
 */
export type FormStrings = {
  labels: Record<TextField, string>
  /** Required-field messages by field, then format and file messages. */
  errors: Record<TextField | FormatError | FileProblem, string>
  fileLabel: string
  fileHint: string
  fileChoose: string
  fileNone: string
  fileChosen: string
  fileRemove: string
  consent: string
  privacyLink: string
  requiredNote: string
  summary: string
  captchaLabel: string
  captchaHint: string
  captchaRequired: string
  captchaLoading: string
  /** Before the visitor starts filling in the form: the check loads then. */
  captchaDeferred: string
  captchaUnavailable: string
  captchaUnavailableShort: string
  submit: string
  loading: string
  sending: string
  noScript: string
  serverError: string
  networkError: string
  timeout: string
  successTitle: string
  successGreeting: string
  successText: string
}

const SLOTS = {
  email: '{email}',
  phone: '{phone}',
  name: '{name}',
  error: '{error}',
  privacy: '{privacy}',
  size: '{size}',
  ...PHONE_DIGITS,
}

/** The strings of one variant in the page's language. */
export function formStrings(t: TFunction, variant: FormVariant, timeoutMs: number): FormStrings {
  const s = (key: string, extra: Record<string, unknown> = {}) =>
    t(`form.${key}`, { ...SLOTS, ...extra }) as string
  const each = <K extends string>(keys: readonly K[], prefix: string) =>
    Object.fromEntries(keys.map((k) => [k, s(`${prefix}.${k}`)])) as Record<K, string>
  return {
    labels: each(TEXT_FIELDS, 'fields'),
    errors: each(
      [...TEXT_FIELDS, ...FORMAT_ERRORS, 'fileType', 'fileSize', 'fileDamaged'] as const,
      'errors',
    ),
    fileLabel: s('fields.file'),
    fileHint: s('fields.fileHint'),
    fileChoose: s('file.choose'),
    fileNone: s('file.none'),
    fileChosen: s('file.chosen'),
    fileRemove: s('file.remove'),
    consent: s('consent'),
    privacyLink: s('privacyLink'),
    requiredNote: s('requiredNote'),
    summary: s('summary'),
    captchaLabel: s('captcha.label'),
    captchaHint: s('captcha.hint'),
    captchaRequired: s('captcha.required'),
    captchaLoading: s('captcha.loading'),
    captchaDeferred: s('captcha.deferred'),
    captchaUnavailable: s('captcha.unavailable'),
    captchaUnavailableShort: s('captcha.unavailableShort'),
    submit: s(`submit.${variant}`),
    loading: s('loading'),
    sending: s('sending'),
    noScript: s('noScript'),
    serverError: s('serverError'),
    networkError: s('networkError'),
    timeout: s('timeout', { seconds: Math.round(timeoutMs / 1000) }),
    successTitle: s('success.title'),
    successGreeting: s('success.greeting'),
    // Spec section 8: the plain and contact forms say 'very shortly', the others 'shortly'.
    successText: s(
      variant === 'embedded' || variant === 'careers' ? 'success.shortly' : 'success.veryShortly',
    ),
  }
}
