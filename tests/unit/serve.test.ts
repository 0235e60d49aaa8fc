import { readFileSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { headersFor, parseHeaders } from '../../scripts/lib/serve/headerRules.ts'
import { observatoryScore } from '../../scripts/lib/serve/observatory.ts'
import { etagMatches, negotiateEncoding, parseRange } from '../../scripts/lib/serve/send.ts'
import { createStaticHost } from '../../scripts/lib/serve/staticHost.ts'
import { makeSite, portOf, raw, SECRET } from './serve-helpers.ts'

// The local static host against a small site on disk, over real sockets.
const BUNDLE = `console.log(${JSON.stringify('transformateur '.repeat(400))});\n`
const HEADERS = `# a sample _headers, written the way Netlify and Cloudflare document it
/*
  X-Frame-Options: DENY
  X-Content-Type-Options: nosniff
  Content-Security-Policy: default-src 'self'; object-src 'none'

/assets/*
  Cache-Control: public, max-age=31536000, immutable

/en/*
  Content-Language: en

/*
  X-Robots-Tag: noindex
  X-Frame-Options: SAMEORIGIN

/docs/:file
  X-Document: :file
  ! X-Frame-Options

https://other.example/*
  X-Other-Host: yes

/form
  ! Content-Security-Policy
  Content-Security-Policy: default-src 'self' https://www.google.com
  ! Cache-Control
  Cache-Control: no-store
`
const REDIRECTS = '/Contact  /contact  301\n/old  /contact  302\n/en/*  /en/404.html  404\n'

let server: Server
let port: number
let root: string
let dir: string

beforeAll(async () => {
  ;({ root, dir } = makeSite({
    'assets/app-3f9a1c.js': BUNDLE,
    _headers: HEADERS,
    _redirects: REDIRECTS,
    'tiny.txt': 'ok',
    'admin/index.html': '<!doctype html><title>Éditeur du site</title>',
    'admin/assets/editor-B99nUrfY.js': BUNDLE,
  }))
  server = createStaticHost(dir)
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  port = portOf(server)
})
afterAll(async () => {
  await new Promise<void>((done) => server.close(() => done()))
  rmSync(root, { recursive: true, force: true })
})

describe('_headers, applied generically', () => {
  it('joins every matching block in file order, splats and placeholders included', () => {
    const rules = parseHeaders(HEADERS)
    const page = headersFor(rules, '/en/contact')
    expect(Object.fromEntries(page.set)).toEqual({
      'x-frame-options': 'DENY, SAMEORIGIN',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'self'; object-src 'none'",
      'content-language': 'en',
      'x-robots-tag': 'noindex',
    })
    const doc = headersFor(rules, '/docs/a.pdf')
    expect(doc.set.get('x-document')).toBe('a.pdf')
    expect([...doc.detach]).toEqual(['x-frame-options'])
    expect(headersFor(rules, '/docs/sub/a.pdf').set.has('x-document')).toBe(false)
    expect(headersFor(rules, '/', 'other.example:8080').set.get('x-other-host')).toBe('yes')
    expect(headersFor(rules, '/').set.has('x-other-host')).toBe(false)
  })

  it('lets a block replace what earlier blocks set: `! Name` first, then its own value', async () => {
    const form = headersFor(parseHeaders(HEADERS), '/form')
    expect(form.set.get('content-security-policy')).toBe(
      "default-src 'self' https://www.google.com",
    )
    const answer = await raw(port, '/form')
    expect(answer.headers['content-security-policy']).toBe(
      "default-src 'self' https://www.google.com",
    )
    // The server's own header too (Cloudflare Pages removes its defaults the same way).
    expect(answer.headers['cache-control']).toBe('no-store')
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
  })

  it('sends them on pages, assets, 404 pages and redirects', async () => {
    const home = await raw(port, '/')
    expect(home.headers['x-frame-options']).toBe('DENY, SAMEORIGIN')
    expect(home.headers['content-security-policy']).toBe("default-src 'self'; object-src 'none'")
    expect(home.headers['cache-control']).toBe('no-cache')
    const asset = await raw(port, '/assets/app-3f9a1c.js')
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    // The editor's bundle is hashed too: the server's own header, when no block sets one.
    const editor = await raw(port, '/admin/assets/editor-B99nUrfY.js')
    expect(editor.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await raw(port, '/admin/')).headers['cache-control']).toBe('no-cache')
    const missing = await raw(port, '/en/nope')
    expect(missing.status).toBe(404)
    expect(missing.headers['content-language']).toBe('en')
    expect(missing.headers['x-content-type-options']).toBe('nosniff')
    // A 404 is never stored, whatever its folder's rule says (as Cloudflare Pages answers):
    // a bundle asked for before its deploy must not stay missing in a cache for a year.
    expect(missing.headers['cache-control']).toBe('no-store')
    for (const path of ['/assets/app-000000.js', '/admin/assets/editor-00000000.js']) {
      const gone = await raw(port, path)
      expect(gone.status, path).toBe(404)
      expect(gone.headers['cache-control'], path).toBe('no-store')
    }
    const moved = await raw(port, '/Contact')
    expect(moved.status).toBe(301)
    expect(moved.headers.location).toBe('/contact')
    expect(moved.headers['x-robots-tag']).toBe('noindex')
    const pdf = await raw(port, '/docs/a.pdf')
    expect(pdf.headers['x-document']).toBe('a.pdf')
    expect(pdf.headers['x-frame-options']).toBeUndefined()
  })

  it('never serves _headers or _redirects themselves', async () => {
    for (const path of ['/_headers', '/_redirects']) {
      const answer = await raw(port, path)
      expect(answer.status).toBe(404)
      expect(answer.body.toString()).not.toContain('X-Frame-Options')
    }
  })
})

describe('nothing outside the served folder', () => {
  it.each([
    '/..%5cclient-secret%5csecret.txt',
    '/..%5Cclient-secret%5Csecret.txt',
    '/..\\client-secret\\secret.txt',
    '/..%2fclient-secret%2fsecret.txt',
    '/%2e%2e/client-secret/secret.txt',
    '/%2e%2e%2f%2e%2e%2foutside.txt',
    '/../client-secret/secret.txt',
    '/../outside.txt',
    '/docs/..%2f..%2f..%2foutside.txt',
    '/link-out.txt',
    '/link-dir/secret.txt',
    '/contact.html%00.txt',
    '/%00',
    '/%E0%A4%A',
    'http://127.0.0.1/../client-secret/secret.txt',
  ])('%s answers 404 with the 404 page', async (target) => {
    const answer = await raw(port, target)
    expect(answer.status).toBe(404)
    expect(answer.body.toString()).not.toContain(SECRET)
    expect(answer.body.toString()).toContain('<title>Page introuvable</title>')
  })

  it('follows a symbolic link that stays inside', async () => {
    const answer = await raw(port, '/link-in')
    expect(answer.status).toBe(200)
    expect(answer.body.toString()).toContain('<title>Contact</title>')
  })
})

describe('what a static host answers', () => {
  it.each([
    ['/', 200, 'Accueil'],
    ['/contact', 200, 'Contact'],
    ['/contact?utm=x', 200, 'Contact'],
    ['/en', 200, 'Home'],
    ['/en/contact', 200, 'Contact us'],
    ['/404', 404, 'Page introuvable'],
    ['/404.html', 404, 'Page introuvable'],
    ['/en/404', 404, 'Page not found'],
    ['/en/404.html', 404, 'Page not found'],
    ['/nope', 404, 'Page introuvable'],
    ['/en/nope/deeper', 404, 'Page not found'],
    // A folder's index.html, as Cloudflare and Netlify serve it (the editor at /admin/).
    ['/admin/', 200, 'Éditeur du site'],
  ])('%s answers %i with "%s"', async (path, status, title) => {
    const answer = await raw(port, path)
    expect(answer.status).toBe(status)
    expect(answer.body.toString()).toContain(`<title>${title}</title>`)
  })

  it('keeps the status of each redirect rule', async () => {
    expect((await raw(port, '/old')).status).toBe(302)
    expect((await raw(port, '/old')).headers.location).toBe('/contact')
  })

  it('answers 405 with Allow to other methods, and HEAD without a body', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const answer = await raw(port, '/contact', { 'content-length': '0' }, method)
      expect(answer.status).toBe(405)
      expect(answer.headers.allow).toBe('GET, HEAD')
    }
    const head = await raw(port, '/contact', {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(Number(head.headers['content-length'])).toBe(
      readFileSync(join(dir, 'contact.html')).length,
    )
  })
})

describe('compression, ETag and ranges', () => {
  const js = '/assets/app-3f9a1c.js'

  it('negotiates brotli, then gzip, then nothing, and says Vary', async () => {
    const br = await raw(port, js, { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toBe('Accept-Encoding')
    expect(brotliDecompressSync(br.body).toString()).toBe(BUNDLE)
    expect(br.body.length).toBeLessThan(BUNDLE.length / 10)
    const gz = await raw(port, js, { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).toString()).toBe(BUNDLE)
    const none = await raw(port, js, { 'accept-encoding': 'br;q=0, gzip;q=0' })
    expect(none.headers['content-encoding']).toBeUndefined()
    expect(none.headers.vary).toBe('Accept-Encoding')
    expect(none.body.toString()).toBe(BUNDLE)
    expect(
      (await raw(port, '/docs/a.pdf', { 'accept-encoding': 'br' })).headers['content-encoding'],
    ).toBeUndefined()
    expect(
      (await raw(port, '/tiny.txt', { 'accept-encoding': 'br' })).headers['content-encoding'],
    ).toBeUndefined()
  })

  it('answers 304 to a matching If-None-Match, per encoding', async () => {
    const first = await raw(port, js, { 'accept-encoding': 'br' })
    const plain = await raw(port, js)
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/)
    expect(first.headers.etag).not.toBe(plain.headers.etag)
    const again = await raw(port, js, {
      'accept-encoding': 'br',
      'if-none-match': first.headers.etag ?? '',
    })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect(again.headers.etag).toBe(first.headers.etag)
    const weak = await raw(port, js, { 'if-none-match': `"other", W/${plain.headers.etag}` })
    expect(weak.status).toBe(304)
    const changed = await raw(port, js, { 'if-none-match': '"stale"' })
    expect(changed.status).toBe(200)
    // The 404 page is never a 304: a cache must not take it for the page asked for.
    const notFound = await raw(port, '/nope')
    expect(
      (await raw(port, '/nope', { 'if-none-match': notFound.headers.etag ?? '' })).status,
    ).toBe(404)
  })

  it('serves byte ranges (206), refuses impossible ones (416), honours If-Range', async () => {
    const file = readFileSync(join(dir, 'docs/a.pdf'))
    const part = await raw(port, '/docs/a.pdf', { range: 'bytes=0-7' })
    expect(part.status).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 0-7/${file.length}`)
    expect(part.body.toString()).toBe('%PDF-1.4')
    const tail = await raw(port, '/docs/a.pdf', { range: 'bytes=-6' })
    expect(tail.body.toString()).toBe('uvwxyz')
    const open = await raw(port, '/docs/a.pdf', { range: 'bytes=40-' })
    expect(open.body).toEqual(file.subarray(40))
    const beyond = await raw(port, '/docs/a.pdf', { range: `bytes=${file.length}-` })
    expect(beyond.status).toBe(416)
    expect(beyond.headers['content-range']).toBe(`bytes */${file.length}`)
    const stale = await raw(port, '/docs/a.pdf', { range: 'bytes=0-7', 'if-range': '"old"' })
    expect(stale.status).toBe(200)
    expect(stale.body).toEqual(file)
    const full = await raw(port, '/docs/a.pdf')
    expect(full.headers['accept-ranges']).toBe('bytes')
  })

  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', undefined],
    ['', undefined],
  ])('Accept-Encoding %j picks %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected)
  })

  it('parses ranges and ETag lists as RFC 9110 says', () => {
    expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 })
    expect(parseRange('bytes=5-100', 10)).toEqual({ start: 5, end: 9 })
    expect(parseRange('bytes=-100', 10)).toEqual({ start: 0, end: 9 })
    expect(parseRange('bytes=0-1,4-5', 10)).toBe('all')
    expect(parseRange('items=0-1', 10)).toBe('all')
    expect(parseRange('bytes=10-', 10)).toBeUndefined()
    expect(etagMatches('*', '"x"')).toBe(true)
    expect(etagMatches('W/"x"', '"x"')).toBe(true)
    expect(etagMatches('"y"', '"x"')).toBe(false)
  })
})

describe('an Observatory-style score of the served headers', () => {
  it('scores the sample _headers as served, and a header-less site over http', async () => {
    const served = (await raw(port, '/')).headers
    const sample = observatoryScore(served)
    expect(sample.tests).toContainEqual(['hsts-not-implemented', -20])
    // Two blocks set X-Frame-Options, joined as the hosts join them: "DENY, SAMEORIGIN" is no
    // valid value, so framing counts as unprotected (-20), as it would in production.
    expect(sample.tests).toContainEqual(['x-frame-options-not-implemented', -20])
    expect(sample).toMatchObject({ score: 60, grade: 'C+' })
    const bare = observatoryScore({}, { https: false })
    expect(bare).toMatchObject({ score: 10, grade: 'F' })
  })

  it('gives A+ to the asked-for headers: a strict CSP, nosniff, HSTS and a referrer policy', () => {
    const asked = observatoryScore({
      'content-security-policy':
        "default-src 'self'; script-src 'self' 'sha256-abc='; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'referrer-policy': 'strict-origin-when-cross-origin',
    })
    expect(asked).toMatchObject({ score: 110, grade: 'A+' })
    const inline = observatoryScore({
      'content-security-policy': "script-src 'self' 'unsafe-inline'",
    })
    expect(inline.tests[0]).toEqual(['csp-implemented-with-unsafe-inline', -20])
  })
})
