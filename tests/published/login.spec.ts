// The editor's GitHub login on Cloudflare Pages, with no server but the site's
// own Pages Functions (functions/api/auth.ts, callback.ts): the site built as Cloudflare Pages
// builds it (CF_PAGES=1, CMS_BACKEND=github, no CMS_BASE_URL), served by Cloudflare's own local
// runtime with the functions (`wrangler pages dev`, tests/host/wrangler.ts) and the OAuth app's
// two secrets; GitHub's two OAuth endpoints and its REST API are the stand-in's on loopback
// (scripts/standIns/gitHubOAuth.ts, gitHubStandIn.ts), the first named by the test-only
// GITHUB_OAUTH_ORIGIN. Decap's real login popup in Chromium, through to a logged-in editor; then
// each refusal: a state missing or not this browser's (400, nothing exchanged), the user's
// "Cancel" on GitHub (access_denied), GitHub unreachable: a short page in French, no 500.
// The build starts from the caches of the GitHub run's site (PUBLISHED_SITE/site), as
// hosts.spec.ts does.
import { execFileSync, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { type GitHubStandIn, startGitHubStandIn } from '../../scripts/standIns/gitHubStandIn.ts'
import { startWrangler, type Wrangler } from '../host/wrangler.ts'
import { PUBLISHED_PORT, PUBLISHED_SITE, REPO } from './site.ts'

const PORT = PUBLISHED_PORT + 3
const SITE = `http://127.0.0.1:${PORT}`
const APP = { clientId: 'Iv1.standin0123456789', clientSecret: 'stand-in-secret-0123456789abcdef' }
const LOGIN = 'Se connecter avec GitHub'

test.describe.configure({ mode: 'serial' })
const root = join(PUBLISHED_SITE, 'cloudflare')
let standIn: GitHubStandIn
let wrangler: Wrangler | undefined

test.beforeAll(async () => {
  test.setTimeout(300_000)
  rmSync(root, { recursive: true, force: true })
  const seed = join(root, 'seed')
  const site = join(root, 'site')
  for (const part of ['content', 'public']) {
    cpSync(join(REPO, part), join(seed, part), { recursive: true })
    cpSync(join(REPO, part), join(site, part), { recursive: true })
  }
  const caches = join(PUBLISHED_SITE, 'site', 'node_modules', '.cache')
  if (existsSync(caches)) {
    mkdirSync(join(site, 'node_modules'), { recursive: true })
    execFileSync('cp', ['-al', caches, join(site, 'node_modules', '.cache')])
  }
  standIn = await startGitHubStandIn({ seedFrom: seed, repo: 'transfo/site', oauth: APP })
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CF_PAGES: '1',
    CMS_BACKEND: 'github',
    CMS_REPO: standIn.repo,
    CMS_BRANCH: standIn.branch,
    CMS_API_ROOT: standIn.apiRoot,
    SITE_URL: SITE,
    BUILD_RENDER_PROCESSES: process.env.BUILD_RENDER_PROCESSES ?? '1',
  }
  delete env.CMS_BASE_URL
  delete env.CMS_AUTH_ENDPOINT
  const build = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/build.ts', '--root', site],
    {
      cwd: REPO,
      stdio: ['ignore', 'inherit', 'inherit'],
      env,
    },
  )
  expect(build.status, 'the Cloudflare Pages build').toBe(0)
  wrangler = await startWrangler(PORT, {
    dir: join(site, 'dist', 'client'),
    bindings: {
      GITHUB_CLIENT_ID: APP.clientId,
      GITHUB_CLIENT_SECRET: APP.clientSecret,
      GITHUB_OAUTH_ORIGIN: standIn.apiRoot,
    },
  })
})
test.afterAll(async () => {
  await wrangler?.stop()
  await standIn?.stop()
})

/** A new browser context's editor page, and the CSP violations of its pages and popups. */
async function editor(browser: Browser) {
  const context = await browser.newContext({ baseURL: SITE })
  const violations: string[] = []
  const watch = (page: Page) =>
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text()))
        violations.push(`${page.url()}: ${m.text()}`)
    })
  context.on('page', watch)
  const page = await context.newPage()
  await page.goto('/admin/')
  return { context, page, violations }
}

/** "Se connecter avec GitHub", and the popup Decap opens; resolves with the popup's callback
 * answer (the last response of the popup's flow). */
async function logIn(page: Page) {
  const callback = page.context().waitForEvent('response', {
    predicate: (r) => r.url().startsWith(`${SITE}/api/callback`),
  })
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('button', { name: LOGIN }).click()
  return { popup: await popupOpened, callback: await callback }
}

test("Decap's login points at the site itself, and its popup logs the editor in through the functions", async ({
  browser,
}) => {
  const config = (await (await fetch(`${SITE}/admin/config.json`)).json()) as {
    backend: Record<string, string>
  }
  expect(config.backend).toMatchObject({
    name: 'github',
    base_url: SITE,
    auth_endpoint: 'api/auth',
    api_root: standIn.apiRoot,
  })
  const { context, page, violations } = await editor(browser)
  const { popup, callback } = await logIn(page)
  expect(callback.status()).toBe(200)
  // The token is handed over in the page only (the last test reads that page whole).
  expect(callback.url()).not.toContain(standIn.token)
  const headers = callback.headers()
  expect(headers['cache-control']).toBe('no-store')
  expect(headers['cross-origin-opener-policy']).toBeUndefined()
  expect(headers['content-security-policy']).toMatch(/script-src 'sha256-[^']+'/)
  expect(headers['content-security-policy']).not.toContain('unsafe')
  // Decap closes the popup once it has the token; the editor is then logged in.
  await expect.poll(() => popup.isClosed()).toBe(true)
  await expect(page).toHaveURL(/#\/collections\//, { timeout: 60_000 })
  await expect(page.getByRole('button', { name: LOGIN })).toHaveCount(0)
  const user = JSON.parse(
    (await page.evaluate(() => localStorage.getItem('decap-cms-user'))) ?? '{}',
  ) as { token?: string; backendName?: string }
  expect(user).toMatchObject({ backendName: 'github', token: standIn.token })
  // The editor read the repository through the API with that token.
  expect(standIn.requests.some((r) => r.path === '/user' && r.status === 200)).toBe(true)
  // The least scope the repository needs, the site's setting (repo by default), not Decap's.
  expect(standIn.oauth?.scopes).toEqual(['repo'])
  // The state cookie served once: cleared by the callback.
  const cookies = await context.cookies(SITE)
  expect(cookies.filter((c) => c.name.includes('github-login'))).toEqual([])
  expect(violations).toEqual([])
  await context.close()
})

test('a state missing, or not the one this browser was given, is refused: 400, no code exchanged', async ({
  browser,
}) => {
  const exchanges = standIn.oauth?.exchanges
  expect(exchanges).toBe(1)
  const cases: [string, Record<string, string>][] = [
    ['/api/callback?code=0123&state=forged', {}],
    ['/api/callback?code=0123', { Cookie: '__Host-github-login-state=abc' }],
    ['/api/callback?code=0123&state=forged', { Cookie: '__Host-github-login-state=abc' }],
    ['/api/callback?error=access_denied&state=forged', {}],
  ]
  for (const [path, headers] of cases) {
    const res = await fetch(SITE + path, { headers, redirect: 'manual' })
    expect(res.status, path).toBe(400)
    expect(res.headers.get('cache-control'), path).toBe('no-store')
    expect(res.headers.get('content-type'), path).toMatch(/^text\/html/)
    const html = await res.text()
    expect(html, path).toContain('<html lang="fr"')
    expect(html, path).toContain('Connexion refusée')
    expect(html, path).toContain('Se connecter avec GitHub')
  }
  // A real state of another browser: started in one context, its callback opened in another.
  const started = await fetch(`${SITE}/api/auth`, { redirect: 'manual' })
  expect(started.status).toBe(302)
  expect(started.headers.get('set-cookie')).toMatch(
    /^__Host-github-login-state=[\w-]{43}; Max-Age=600; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
  )
  const authorize = new URL(started.headers.get('location') ?? '')
  expect(authorize.origin + authorize.pathname).toBe(`${standIn.apiRoot}/login/oauth/authorize`)
  expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
    client_id: APP.clientId,
    redirect_uri: `${SITE}/api/callback`,
    scope: 'repo',
  })
  const context = await browser.newContext()
  const other = await context.newPage()
  const answer = await other.goto(
    `${SITE}/api/callback?code=0123&state=${authorize.searchParams.get('state')}`,
  )
  expect(answer?.status()).toBe(400)
  await expect(other.getByRole('heading', { name: 'Connexion refusée' })).toBeVisible()
  await context.close()
  // No code reached GitHub's token endpoint.
  expect(standIn.oauth?.exchanges).toBe(exchanges)
})

for (const [what, failure, status, title] of [
  ['the user cancels on GitHub', 'refuse', 403, 'Connexion annulée'],
  ['GitHub cannot be reached', 'down', 502, 'GitHub ne répond pas'],
] as const)
  test(`${what}: the popup says so in French, the editor stays at its login`, async ({
    browser,
  }) => {
    const oauth = standIn.oauth
    if (!oauth) throw new Error('the stand-in has no OAuth endpoints')
    oauth[failure] = true
    try {
      const { context, page, violations } = await editor(browser)
      const { popup, callback } = await logIn(page)
      expect(callback.status()).toBe(status)
      await expect(popup.getByRole('heading', { name: title })).toBeVisible()
      await expect(popup.getByText(LOGIN, { exact: false })).toBeVisible()
      const text = (await popup.locator('main').innerText()) ?? ''
      expect(text).not.toMatch(/Error|at \w+ \(|stack/i)
      await expect(page.getByRole('button', { name: LOGIN })).toBeVisible()
      expect(
        await page.evaluate(() => localStorage.getItem('decap-cms-user')),
        'not logged in',
      ).toBeNull()
      expect(violations).toEqual([])
      await context.close()
    } finally {
      oauth[failure] = false
    }
  })

test('the API answers carry the security headers, never stored; the token is in the page only', async () => {
  // The flow as the popup follows it, by hand: /api/auth, GitHub's authorize, the callback.
  const started = await fetch(`${SITE}/api/auth`, { redirect: 'manual' })
  const cookie = (started.headers.get('set-cookie') ?? '').split(';')[0] as string
  const authorized = await fetch(started.headers.get('location') ?? '', { redirect: 'manual' })
  const back = authorized.headers.get('location') ?? ''
  expect(back).toMatch(new RegExp(`^${SITE}/api/callback\\?code=\\w+&state=`))
  const done = await fetch(back, { headers: { Cookie: cookie }, redirect: 'manual' })
  expect(done.status).toBe(200)
  const page = await done.text()
  expect(page).toContain(`"token":"${standIn.token}"`)
  expect(done.headers.get('set-cookie')).toBe(
    '__Host-github-login-state=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax',
  )
  // The policy allows the page's one script by its hash, and nothing else runs.
  const script = /<script>([\s\S]*?)<\/script>/.exec(page)?.[1] ?? ''
  const hash = createHash('sha256').update(script).digest('base64')
  const policy = done.headers.get('content-security-policy') ?? ''
  expect(policy).toContain(`script-src 'sha256-${hash}';`)
  expect(policy).toMatch(/^default-src 'none'/)
  for (const res of [started, done]) {
    const h = res.headers
    expect(h.get('cache-control')).toBe('no-store')
    expect(h.get('strict-transport-security')).toMatch(/max-age=\d{8}/)
    expect(h.get('x-content-type-options')).toBe('nosniff')
    expect(h.get('x-frame-options')).toBe('DENY')
    expect(h.get('referrer-policy')).toBe('no-referrer')
    expect(h.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(h.get('cross-origin-opener-policy')).toBeNull()
    for (const [name, value] of h) expect(`${name}: ${value}`).not.toContain(standIn.token)
  }
  // Not in wrangler's log either (it shows the path, never the query; and no token at all).
  expect(wrangler?.output()).not.toContain(standIn.token)
  expect(wrangler?.output()).not.toContain(APP.clientSecret)
  // The site's own files keep their rules (wrangler applies _headers to them, not to functions).
  const home = await fetch(`${SITE}/`)
  expect(home.headers.get('cross-origin-opener-policy')).toBe('same-origin')
  expect(home.headers.get('cache-control')).toMatch(/must-revalidate/)
  expect(readFileSync(join(root, 'site', 'dist', 'client', '_headers'), 'utf8')).not.toContain(
    '/api/',
  )
})
