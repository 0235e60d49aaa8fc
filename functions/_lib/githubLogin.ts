// The editor's GitHub login on Cloudflare Pages, shared by /api/auth (auth.ts) and /api/callback
// (callback.ts): the settings, the state cookie, the responses' headers and pages. No route here
// (no `onRequest` export): Cloudflare routes only the files under functions/ that export one.
//
// GitHub's web flow (https://docs.github.com/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps):
// /api/auth redirects to GitHub's authorize page with a random `state`, kept in an HttpOnly,
// Secure, SameSite=Lax cookie for 10 minutes; GitHub sends the browser back to /api/callback with
// a code and that state; the callback checks the state against the cookie, exchanges the code for
// a token with the app's secret (server to server), and hands the token to the editor's window
// with Decap's postMessage protocol (decap-cms-lib-auth, netlify-auth.js): the popup says
// `authorizing:github`, the editor echoes it, the popup answers
// `authorization:github:success:{"token":...,"provider":"github"}`; both messages go to the
// site's own origin only. The token is in the callback page's body only: never in a URL, a
// cookie or a log line.
import { COMMON_HEADERS } from '../../scripts/lib/pipeline/commonHeaders.ts'

/** The project's variables and secrets (Cloudflare Pages: Settings › Variables and Secrets). */
export type LoginEnv = {
  /** The GitHub OAuth app's client id. */
  GITHUB_CLIENT_ID?: string
  /** Its client secret (a secret of the project). */
  GITHUB_CLIENT_SECRET?: string
  /** `repo` (default: private or public repositories) or `public_repo` (public only). */
  GITHUB_OAUTH_SCOPE?: string
  /**
   * Tests only: the origin of a stand-in of GitHub's two OAuth endpoints on loopback
   * (scripts/standIns/gitHubStandIn.ts). Taken only as an http loopback origin, and only when
   * the site itself is served on loopback (`wrangler pages dev`); anywhere else it is refused.
   */
  GITHUB_OAUTH_ORIGIN?: string
}

export const GITHUB = 'https://github.com'
export const SCOPES = ['repo', 'public_repo'] as const
/** The cookie that binds a login's `state` to the browser that started it (`__Host-`: Secure,
 * Path=/, no Domain: no other host can set it). */
export const STATE_COOKIE = '__Host-github-login-state'
/** How long a login may take on GitHub's side. */
export const STATE_SECONDS = 600
/** How long GitHub may take to answer the code's exchange. */
export const GITHUB_TIMEOUT_MS = 10_000

const LOOPBACK_ORIGIN = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/
const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])$/

/** What Cloudflare passes a Pages Function (the part these use). */
export type LoginContext = { request: Request; env: LoginEnv }

export type LoginSettings = {
  clientId: string
  clientSecret: string
  scope: (typeof SCOPES)[number]
  /** GitHub's origin (or the tests' stand-in). */
  github: string
}

/** The settings, or the French sentence saying which one is wrong. */
export function loginSettings(
  env: LoginEnv,
  request: Request,
): LoginSettings | { problem: string } {
  const clientId = env.GITHUB_CLIENT_ID?.trim()
  const clientSecret = env.GITHUB_CLIENT_SECRET?.trim()
  const missing = [
    ...(clientId ? [] : ['GITHUB_CLIENT_ID']),
    ...(clientSecret ? [] : ['GITHUB_CLIENT_SECRET']),
  ]
  if (missing.length)
    return {
      problem: `Le site n'a pas les réglages de l'application GitHub (${missing.join(', ')}) : la personne qui gère le site doit les ajouter dans Cloudflare Pages (Settings › Variables and Secrets), puis redéployer.`,
    }
  const scope = (env.GITHUB_OAUTH_SCOPE?.trim() || 'repo') as LoginSettings['scope']
  if (!SCOPES.includes(scope))
    return {
      problem: `Le réglage GITHUB_OAUTH_SCOPE vaut « ${scope} » : il doit valoir repo ou public_repo.`,
    }
  let github = GITHUB
  const standIn = env.GITHUB_OAUTH_ORIGIN?.trim()
  if (standIn) {
    if (!LOOPBACK_ORIGIN.test(standIn) || !LOOPBACK_HOST.test(new URL(request.url).hostname))
      return {
        problem:
          'Le réglage GITHUB_OAUTH_ORIGIN ne sert qu’aux tests, sur cette machine : la personne qui gère le site doit le supprimer.',
      }
    github = standIn
  }
  return { clientId: clientId as string, clientSecret: clientSecret as string, scope, github }
}

/** A new random state: 32 bytes, base64url. */
export function newState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

export const stateCookie = (state: string, maxAge = STATE_SECONDS) =>
  `${STATE_COOKIE}=${state}; Max-Age=${maxAge}; Path=/; HttpOnly; Secure; SameSite=Lax`

/** The state cookie the request carries, if any. */
export function cookieState(request: Request): string | undefined {
  for (const part of (request.headers.get('Cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === STATE_COOKIE) return value.join('=') || undefined
  }
  return undefined
}

/** The headers of every /api/ response: the site's common headers, a policy of its own, never
 * stored. No Cross-Origin-Opener-Policy: the login page must keep its link to the editor's
 * window (the editor's own is `same-origin-allow-popups`, cms/adminHeaders.ts); no referrer:
 * the callback's address holds GitHub's code. */
export function apiHeaders(policy = "default-src 'none'"): Headers {
  const headers = new Headers(
    COMMON_HEADERS.filter(([k]) => k !== 'Cross-Origin-Opener-Policy' && k !== 'Referrer-Policy'),
  )
  headers.set('Referrer-Policy', 'no-referrer')
  headers.set(
    'Content-Security-Policy',
    `${policy}; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
  )
  headers.set('Cache-Control', 'no-store')
  headers.set('X-Robots-Tag', 'noindex, nofollow')
  return headers
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  )

const STYLE =
  'body{font:1rem/1.5 system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}h1{font-size:1.4rem}'

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`
}

function html(title: string, body: string, script?: string): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – éditeur du site</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
${script ?? ''}
</body>
</html>
`
}

/** A short page in French: what happened and what to do. */
export async function messagePage(
  status: number,
  title: string,
  paragraphs: string[],
  extraHeaders: [string, string][] = [],
): Promise<Response> {
  const headers = apiHeaders(`default-src 'none'; style-src ${await sha256(STYLE)}`)
  headers.set('Content-Type', 'text/html; charset=utf-8')
  for (const [k, v] of extraHeaders) headers.append(k, v)
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')
  return new Response(html(title, body), { status, headers })
}

/**
 * The popup's script, the same bytes on every answer (its hash is the policy's): Decap's
 * handshake with the editor's window, to the page's own origin only, then the token, read from
 * the page's JSON block. Decap closes the popup once it has the token.
 */
export const HANDOFF_SCRIPT = `(() => {
  const opener = window.opener
  const data = document.getElementById('github-login').textContent
  if (!opener || !data) return
  const origin = location.origin
  const answer = (event) => {
    if (event.origin !== origin || event.source !== opener || event.data !== 'authorizing:github') return
    window.removeEventListener('message', answer)
    opener.postMessage('authorization:github:success:' + data, origin)
  }
  window.addEventListener('message', answer)
  opener.postMessage('authorizing:github', origin)
})()`

/** The callback's page once GitHub gave the token: hands it to the editor's window. */
export async function handoffPage(token: string, origin: string, extraHeaders: [string, string][]) {
  const headers = apiHeaders(
    `default-src 'none'; script-src ${await sha256(HANDOFF_SCRIPT)}; style-src ${await sha256(STYLE)}`,
  )
  headers.set('Content-Type', 'text/html; charset=utf-8')
  for (const [k, v] of extraHeaders) headers.append(k, v)
  // Not executed (a data block), so outside script-src; `<` escaped, so it cannot end the element.
  const data = JSON.stringify({ token, provider: 'github' }).replace(/</g, '\\u003c')
  const editor = `${origin}/admin/`
  const body = `<p>Vous êtes connecté·e. Cette fenêtre se ferme d’elle-même et l’éditeur s’ouvre.</p>
<p>Si elle reste ouverte : fermez-la, ouvrez l’éditeur à l’adresse <a href="${escapeHtml(editor)}">${escapeHtml(editor)}</a> et cliquez de nouveau sur « Se connecter avec GitHub ».</p>
<script type="application/json" id="github-login">${data}</script>`
  return new Response(html('Connexion réussie', body, `<script>${HANDOFF_SCRIPT}</script>`), {
    status: 200,
    headers,
  })
}
