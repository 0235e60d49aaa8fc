// GET /api/auth: the editor's "Se connecter avec GitHub" opens this in a popup (Decap's
// `base_url` is the site, its `auth_endpoint` api/auth: cms/production.ts). Starts GitHub's web
// flow: a redirect to GitHub's authorize page with the app's id, the callback on this site, the
// least scope the repository needs and a new random state, which a short-lived cookie binds to
// this browser (../_lib/githubLogin.ts). Decap's own query (provider, site_id, scope) is not
// read: the scope is the site's setting, not the visitor's.
import {
  apiHeaders,
  type LoginContext,
  loginSettings,
  messagePage,
  newState,
  stateCookie,
} from '../_lib/githubLogin.ts'

export async function onRequestGet({ request, env }: LoginContext): Promise<Response> {
  const settings = loginSettings(env, request)
  if ('problem' in settings)
    return messagePage(503, 'Connexion impossible pour le moment', [settings.problem])
  const state = newState()
  const authorize = new URL('/login/oauth/authorize', settings.github)
  authorize.search = new URLSearchParams({
    client_id: settings.clientId,
    redirect_uri: `${new URL(request.url).origin}/api/callback`,
    scope: settings.scope,
    state,
    allow_signup: 'false',
  }).toString()
  const headers = apiHeaders()
  headers.set('Location', authorize.toString())
  headers.append('Set-Cookie', stateCookie(state))
  return new Response(null, { status: 302, headers })
}
