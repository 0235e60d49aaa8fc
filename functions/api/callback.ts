// GET /api/callback: where GitHub sends the browser back (the OAuth app's callback URL,
// https://<site>/api/callback). Checks the state against the cookie /api/auth set (a missing or
// wrong one: 400, nothing exchanged), exchanges the code for a token with the app's secret, and
// answers a page that hands the token to the editor's window (../_lib/githubLogin.ts). GitHub's
// refusal, or GitHub not answering: a short page in French, what happened and what to do. The
// state cookie is cleared by every answer: a state serves once.
import {
  cookieState,
  GITHUB_TIMEOUT_MS,
  handoffPage,
  type LoginContext,
  loginSettings,
  messagePage,
  stateCookie,
} from '../_lib/githubLogin.ts'

const RETRY =
  'Fermez cette fenêtre, puis cliquez de nouveau sur « Se connecter avec GitHub » dans l’éditeur.'
const TELL = 'Si cela se reproduit, transmettez ce message à la personne qui gère le site.'

export async function onRequestGet({ request, env }: LoginContext): Promise<Response> {
  const url = new URL(request.url)
  const clear: [string, string][] = [['Set-Cookie', stateCookie('', 0)]]
  const page = (status: number, title: string, lines: string[]) =>
    messagePage(status, title, lines, clear)
  const state = url.searchParams.get('state')
  const expected = cookieState(request)
  if (!state || !expected || state !== expected)
    return page(400, 'Connexion refusée', [
      expected
        ? 'Cette demande de connexion ne vient pas de ce navigateur, ou elle a déjà servi.'
        : 'Cette demande de connexion a expiré (elle vaut 10 minutes), ou elle a été ouverte dans un autre navigateur.',
      RETRY,
    ])
  const error = url.searchParams.get('error')
  if (error === 'access_denied')
    return page(403, 'Connexion annulée', [
      'Vous avez refusé, sur GitHub, que l’éditeur du site utilise votre compte : vous n’êtes pas connecté·e.',
      `${RETRY} Sur GitHub, choisissez « Authorize » pour l’autoriser.`,
    ])
  if (error)
    return page(502, 'GitHub a refusé la connexion', [
      `GitHub a répondu « ${error} » : l’application GitHub du site est peut-être mal réglée (son adresse de retour doit être ${url.origin}/api/callback).`,
      `${RETRY} ${TELL}`,
    ])
  const code = url.searchParams.get('code')
  if (!code)
    return page(400, 'Connexion refusée', ['GitHub n’a pas donné de code de connexion.', RETRY])
  const settings = loginSettings(env, request)
  if ('problem' in settings)
    return page(503, 'Connexion impossible pour le moment', [settings.problem])
  let answer: { access_token?: unknown; error?: unknown }
  try {
    const response = await fetch(new URL('/login/oauth/access_token', settings.github), {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'User-Agent': 'site-editor-login',
      },
      body: JSON.stringify({
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        code,
        redirect_uri: `${url.origin}/api/callback`,
      }),
      signal: AbortSignal.timeout(GITHUB_TIMEOUT_MS),
    })
    answer = response.ok
      ? ((await response.json()) as typeof answer)
      : { error: `HTTP ${response.status}` }
  } catch {
    return page(502, 'GitHub ne répond pas', [
      'Le site n’a pas pu joindre GitHub pour terminer la connexion : vous n’êtes pas connecté·e.',
      `Réessayez dans quelques minutes. ${RETRY} Si GitHub est en panne, https://www.githubstatus.com le dit.`,
    ])
  }
  if (typeof answer.access_token !== 'string' || !answer.access_token)
    return page(502, 'GitHub a refusé la connexion', [
      answer.error === 'bad_verification_code'
        ? 'Le code de connexion donné par GitHub a expiré ou a déjà servi.'
        : `GitHub a répondu « ${typeof answer.error === 'string' ? answer.error : 'une réponse inattendue'} » : les réglages de l’application GitHub du site (GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET) sont peut-être faux.`,
      `${RETRY} ${TELL}`,
    ])
  return handoffPage(answer.access_token, url.origin, clear)
}
