// The editor's GitHub login on Cloudflare Pages (functions/api/auth.ts, callback.ts) on the
// settings a test on wrangler cannot vary: the scope setting, missing secrets, and the
// test-only GITHUB_OAUTH_ORIGIN refused anywhere but on loopback. The whole flow, with Decap's
// popup, runs on `wrangler pages dev` in tests/published/login.spec.ts.
import { describe, expect, it } from 'vitest'
import type { LoginEnv } from '../../functions/_lib/githubLogin.ts'
import { onRequestGet as auth } from '../../functions/api/auth.ts'
import { onRequestGet as callback } from '../../functions/api/callback.ts'

const SECRETS = { GITHUB_CLIENT_ID: 'Iv1.0123456789abcdef', GITHUB_CLIENT_SECRET: 's3cr3t' }
const start = (env: LoginEnv, site = 'https://www.transfo.tn') =>
  auth({ request: new Request(`${site}/api/auth?provider=github&scope=repo`), env })

describe('/api/auth', () => {
  it("redirects to GitHub's authorize page: the app, the site's callback, scope repo, a new state", async () => {
    const res = await start(SECRETS)
    expect(res.status).toBe(302)
    const to = new URL(res.headers.get('location') ?? '')
    expect(`${to.origin}${to.pathname}`).toBe('https://github.com/login/oauth/authorize')
    const state = to.searchParams.get('state') ?? ''
    expect(Object.fromEntries(to.searchParams)).toEqual({
      client_id: SECRETS.GITHUB_CLIENT_ID,
      redirect_uri: 'https://www.transfo.tn/api/callback',
      scope: 'repo',
      state,
      allow_signup: 'false',
    })
    expect(state).toMatch(/^[\w-]{43}$/)
    expect(res.headers.get('set-cookie')).toBe(
      `__Host-github-login-state=${state}; Max-Age=600; Path=/; HttpOnly; Secure; SameSite=Lax`,
    )
    const again = new URL((await start(SECRETS)).headers.get('location') ?? '')
    expect(again.searchParams.get('state')).not.toBe(state)
  })

  it('asks for public_repo when the site says so, whatever Decap asks; refuses another scope', async () => {
    const res = await start({ ...SECRETS, GITHUB_OAUTH_SCOPE: 'public_repo' })
    expect(new URL(res.headers.get('location') ?? '').searchParams.get('scope')).toBe('public_repo')
    const wrong = await start({ ...SECRETS, GITHUB_OAUTH_SCOPE: 'admin:org' })
    expect(wrong.status).toBe(503)
    expect(await wrong.text()).toContain('GITHUB_OAUTH_SCOPE vaut « admin:org »')
  })

  it('says in French which secret is missing, with no redirect', async () => {
    const res = await start({ GITHUB_CLIENT_ID: 'x' })
    expect(res.status).toBe(503)
    expect(res.headers.get('location')).toBeNull()
    expect(res.headers.get('cache-control')).toBe('no-store')
    const html = await res.text()
    expect(html).toContain('<html lang="fr">')
    expect(html).toContain('(GITHUB_CLIENT_SECRET)')
  })

  it('takes the test-only GitHub origin on loopback only, never on the site online', async () => {
    const standIn = { ...SECRETS, GITHUB_OAUTH_ORIGIN: 'http://127.0.0.1:4567' }
    const local = await start(standIn, 'http://127.0.0.1:8788')
    expect(local.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:4567\/login\/oauth\//)
    for (const [env, site] of [
      [standIn, 'https://www.transfo.tn'],
      [{ ...SECRETS, GITHUB_OAUTH_ORIGIN: 'https://evil.example' }, 'http://127.0.0.1:8788'],
    ] as const) {
      const res = await start(env, site)
      expect(res.status).toBe(503)
      expect(res.headers.get('location')).toBeNull()
      expect(await res.text()).toContain('GITHUB_OAUTH_ORIGIN ne sert qu’aux tests')
    }
  })
})

describe('/api/callback', () => {
  it('refuses a wrong state before anything else, and clears the cookie', async () => {
    const res = await callback({
      request: new Request('https://www.transfo.tn/api/callback?code=abc&state=one', {
        headers: { Cookie: 'other=1; __Host-github-login-state=two' },
      }),
      env: SECRETS,
    })
    expect(res.status).toBe(400)
    expect(res.headers.get('set-cookie')).toMatch(/^__Host-github-login-state=; Max-Age=0;/)
    expect(await res.text()).toContain('ne vient pas de ce navigateur')
  })
})
