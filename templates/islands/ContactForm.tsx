import { type FormEvent, startTransition, useCallback, useEffect, useRef, useState } from 'react'
import { Captcha, type CaptchaState } from '../form/Captcha.tsx'
import { chosenFile, currentValues } from '../form/currentValues.ts'
import { ErrorSummary, type SummaryEntry } from '../form/ErrorSummary.tsx'
import { FileInput } from '../form/FileInput.tsx'
import { checkFile } from '../form/fileCheck.ts'
import {
  acceptsFile,
  type FieldProblem,
  type FileProblem,
  type FormValues,
  type FormVariant,
  fieldProblems,
  fieldsOf,
  TEXT_FIELDS,
  type TextField,
} from '../form/rules.ts'
import { formBody, sendForm } from '../form/send.ts'
import { fillText, withSlots } from '../form/slots.tsx'
import type { FormStrings } from '../form/strings.ts'
import { contentKey, submissionIds } from '../form/submission.ts'
import { TextInput } from '../form/TextInput.tsx'

export type ContactFormProps = {
  variant: FormVariant
  /** Prefix of the field ids (the block's anchor). */
  formId: string
  endpoint: string
  siteKey: string
  lang: string
  /** The contact page shows its form after this delay (spec section 4); 0 elsewhere. */
  revealDelayMs: number
  /** The sending loader stays this long after the call finishes. */
  loaderTailMs: number
  timeoutMs: number
  captchaLoadTimeoutMs: number
  contact: { email: string; phone: string }
  /** The privacy notice of the page's language, linked next to the submit button. */
  privacyHref: string
  strings: FormStrings
}

/**
 * static: the server HTML (JavaScript off); waiting: hydrated, before the reveal delay;
 * sending: the call is under way; finishing: it is over, the loader stays its last 500 ms.
 */
type Phase = 'static' | 'waiting' | 'editing' | 'sending' | 'finishing' | 'sent'

const EMPTY = Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])) as FormValues
const wait = (ms: number) => new Promise((done) => setTimeout(done, ms))

/** The message of a field's problem: each names the field as its label does (content/i18n). */
function problemMessage(s: FormStrings, field: TextField, problem: FieldProblem): string {
  if (problem === 'format' && field === 'email') return s.errors.emailFormat
  if (problem === 'format' && field === 'phone') return s.errors.phoneFormat
  return s.errors[field]
}

/**
 * The site's one form (design §7): validation on submit with an error summary, the captcha
 * gate, the CV rules, the multipart call, the loader, the confirmation. What the visitor typed
 * is kept after any failure and cleared only after success.
 */
export default function ContactForm(props: ContactFormProps) {
  const { variant, formId, strings: s, contact } = props
  const [phase, setPhase] = useState<Phase>('static')
  const [values, setValues] = useState<FormValues>(EMPTY)
  const [errors, setErrors] = useState<Partial<Record<TextField, string>>>({})
  const [summary, setSummary] = useState<SummaryEntry[]>([])
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<FileProblem | null>(null)
  // Google's script is fetched only once the visitor starts using the form (first focus or
  // press in it): a visitor who only reads the page never contacts Google, and the page does
  // not pay for reCAPTCHA's JavaScript at load.
  const [captchaWanted, setCaptchaWanted] = useState(false)
  const wantCaptcha = useCallback(() => setCaptchaWanted(true), [])
  const [captchaState, setCaptchaState] = useState<CaptchaState>('loading')
  const [captchaPassed, setCaptchaPassed] = useState(false)
  const [token, setToken] = useState('')
  const [serverMessage, setServerMessage] = useState('')
  const [sentName, setSentName] = useState('')
  const [attempt, setAttempt] = useState(0)
  const summaryRef = useRef<HTMLDivElement>(null)
  const messageRef = useRef<HTMLParagraphElement>(null)
  const statusRef = useRef<HTMLDivElement>(null)
  const successRef = useRef<HTMLDivElement>(null)
  const ids = useRef(submissionIds()).current
  const id = (field: string) => `${formId}-${field}`

  // Transitions, like the hydration (templates/lib/hydrateIslands.ts): React renders the whole
  // form again for each phase, in slices with the browser free between them, not in one task.
  useEffect(() => {
    startTransition(() => setPhase('waiting'))
    const timer = setTimeout(() => startTransition(() => setPhase('editing')), props.revealDelayMs)
    return () => clearTimeout(timer)
  }, [props.revealDelayMs])

  // Focus follows what the visitor must read next: the summary, the loader, the answer.
  useEffect(() => {
    if (attempt === 0) return
    if (phase === 'sending' || phase === 'finishing') statusRef.current?.focus()
    else if (phase === 'sent') successRef.current?.focus()
    else if (summary.length) summaryRef.current?.focus()
    else if (serverMessage) messageRef.current?.focus()
  }, [attempt, phase, summary, serverMessage])

  const onChange = useCallback(
    (field: TextField, value: string) => setValues((v) => ({ ...v, [field]: value })),
    [],
  )
  const onFile = useCallback((picked: File | null, problem: FileProblem | null) => {
    setFile(picked)
    setFileError(problem)
  }, [])
  const onToken = useCallback((t: string | null) => {
    setToken(t ?? '')
    // Once passed, the gate stays open (spec section 4), even if the token later expires.
    if (t) setCaptchaPassed(true)
  }, [])

  const blocked = !captchaPassed || fileError !== null

  // A submit under way, from its first line: the phase moves to 'sending' only after the CV's
  // check, so without this a second press meanwhile would start a second send.
  const submitting = useRef(false)
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (phase !== 'editing' || submitting.current) return
    submitting.current = true
    try {
      await judgeAndSend(e.currentTarget)
    } finally {
      submitting.current = false
    }
  }

  async function judgeAndSend(form: HTMLFormElement) {
    // What the fields show is what is judged and sent (currentValues.ts says when the state
    // can lag behind them); the state takes it too, so that no render puts an older value back.
    const values = currentValues(form, variant)
    // A CV chosen a moment ago may still be under FileInput's byte check: judged here, it is
    // sent or refused, never left out of an application confirmed as sent.
    const picked = chosenFile(form)
    const unjudged = picked && picked !== file ? picked : null
    const cvProblem = unjudged ? await checkFile(unjudged) : fileError
    const cv = unjudged ? (cvProblem ? null : unjudged) : file
    if (unjudged) onFile(cv, cvProblem)
    setAttempt((n) => n + 1)
    setValues(values)
    const problems = fieldProblems(variant, values).map(([f, p]) => ({
      field: f,
      message: problemMessage(s, f, p),
    }))
    setErrors(Object.fromEntries(problems.map((p) => [p.field, p.message])))
    const entries: SummaryEntry[] = problems.map((p) => ({
      target: id(p.field),
      message: p.message,
    }))
    if (cvProblem) entries.push({ target: id('file'), message: s.errors[cvProblem] })
    if (!captchaPassed)
      entries.push({
        target: id('captcha'),
        message: captchaState === 'unavailable' ? s.captchaUnavailableShort : s.captchaRequired,
      })
    setSummary(entries)
    setServerMessage('')
    if (entries.length) return
    setPhase('sending')
    // The same id for a retry of the same content: the inbox then stores it once.
    const submissionId = ids.idFor(contentKey(variant, values, cv))
    const body = formBody(variant, values, cv, token, submissionId)
    const result = await sendForm(props.endpoint, body, props.timeoutMs, s.timeout)
    setPhase('finishing')
    await wait(props.loaderTailMs)
    if (result.kind === 'sent') {
      ids.done()
      setSentName(result.name || `${values.lastName} ${values.name}`.trim())
      setValues(EMPTY)
      setFile(null)
      setPhase('sent')
    } else {
      setServerMessage(
        result.kind === 'refused'
          ? s.serverError
          : fillText(s.networkError, { error: result.error }),
      )
      setPhase('editing')
    }
  }

  const reach = {
    email: <a href={`mailto:${contact.email}`}>{contact.email}</a>,
    phone: <a href={`tel:${contact.phone.replace(/\s+/g, '')}`}>{contact.phone}</a>,
  }
  // Until the form is live (server HTML, hydration, reveal delay) it is laid out but invisible
  // and inert (forms.css), so it already takes its final size and nothing moves when it shows;
  // the notice (JavaScript off) or the loader (JavaScript on) is what reads meanwhile.
  const pending = phase === 'static' || phase === 'waiting'
  if (phase === 'sent')
    return (
      <div className="contact-form form-success" ref={successRef} tabIndex={-1} data-phase={phase}>
        <p className="form-success-title">{s.successTitle}</p>
        <p>{fillText(s.successGreeting, { name: sentName })}</p>
        <p>{s.successText}</p>
      </div>
    )
  const hintId = id('submit-hint')
  return (
    <div className="contact-form" data-phase={phase}>
      {pending ? (
        <>
          <p className="form-noscript">{withSlots(s.noScript, reach)}</p>
          <p className="form-pending">
            <span className="form-spinner" aria-hidden="true" />
            {s.loading}
          </p>
        </>
      ) : null}
      <div className="form-status" role="status" ref={statusRef} tabIndex={-1}>
        {phase === 'sending' || phase === 'finishing' ? (
          <p className="form-sending">
            <span className="form-spinner" aria-hidden="true" />
            {s.sending}
          </p>
        ) : null}
      </div>
      <form
        noValidate
        onSubmit={onSubmit}
        onFocus={wantCaptcha}
        onPointerDown={wantCaptcha}
        hidden={phase === 'sending' || phase === 'finishing'}
        inert={pending}
      >
        <ErrorSummary id={id('summary')} title={s.summary} entries={summary} ref={summaryRef} />
        <p className="form-required-note">{s.requiredNote}</p>
        <div className="form-grid">
          {fieldsOf(variant).map((f) => (
            <TextInput
              key={f}
              id={id(f)}
              field={f}
              label={s.labels[f]}
              value={values[f]}
              error={errors[f]}
              onChange={onChange}
            />
          ))}
        </div>
        {acceptsFile(variant) ? (
          <FileInput
            id={id('file')}
            label={s.fileLabel}
            hint={s.fileHint}
            error={fileError ? s.errors[fileError] : undefined}
            file={file}
            lang={props.lang}
            strings={{
              choose: s.fileChoose,
              none: s.fileNone,
              chosen: s.fileChosen,
              remove: s.fileRemove,
            }}
            onFile={onFile}
          />
        ) : null}
        {pending || !captchaWanted ? (
          // Before the visitor starts: what will load and when, without the widget.
          <fieldset className="form-captcha" id={id('captcha')} tabIndex={-1}>
            <legend>{s.captchaLabel}</legend>
            <p className="field-hint">{s.captchaDeferred}</p>
            <div />
          </fieldset>
        ) : (
          <Captcha
            id={id('captcha')}
            siteKey={props.siteKey}
            lang={props.lang}
            label={s.captchaLabel}
            loadingText={s.captchaLoading}
            unavailableText={s.captchaUnavailable}
            email={contact.email}
            loadTimeoutMs={props.captchaLoadTimeoutMs}
            state={captchaState}
            onState={setCaptchaState}
            onToken={onToken}
          />
        )}
        {serverMessage ? (
          <p className="form-message" role="alert" ref={messageRef} tabIndex={-1}>
            {serverMessage}
          </p>
        ) : null}
        <p className="form-consent">
          {withSlots(s.consent, { privacy: <a href={props.privacyHref}>{s.privacyLink}</a> })}
        </p>
        <p className="form-actions">
          {/* aria-disabled, not disabled: it stays focusable and, pressed, says what is missing. */}
          <button
            type="submit"
            className="button button-primary"
            aria-disabled={blocked ? true : undefined}
            aria-describedby={blocked ? hintId : undefined}
          >
            {s.submit}
          </button>
          {!captchaPassed && captchaState !== 'unavailable' ? (
            <span className="field-hint" id={hintId}>
              {s.captchaHint}
            </span>
          ) : fileError ? (
            <span className="field-hint" id={hintId}>
              {s.errors[fileError]}
            </span>
          ) : null}
        </p>
      </form>
    </div>
  )
}
