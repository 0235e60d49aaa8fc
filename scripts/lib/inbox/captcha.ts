import { InboxError } from './parse.ts'

const GOOGLE_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify'

/** What Google's siteverify answers (https://developers.google.com/recaptcha/docs/verify). */
type VerifyAnswer = { success?: boolean; hostname?: string; 'error-codes'?: string[] }

/**
 * The hosts a token may have been solved on: RECAPTCHA_HOSTNAMES (comma-separated), else the
 * host of SITE_URL, else of `siteUrl` in content/site.yaml. A token solved on any other site
 * (one that copied the site key) is refused.
 */
export async function allowedHostnames(): Promise<string[]> {
  const listed = process.env.RECAPTCHA_HOSTNAMES
  if (listed)
    return listed
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean)
  // Loaded only here: the content model is heavy, and most local runs have no secret.
  const siteUrl =
    process.env.SITE_URL ?? (await import('../content/model.ts')).getContent().site.siteUrl
  return [new URL(siteUrl).hostname.toLowerCase()]
}

/**
 * Checks the reCAPTCHA token with Google (RECAPTCHA_VERIFY_URL overrides the address, for a
 * local stand-in in tests) when RECAPTCHA_SECRET is set: `success` must be true and `hostname`
 * one of allowedHostnames(). Without a secret (local use, tests) nothing is checked: the
 * browser's test key always passes anyway.
 */
export async function verifyCaptcha(
  token: string | undefined,
  remoteIp: string | undefined,
): Promise<'verified' | 'not checked'> {
  const secret = process.env.RECAPTCHA_SECRET
  if (!secret) return 'not checked'
  if (!token) throw new InboxError(400, 'The captcha was not completed.', ['g-recaptcha-response'])
  let answer: VerifyAnswer
  try {
    const response = await fetch(process.env.RECAPTCHA_VERIFY_URL ?? GOOGLE_VERIFY_URL, {
      method: 'POST',
      body: new URLSearchParams({
        secret,
        response: token,
        ...(remoteIp ? { remoteip: remoteIp } : {}),
      }),
      signal: AbortSignal.timeout(10_000),
    })
    answer = (await response.json()) as VerifyAnswer
  } catch (error) {
    console.error('inbox: captcha verification failed:', error)
    throw new InboxError(502, 'The captcha could not be verified. Please try again later.')
  }
  const hostname = answer.hostname?.toLowerCase()
  const accepted =
    answer.success === true && !!hostname && (await allowedHostnames()).includes(hostname)
  if (!accepted) {
    console.error(
      `inbox: captcha refused (success ${answer.success}, hostname ${JSON.stringify(answer.hostname)}, errors ${JSON.stringify(answer['error-codes'] ?? [])})`,
    )
    throw new InboxError(400, 'The captcha was not accepted.', ['g-recaptcha-response'])
  }
  return 'verified'
}
