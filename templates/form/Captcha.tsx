import { useEffect } from 'react'
import ReCAPTCHA from 'react-google-recaptcha'
import { withSlots } from './slots.tsx'

export type CaptchaState = 'loading' | 'ready' | 'unavailable'

/**
 * Google's reCAPTCHA checkbox through react-google-recaptcha. If its script cannot load
 * (offline, blocked) or does not answer in time, says so and gives the e-mail address.
 */
export function Captcha({
  id,
  siteKey,
  lang,
  label,
  loadingText,
  unavailableText,
  email,
  loadTimeoutMs,
  state,
  onState,
  onToken,
}: {
  id: string
  siteKey: string
  lang: string
  label: string
  loadingText: string
  unavailableText: string
  email: string
  loadTimeoutMs: number
  state: CaptchaState
  onState: (state: CaptchaState) => void
  onToken: (token: string | null) => void
}) {
  useEffect(() => {
    if (state !== 'loading') return
    const timer = setTimeout(() => onState('unavailable'), loadTimeoutMs)
    return () => clearTimeout(timer)
  }, [state, loadTimeoutMs, onState])
  return (
    <fieldset className="form-captcha" id={id} tabIndex={-1}>
      <legend>{label}</legend>
      {state === 'loading' ? <p className="field-hint">{loadingText}</p> : null}
      {state === 'unavailable' ? (
        <p className="field-error" role="alert">
          {withSlots(unavailableText, { email: <a href={`mailto:${email}`}>{email}</a> })}
        </p>
      ) : null}
      <ReCAPTCHA
        sitekey={siteKey}
        hl={lang}
        onChange={onToken}
        onExpired={() => onToken(null)}
        onErrored={() => onState('unavailable')}
        // react-async-script passes its script entry: { loaded } or { errored }.
        asyncScriptOnLoad={(script?: { errored?: boolean }) =>
          onState(script?.errored ? 'unavailable' : 'ready')
        }
      />
    </fieldset>
  )
}
