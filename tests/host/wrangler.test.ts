// The built site on Cloudflare's own local runtime (`wrangler pages dev`, offline, loopback):
// _redirects and _headers accepted without a warning, the security headers on pages and
// assets, a 301 for every redirect, 200 for aliases, the 404 page of the URL's language; one
// policy per response: a page's own (reCAPTCHA only on form pages) or the strict fallback.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  IMMUTABLE,
  NO_STORE,
  pageFacts,
  REVALIDATE,
  ruleCount,
} from '../../scripts/lib/pipeline/headers.ts'
import { redirects, routePaths } from '../e2e/helpers.ts'
import { allAllow, parsePolicies } from './csp.ts'
import { clientDir, startWrangler, type Wrangler } from './wrangler.ts'

const PORT = Number(process.env.WRANGLER_PORT ?? 4332)
const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/'
let wrangler: Wrangler

beforeAll(async () => {
  wrangler = await startWrangler(PORT)
}, 90_000)
afterAll(async () => {
  await wrangler?.stop()
})

const get = (path: string) => fetch(wrangler.base + path, { redirect: 'manual' })

/** The security headers every page must carry, whatever its policy. */
function expectSecurityHeaders(h: Headers, where: string) {
  const hsts = /max-age=(\d+)/.exec(h.get('strict-transport-security') ?? '')
  expect(Number(hsts?.[1]), `${where} HSTS`).toBeGreaterThanOrEqual(31_536_000)
  expect(h.get('x-content-type-options'), where).toBe('nosniff')
  expect(h.get('x-frame-options'), where).toBe('DENY')
  expect(h.get('referrer-policy'), where).toMatch(
    /^(no-referrer|strict-origin(-when-cross-origin)?|same-origin)$/,
  )
  expect(h.get('permissions-policy'), where).toMatch(/camera=\(\)/)
  const policies = parsePolicies(h.get('content-security-policy'))
  expect(policies.length, `${where} CSP`).toBeGreaterThan(0)
  for (const p of policies) {
    const script = p.get('script-src') ?? []
    expect(script, `${where} script-src`).not.toContain("'unsafe-inline'")
    expect(script, `${where} script-src`).not.toContain("'unsafe-eval'")
    expect(p.get('style-src') ?? [], `${where} style-src`).not.toContain("'unsafe-inline'")
    expect(p.get('object-src'), where).toEqual(["'none'"])
    expect(p.get('frame-ancestors'), where).toEqual(["'none'"])
    expect(p.get('base-uri')?.[0], where).toMatch(/^'(self|none)'$/)
    expect(p.get('form-action'), where).toContain("'self'")
  }
  return policies
}

describe('wrangler pages dev on dist/client', () => {
  it('accepts every _redirects and _headers rule, with no warning', () => {
    const out = wrangler.output()
    // The route table's redirects and any old document URLs (documents.yaml `formerly`).
    const redirectLines = readFileSync(`${clientDir}_redirects`, 'utf8').split('\n').filter(Boolean)
    expect(redirectLines.length).toBeGreaterThanOrEqual(redirects.length)
    expect(out).toContain(`Parsed ${redirectLines.length} valid redirect rule`)
    const rules = ruleCount(readFileSync(`${clientDir}_headers`, 'utf8'))
    expect(out).toContain(`Parsed ${rules} valid header rules`)
    expect(rules).toBeLessThanOrEqual(100)
    const suspicious = out
      .split('\n')
      .filter((l) => /warn|invalid|error|skipp|ignor/i.test(l) || /_redirects|_headers/.test(l))
    expect(suspicious).toEqual([])
  })

  it('serves every page and alias with 200, the security headers and revalidation caching', async () => {
    for (const r of routePaths) {
      const res = await get(r.path)
      expect(res.status, r.path).toBe(200)
      const html = await res.text()
      expect(html, r.path).toContain(`<html lang="${r.lang}"`)
      const policies = expectSecurityHeaders(res.headers, r.path)
      // The page's own policy replaces the fallback of /* (`! Content-Security-Policy`).
      expect(policies, `${r.path} policies`).toHaveLength(1)
      // reCAPTCHA's origin only where a form is: the policies together allow it or not.
      const hasForm = html.includes('data-island="ContactForm"')
      expect(allAllow(policies, 'script-src', RECAPTCHA_SCRIPT), r.path).toBe(hasForm)
      expect(allAllow(policies, 'frame-src', 'https://www.google.com/recaptcha/'), r.path).toBe(
        hasForm,
      )
      expect(res.headers.get('cache-control'), r.path).toMatch(
        /max-age=0.*must-revalidate|no-cache/,
      )
    }
  }, 120_000)

  it('caches hashed assets for a year, immutable', async () => {
    const assets = readdirSync(`${clientDir}assets/entries`).filter((f) => f.endsWith('.js'))
    expect(assets.length).toBeGreaterThan(0)
    const res = await get(`/assets/entries/${assets[0]}`)
    expect(res.status).toBe(200)
    // Exactly: /assets/* detaches the revalidation of /* (`! Cache-Control`), so not both values.
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-type')).toMatch(/javascript/)
  })

  it('never lets a missing hashed file be stored: a 404 under /assets/ is no-store', async () => {
    for (const path of ['/assets/missing-00000000.js', '/admin/assets/missing-00000000.js']) {
      const res = await get(path)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('cache-control'), path).toBe(NO_STORE)
    }
  })

  it('serves /build.json never to be stored: one Cache-Control value, no-store', async () => {
    const res = await get('/build.json')
    expect(res.status).toBe(200)
    // Exactly: `/build.json` detaches the revalidation of /* first (Cloudflare would join both).
    expect(res.headers.get('cache-control')).toBe(NO_STORE)
    const info = (await res.json()) as { commit: string | null; builtAt: string }
    expect(info.commit === null || /^[0-9a-f]{40}$/.test(info.commit)).toBe(true)
    expect(new Date(info.builtAt).toISOString()).toBe(info.builtAt)
  })

  it('answers every redirect of the route table with a 301 to its target', async () => {
    expect(redirects.length).toBeGreaterThan(0)
    for (const r of redirects) {
      const res = await get(r.from)
      expect(res.status, r.from).toBe(301)
      expect(new URL(res.headers.get('location') ?? '', wrangler.base).pathname, r.from).toBe(r.to)
    }
  })

  it('answers an unknown URL with 404 and the not-found page of its language', async () => {
    for (const [path, lang] of [
      ['/en/xyz', 'en'],
      ['/en/a/b/c', 'en'],
      ['/xyz', 'fr'],
      ['/produits/inconnu', 'fr'],
    ] as const) {
      const res = await get(path)
      expect(res.status, path).toBe(404)
      const html = await res.text()
      expect(html, path).toContain(`<html lang="${lang}"`)
      const policies = expectSecurityHeaders(res.headers, path)
      // The fallback of /*: the strictest policy, enough for the 404 page and nothing more.
      expect(policies, `${path} policies`).toHaveLength(1)
      expect(res.headers.get('content-security-policy'), path).not.toMatch(/recaptcha|google/)
      expect(allAllow(policies, 'script-src', "'wasm-unsafe-eval'"), path).toBe(false)
      expect(policies[0]?.get('worker-src'), path).toEqual(["'none'"])
      const facts = pageFacts(path, html)
      for (const h of facts.scriptHashes)
        expect(allAllow(policies, 'script-src', h), `${path} ${h}`).toBe(true)
      for (const h of facts.styleHashes)
        expect(allAllow(policies, 'style-src', h), `${path} ${h}`).toBe(true)
    }
  })

  it("gives Pagefind's worker its own policy: WebAssembly, no reCAPTCHA", async () => {
    const res = await get('/pagefind/pagefind-worker.js')
    expect(res.status).toBe(200)
    const policies = parsePolicies(res.headers.get('content-security-policy'))
    expect(policies).toHaveLength(1)
    expect(allAllow(policies, 'script-src', "'wasm-unsafe-eval'")).toBe(true)
    expect(res.headers.get('content-security-policy')).not.toContain('recaptcha')
  })

  it('gives a PDF the fallback policy only', async () => {
    const pdf = readdirSync(`${clientDir}docs`).find((f) => f.endsWith('.pdf'))
    const res = await get(`/docs/${pdf}`)
    expect(res.status).toBe(200)
    const policies = expectSecurityHeaders(res.headers, pdf ?? 'pdf')
    expect(policies).toHaveLength(1)
    expect(res.headers.get('content-security-policy')).not.toContain('recaptcha')
  })

  // Only in a build with CMS_BACKEND set (docs/deploying.md, Turning on the editor):
  // `npm run build` with CMS_BACKEND=github CMS_REPO=acme/site, then `npm run test:host`.
  const editor = existsSync(`${clientDir}admin/index.html`)
  it.skipIf(!editor)(
    "gives the editor (/admin/) its own policy only, popups for its login, noindex; and the site's pages theirs",
    async () => {
      const page = await get('/admin/')
      expect(page.status).toBe(200)
      const html = await page.text()
      const script = /src="(\/admin\/assets\/[^"]+)"/.exec(html)?.[1] ?? ''
      const code = await get(script)
      expect(code.status, script).toBe(200)
      for (const [res, where] of [
        [page, '/admin/'],
        [code, script],
      ] as const) {
        const policies = parsePolicies(res.headers.get('content-security-policy'))
        // One policy: the site's strict fallback (no eval, no inline style) would block Decap.
        expect(policies, where).toHaveLength(1)
        expect(allAllow(policies, 'script-src', "'unsafe-eval'"), where).toBe(true)
        expect(allAllow(policies, 'style-src', "'unsafe-inline'"), where).toBe(true)
        expect(policies[0]?.get('frame-ancestors'), where).toEqual(["'none'"])
        expect(res.headers.get('cross-origin-opener-policy'), where).toBe(
          'same-origin-allow-popups',
        )
        expect(res.headers.get('x-robots-tag'), where).toBe('noindex, nofollow')
        expect(res.headers.get('x-frame-options'), where).toBe('DENY')
      }
      const config = await get('/admin/config.json')
      expect(config.status).toBe(200)
      expect(((await config.json()) as { backend: { name: string } }).backend.name).not.toBe(
        'proxy',
      )
      // The page and what the build writes each time (config.json, check.json) keep the site's
      // revalidation: their names carry no hash.
      for (const [res, where] of [
        [page, '/admin/'],
        [config, '/admin/config.json'],
        [await get('/admin/check.json'), '/admin/check.json'],
      ] as const)
        expect(res.headers.get('cache-control'), where).toBe(REVALIDATE)
      // The home page keeps it too, and the site's hashed assets their immutable caching.
      expect((await get('/')).headers.get('cache-control')).toBe(REVALIDATE)
      // The site's pages keep theirs.
      const home = await get('/')
      expect(home.headers.get('cross-origin-opener-policy')).toBe('same-origin')
      expect(home.headers.get('content-security-policy')).not.toContain('unsafe')
      expect(home.headers.get('x-robots-tag')).toBeNull()
    },
  )

  it.skipIf(!editor)(
    "caches the editor's hashed scripts and WebAssembly for a year, immutable, under its own policy",
    async () => {
      const files = readdirSync(`${clientDir}admin/assets`)
      expect(files.filter((f) => f.endsWith('.js')).length).toBeGreaterThan(1)
      expect(files.filter((f) => f.endsWith('.wasm')).length).toBeGreaterThan(0)
      for (const file of files) {
        const path = `/admin/assets/${file}`
        const res = await get(path)
        expect(res.status, path).toBe(200)
        await res.arrayBuffer()
        // Exactly one value: /admin/assets/* detaches the revalidation of /* first, as
        // /assets/* does (Cloudflare would otherwise join both values into one header).
        expect(res.headers.get('cache-control'), path).toBe(IMMUTABLE)
        // /admin/* matches it too: the editor's policy, alone, and its COOP and noindex.
        const policies = parsePolicies(res.headers.get('content-security-policy'))
        expect(policies, path).toHaveLength(1)
        expect(allAllow(policies, 'script-src', "'unsafe-eval'"), path).toBe(true)
        expect(allAllow(policies, 'script-src', "'wasm-unsafe-eval'"), path).toBe(true)
        expect(res.headers.get('cross-origin-opener-policy'), path).toBe('same-origin-allow-popups')
        expect(res.headers.get('x-robots-tag'), path).toBe('noindex, nofollow')
        expect(res.headers.get('x-content-type-options'), path).toBe('nosniff')
      }
    },
  )
})
