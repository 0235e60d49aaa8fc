import { type ComponentType, useEffect, useState } from 'react'
import type { CaptchaState, CaptchaWidgetProps } from './CaptchaWidget.tsx'
import { withSlots } from './slots.tsx'

export type { CaptchaState }

/** The widget's code (react-google-recaptcha), fetched the first time a form asks for it. */
let widget: Promise<ComponentType<CaptchaWidgetProps>> | undefined
function loadWidget(): Promise<ComponentType<CaptchaWidgetProps>> {
  widget ??= import('./CaptchaWidget.tsx').then(
    (m) => m.CaptchaWidget,
    (error: unknown) => {
      widget = undefined // the next form that asks tries again
      throw error
    },
  )
  return widget
}

/**
 * Google's reCAPTCHA checkbox (CaptchaWidget, loaded when this mounts). If its code or
 * Google's script cannot load (offline, blocked) or does not answer in time, says so and gives
 * the e-mail address.
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
  const [Widget, setWidget] = useState<ComponentType<CaptchaWidgetProps> | null>(null)
  useEffect(() => {
    let mounted = true
    loadWidget().then(
      (loaded) => {
        if (mounted) setWidget(() => loaded)
      },
      () => {
        if (mounted) onState('unavailable')
      },
    )
    return () => {
      mounted = false
    }
  }, [onState])
  return (
    <fieldset className="form-captcha" id={id} tabIndex={-1}>
      <legend>{label}</legend>
      {state === 'loading' ? <p className="field-hint">{loadingText}</p> : null}
      {state === 'unavailable' ? (
        <p className="field-error" role="alert">
          {withSlots(unavailableText, { email: <a href={`mailto:${email}`}>{email}</a> })}
        </p>
      ) : null}
      {/* Until its code is here, the empty box the widget draws into (the same markup). */}
      {Widget ? (
        <Widget siteKey={siteKey} lang={lang} onState={onState} onToken={onToken} />
      ) : (
        <div />
      )}
    </fieldset>
  )
}
