// Build-time settings (environment over content/site.yaml) and what a production build
// (`npm run build -- --production`) refuses: test keys, local endpoints, placeholder addresses.

/** Google's published reCAPTCHA v2 test site key: always passes, shows a warning banner. */
export const RECAPTCHA_TEST_KEY = '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI'

export type BuildSettings = {
  siteUrl: string
  contactEndpoint: string
  generalEndpoint: string
  recaptchaSiteKey: string
}

type Env = Record<string, string | undefined>
type SiteDefaults = {
  siteUrl: string
  forms: { contactEndpoint: string; generalEndpoint: string; recaptchaSiteKey: string }
}

/** The settings a build uses: each variable when set (non-empty), else content/site.yaml. */
export function buildSettings(site: SiteDefaults, env: Env = process.env): BuildSettings {
  const pick = (name: string, fallback: string) => (env[name]?.trim() || fallback).trim()
  return {
    siteUrl: pick('SITE_URL', site.siteUrl).replace(/\/+$/, ''),
    contactEndpoint: pick('FORM_CONTACT_ENDPOINT', site.forms.contactEndpoint),
    generalEndpoint: pick('FORM_GENERAL_ENDPOINT', site.forms.generalEndpoint),
    recaptchaSiteKey: pick('RECAPTCHA_SITE_KEY', site.forms.recaptchaSiteKey),
  }
}

/** Host names that never serve a real site: RFC 2606/6761 examples, loopback, local names. */
export function placeholderHost(host: string): string | undefined {
  const h = host.toLowerCase().replace(/\.$/, '')
  if (/(^|\.)example\.(com|net|org)$/.test(h) || /(^|\.)(example|test|invalid|localhost)$/.test(h))
    return 'a placeholder domain'
  if (h === 'localhost' || /^127\./.test(h) || h === '[::1]' || h === '0.0.0.0')
    return 'a loopback address'
  if (h.endsWith('.local') || h.endsWith('.internal')) return 'a local network name'
  return undefined
}

/** Why an absolute https URL is not a production address (undefined: it is fine). */
function urlProblem(value: string, localHint: string): string | undefined {
  if (!value) return 'is not set'
  if (value.startsWith('/') || !/^[a-z][a-z0-9+.-]*:/i.test(value))
    return `is ${value}, ${localHint}`
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return `is ${value}, not a valid URL`
  }
  if (url.protocol !== 'https:') return `is ${value}, not an https address`
  const placeholder = placeholderHost(url.hostname)
  if (placeholder) return `is ${value}, ${placeholder}`
  return undefined
}

/**
 * Everything that makes the settings unfit for production, one line each (empty: fit). Each
 * line names the variable to set and what is wrong with the current value.
 */
export function productionProblems(s: BuildSettings): string[] {
  const out: string[] = []
  const check = (name: string, problem: string | undefined, what: string) => {
    if (problem) out.push(`${name} ${problem}: set ${name} to ${what}`)
  }
  check(
    'SITE_URL',
    urlProblem(s.siteUrl, 'not an absolute address'),
    "the site's public https address (canonical links, sitemap, robots.txt)",
  )
  for (const [name, value] of [
    ['FORM_CONTACT_ENDPOINT', s.contactEndpoint],
    ['FORM_GENERAL_ENDPOINT', s.generalEndpoint],
  ] as const)
    check(
      name,
      /^\/api\/inbox(\/|$)/.test(value)
        ? `is ${value}, the local inbox (only npm start and npm run dev answer it)`
        : urlProblem(value, 'a path on the static host, which cannot receive a form'),
      "the automation service's https endpoint",
    )
  const key = s.recaptchaSiteKey
  check(
    'RECAPTCHA_SITE_KEY',
    !key
      ? 'is not set'
      : key === RECAPTCHA_TEST_KEY
        ? "is Google's published test key (every captcha passes)"
        : /^[A-Za-z0-9_-]{20,}$/.test(key)
          ? undefined
          : `is ${JSON.stringify(key)}, not a reCAPTCHA site key`,
    "the site's reCAPTCHA v2 site key (Google admin console)",
  )
  return out
}
