// A stand-in of GitHub's two OAuth web-flow endpoints (github.com/login/oauth/...), served by the
// GitHub stand-in (gitHubStandIn.ts) on its loopback origin, for the tests of the editor's login
// on Cloudflare Pages (functions/api/auth.ts, callback.ts, whose test-only GITHUB_OAUTH_ORIGIN
// points here). As GitHub answers them
// (https://docs.github.com/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps):
//   GET  /login/oauth/authorize?client_id&redirect_uri&scope&state
//        the user "authorizes" at once: 302 to redirect_uri?code=…&state=…; `refuse` set: the
//        user clicked Cancel, 302 to redirect_uri?error=access_denied&error_description=…&state=…;
//        an unknown client_id: 404
//   POST /login/oauth/access_token  (JSON or form body: client_id, client_secret, code, redirect_uri)
//        200 {access_token, token_type: "bearer", scope} with the API stand-in's token; 200
//        {error: "incorrect_client_credentials" | "bad_verification_code" | "redirect_uri_mismatch"}
//        otherwise, as GitHub does; `down` set: the connection is cut, GitHub unreachable.
// A code serves once and for 10 minutes.
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

export type GitHubOAuthOptions = { clientId: string; clientSecret: string }

export type GitHubOAuth = GitHubOAuthOptions & {
  /** Every authorize request's scope, in order. */
  scopes: string[]
  /** How many times the token endpoint was asked for a token. */
  exchanges: number
  /** The user refuses on GitHub's page (`error=access_denied`). */
  refuse: boolean
  /** The token endpoint cuts the connection (GitHub unreachable). */
  down: boolean
}

type Grant = { redirectUri: string; scope: string; expires: number }

/** The OAuth endpoints' handler: true when it answered the request. */
export function gitHubOAuth(options: GitHubOAuthOptions, token: string) {
  const grants = new Map<string, Grant>()
  const state: GitHubOAuth = { ...options, scopes: [], exchanges: 0, refuse: false, down: false }
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    if (url.pathname === '/login/oauth/authorize' && req.method === 'GET') {
      const q = url.searchParams
      const redirect = q.get('redirect_uri')
      if (q.get('client_id') !== state.clientId || !redirect) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found')
        return true
      }
      state.scopes.push(q.get('scope') ?? '')
      const back = new URL(redirect)
      if (state.refuse) {
        back.searchParams.set('error', 'access_denied')
        back.searchParams.set('error_description', 'The user has denied your application access.')
      } else {
        const code = randomBytes(10).toString('hex')
        grants.set(code, {
          redirectUri: redirect,
          scope: q.get('scope') ?? '',
          expires: Date.now() + 600_000,
        })
        back.searchParams.set('code', code)
      }
      const given = q.get('state')
      if (given !== null) back.searchParams.set('state', given)
      res.writeHead(302, { Location: back.toString() }).end()
      return true
    }
    if (url.pathname === '/login/oauth/access_token' && req.method === 'POST') {
      state.exchanges += 1
      if (state.down) {
        req.socket.destroy()
        return true
      }
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      const text = Buffer.concat(chunks).toString('utf8')
      let body: Record<string, string> = {}
      try {
        body = /json/.test(req.headers['content-type'] ?? '')
          ? (JSON.parse(text || '{}') as Record<string, string>)
          : Object.fromEntries(new URLSearchParams(text))
      } catch {}
      const grant = grants.get(body.code ?? '')
      grants.delete(body.code ?? '')
      const answer =
        body.client_id !== state.clientId || body.client_secret !== state.clientSecret
          ? { error: 'incorrect_client_credentials' }
          : !grant || grant.expires < Date.now()
            ? { error: 'bad_verification_code' }
            : body.redirect_uri !== undefined && body.redirect_uri !== grant.redirectUri
              ? { error: 'redirect_uri_mismatch' }
              : { access_token: token, token_type: 'bearer', scope: grant.scope }
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' })
      res.end(JSON.stringify(answer))
      return true
    }
    return false
  }
  return { state, handle }
}
