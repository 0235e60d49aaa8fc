// The built `_redirects` and `_headers` through Netlify's own parsers (pinned devDependencies):
// no error, and every rule read back as written.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { parseAllHeaders } from '@netlify/headers-parser'
import { parseAllRedirects } from '@netlify/redirect-parser'
import { describe, expect, it } from 'vitest'
import { IMMUTABLE, NO_STORE, REVALIDATE, ruleCount } from '../../scripts/lib/pipeline/headers.ts'
import { redirects } from '../e2e/helpers.ts'
import { clientDir } from './wrangler.ts'

describe("Netlify's parsers on dist/client", () => {
  it('read _redirects without error: every line a 301, every redirect of the route table there', async () => {
    const parsed = await parseAllRedirects({
      redirectsFiles: [`${clientDir}_redirects`],
      configRedirects: [],
      minimal: true,
    })
    expect(parsed.errors.map(String)).toEqual([])
    const rules = parsed.redirects as { from: string; to: string; status: number }[]
    const lines = readFileSync(`${clientDir}_redirects`, 'utf8').split('\n').filter(Boolean)
    expect(rules).toHaveLength(lines.length)
    expect(rules.every((r) => r.status === 301)).toBe(true)
    const parsed301 = rules.map((r) => [r.from, r.to])
    for (const r of redirects) expect(parsed301).toContainEqual([r.from, r.to])
  })

  it('read _headers without error, with the security headers on /* and a policy per form page', async () => {
    const text = readFileSync(`${clientDir}_headers`, 'utf8')
    const parsed = await parseAllHeaders({
      headersFiles: [`${clientDir}_headers`],
      configHeaders: [],
      minimal: true,
    })
    expect(parsed.errors.map(String)).toEqual([])
    const rules = parsed.headers as { for: string; values: Record<string, string> }[]
    expect(rules.length).toBe(ruleCount(text))
    const all = rules.find((r) => r.for === '/*')?.values ?? {}
    for (const name of [
      'Strict-Transport-Security',
      'X-Content-Type-Options',
      'X-Frame-Options',
      'Referrer-Policy',
      'Permissions-Policy',
      'Content-Security-Policy',
    ])
      expect(all[name], name).toBeTruthy()
    expect(rules.find((r) => r.for === '/assets/*')?.values['Cache-Control']).toMatch(/immutable/)
    // A page whose policy is the fallback's has no rule (the home page); a form page has its own.
    expect(rules.find((r) => r.for === '/')).toBeUndefined()
    for (const page of ['/contact', '/en/contact'])
      expect(rules.find((r) => r.for === page)?.values['Content-Security-Policy'], page).toMatch(
        /script-src 'self' 'sha256-/,
      )
  })

  it('gives an unknown URL the strict fallback and a form page its own policy, as Netlify dev reads them', async () => {
    const parsed = await parseAllHeaders({
      headersFiles: [`${clientDir}_headers`],
      configHeaders: [],
      minimal: false,
    })
    const rules = parsed.headers as { forRegExp: RegExp; values: Record<string, string> }[]
    // netlify-cli's headersForPath (src/utils/headers.ts): every matching rule in file order,
    // a later value replacing an earlier one. Its parser skips Cloudflare's `! Name` lines.
    const headersForPath = (path: string): Record<string, string> =>
      Object.assign({}, ...rules.filter((r) => r.forRegExp.test(path)).map((r) => r.values))
    const policy = (path: string) => headersForPath(path)['Content-Security-Policy'] ?? ''
    for (const unknown of ['/xyz', '/en/xyz', '/docs/none.pdf']) {
      expect(policy(unknown), unknown).toMatch(/script-src 'self' 'sha256-/)
      expect(policy(unknown), unknown).not.toContain('recaptcha')
    }
    for (const form of ['/contact', '/en/contact', '/carrieres'])
      expect(policy(form), form).toContain('https://www.google.com/recaptcha/')
    expect(policy('/')).toMatch(/script-src 'self' 'sha256-/)
    expect(policy('/')).not.toContain('recaptcha')
    // Pages revalidate; hashed assets are immutable, the later rule's value replacing the first.
    for (const page of ['/', '/en', '/contact', '/en/presentation'])
      expect(headersForPath(page)['Cache-Control'], page).toBe('public, max-age=0, must-revalidate')
    expect(headersForPath('/assets/entries/x.js')['Cache-Control']).toBe(
      'public, max-age=31536000, immutable',
    )
    // What the editor watches after a save: never stored, the later rule's value replacing /*'s.
    expect(headersForPath('/build.json')['Cache-Control']).toBe(NO_STORE)
  })

  it.skipIf(!existsSync(`${clientDir}admin/index.html`))(
    "gives the editor its own policy and COOP as Netlify dev reads them, the site's pages theirs",
    async () => {
      const parsed = await parseAllHeaders({
        headersFiles: [`${clientDir}_headers`],
        configHeaders: [],
        minimal: false,
      })
      expect(parsed.errors.map(String)).toEqual([])
      const rules = parsed.headers as { forRegExp: RegExp; values: Record<string, string> }[]
      const headersForPath = (path: string): Record<string, string> =>
        Object.assign({}, ...rules.filter((r) => r.forRegExp.test(path)).map((r) => r.values))
      const hashed = readdirSync(`${clientDir}admin/assets`).map((f) => `/admin/assets/${f}`)
      expect(hashed.length).toBeGreaterThan(0)
      for (const path of ['/admin/', '/admin/config.json', '/admin/check.json', ...hashed]) {
        const h = headersForPath(path)
        expect(h['Content-Security-Policy'], path).toContain("'unsafe-eval'")
        expect(h['Content-Security-Policy'], path).not.toContain('sha256-')
        expect(h['Cross-Origin-Opener-Policy'], path).toBe('same-origin-allow-popups')
        expect(h['X-Robots-Tag'], path).toBe('noindex, nofollow')
        // The editor's hashed files are immutable, as /assets/* are; its page and the files
        // every build writes anew (config.json, check.json) revalidate.
        expect(h['Cache-Control'], path).toBe(
          path.startsWith('/admin/assets/') ? IMMUTABLE : REVALIDATE,
        )
      }
      expect(headersForPath('/assets/entries/x.js')['Cache-Control']).toBe(IMMUTABLE)
      expect(headersForPath('/')['Cache-Control']).toBe(REVALIDATE)
      expect(headersForPath('/')['Cross-Origin-Opener-Policy']).toBe('same-origin')
      expect(headersForPath('/')['Content-Security-Policy']).not.toContain('unsafe')
      // Netlify's `/admin/*` is /^\/admin\/?(.*)\/?$/i: it also matches `/administration`. The
      // build refuses any other name starting with "admin" at the top of the site (build.ts).
      expect(readdirSync(clientDir).filter((f) => /^admin/i.test(f))).toEqual(['admin'])
    },
  )
})
