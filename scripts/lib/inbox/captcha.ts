import { InboxError } from './parse.ts'

const VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify'

/**
 * Checks the reCAPTCHA token with Google when RECAPTCHA_SECRET is set. Without a secret (local
 * use, tests) nothing is checked: the browser's test key always passes anyway.
 */
export async function verifyCaptcha(
  token: string | undefined,
  remoteIp: string | undefined,
): Promise<'verified' | 'not checked'> {
  const secret = process.env.RECAPTCHA_SECRET
  if (!secret) return 'not checked'
  if (!token) throw new InboxError(400, 'The captcha was not completed.', ['g-recaptcha-response'])
  let answer: { success?: boolean }
  try {
    const response = await fetch(VERIFY_URL, {
      method: 'POST',
      body: new URLSearchParams({
        secret,
        response: token,
        ...(remoteIp ? { remoteip: remoteIp } : {}),
      }),
      signal: AbortSignal.timeout(10_000),
    })
    answer = (await response.json()) as { success?: boolean }
  } catch (error) {
    throw new InboxError(502, `The captcha could not be verified: ${(error as Error).message}`)
  }
  if (answer.success !== true)
    throw new InboxError(400, 'The captcha was not accepted.', ['g-recaptcha-response'])
  return 'verified'
}
