import ReCAPTCHA from 'react-google-recaptcha'

/** Where the captcha stands: its script loading, ready to answer, or not reachable. */
export type CaptchaState = 'loading' | 'ready' | 'unavailable'

export type CaptchaWidgetProps = {
  siteKey: string
  lang: string
  onState: (state: CaptchaState) => void
  onToken: (token: string | null) => void
}

/**
 * Google's checkbox through react-google-recaptcha, which fetches Google's script. Its own
 * chunk: Captcha loads it when the visitor starts using the form, so neither the library nor
 * Google's script is part of the form's hydration.
 */
export function CaptchaWidget({ siteKey, lang, onState, onToken }: CaptchaWidgetProps) {
  return (
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
  )
}
