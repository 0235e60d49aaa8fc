// The `_headers` file the build writes: hashes of inline code, the policy per page, the rules.
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  blockedMarkup,
  csp,
  endpointOrigins,
  headersFile,
  pageFacts,
  pathForFile,
  RECAPTCHA,
  ruleCount,
  writeHeadersFile,
} from '../../scripts/lib/pipeline/headers.ts'
import { analysePage } from '../../scripts/lib/pipeline/pageAnalysis.ts'

const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`
const page = (body: string) =>
  `<!DOCTYPE html><html><head><script>a()</script><style>:root{--x:1}</style><script type="application/json" id="d">{"a":1}</script><script src="/assets/x.js" type="module" async></script></head><body>${body}</body></html>`
const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1)

describe('page facts', () => {
  it('hashes executable inline scripts and <style> elements, not JSON data or external scripts', () => {
    const f = pageFacts('/x', page(''))
    expect(f.scriptHashes).toEqual([hash('a()')])
    expect(f.styleHashes).toEqual([hash(':root{--x:1}')])
    expect(f.hasForm).toBe(false)
    expect(pageFacts('/c', page('<div data-island="ContactForm"></div>')).hasForm).toBe(true)
    expect(pageFacts('/s', page('<section data-site-search>')).hasSearch).toBe(true)
  })

  it('finds markup the policy would block', () => {
    expect(
      blockedMarkup('<div style="color:red"><a onclick="x()">a</a><p data-style="x">'),
    ).toEqual(['style="color:red"', 'onclick="x()"'])
    expect(blockedMarkup(page(''))).toEqual([])
  })

  it('maps files to the paths a static host serves them at', () => {
    expect(['index.html', 'en.html', 'en/404.html', 'a/index.html'].map(pathForFile)).toEqual([
      '/',
      '/en',
      '/en/404',
      '/a',
    ])
  })

  it('takes the origins of the form endpoints; a relative endpoint is self', () => {
    expect(
      endpointOrigins([
        '/api/inbox/contact',
        'https://hook.eu.example.net/a/b?x=1',
        '/api/inbox/general',
      ]),
    ).toEqual(["'self'", 'https://hook.eu.example.net'])
  })
})

describe('content security policy', () => {
  const plain = pageFacts('/x', page(''))
  const withForm = pageFacts('/c', page('<div data-island="ContactForm"></div>'))
  const origins = ['https://hooks.automation.test']

  it('allows inline code by hash only, never unsafe-inline or unsafe-eval', () => {
    const p = csp(plain, origins)
    expect(directive(p, 'script-src')).toBe(`'self' ${hash('a()')}`)
    expect(directive(p, 'style-src')).toBe(`'self' ${hash(':root{--x:1}')}`)
    expect(p).not.toMatch(/unsafe/)
    for (const d of [
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
      "frame-src 'none'",
    ])
      expect(p).toContain(d)
    expect(directive(p, 'form-action')).toBe("'self' https://hooks.automation.test")
  })

  it("allows reCAPTCHA's origins and the endpoints' only where a form is", () => {
    const plainPolicy = csp(plain, origins)
    const formPolicy = csp(withForm, origins)
    for (const o of RECAPTCHA.script) {
      expect(directive(formPolicy, 'script-src')).toContain(o)
      expect(plainPolicy).not.toContain(o)
    }
    expect(directive(formPolicy, 'frame-src')).toBe(RECAPTCHA.frame.join(' '))
    expect(directive(formPolicy, 'connect-src')).toBe("'self' https://hooks.automation.test")
    expect(directive(plainPolicy, 'connect-src')).toBe("'self'")
    expect(directive(formPolicy, 'script-src')).not.toMatch(/unsafe/)
    expect(directive(formPolicy, 'style-src')).not.toMatch(/unsafe/)
  })
})

describe('search pages', () => {
  it('allow WebAssembly compilation and a same-origin worker there only, never JavaScript eval', () => {
    const search = csp(pageFacts('/s', page('<section data-site-search>')), [])
    expect(directive(search, 'script-src')).toContain("'wasm-unsafe-eval'")
    expect(directive(search, 'script-src')).not.toMatch(/'unsafe-(eval|inline)'/)
    expect(directive(search, 'worker-src')).toBe("'self'")
    const plain = csp(pageFacts('/x', page('')), [])
    expect(plain).not.toContain('wasm')
    expect(directive(plain, 'worker-src')).toBe("'none'")
  })
})

describe('_headers', () => {
  const notFound = page('').replace('a()', 'notFound()')
  const pages = [
    pageFacts('/', page('')),
    pageFacts('/404', notFound),
    pageFacts('/en/404', notFound),
    pageFacts('/contact', page('<div data-island="ContactForm"></div>')),
    pageFacts('/recherche', page('<div data-site-search></div>')),
  ]
  const text = headersFile(pages, ["'self'"])
  const blocks = Object.fromEntries(
    text
      .trim()
      .split('\n\n')
      .map((b) => {
        const [path = '', ...lines] = b.split('\n')
        return [
          path,
          Object.fromEntries(
            lines.map((l) =>
              l
                .trim()
                .split(/: (.*)/s)
                .slice(0, 2),
            ),
          ),
        ]
      }),
  ) as Record<string, Record<string, string>>
  const DETACH = '! Content-Security-Policy'

  it('has the common headers and revalidation on /*, a rule per page of its own policy, immutable assets', () => {
    // The 404 pages' policy is the fallback: they need no rule of their own.
    expect(Object.keys(blocks)).toEqual([
      '/*',
      '/assets/*',
      '/build.json',
      '/pagefind/*',
      '/',
      '/contact',
      '/recherche',
    ])
    expect(ruleCount(text)).toBe(7)
    const all = blocks['/*'] ?? {}
    expect(
      Number(/max-age=(\d+)/.exec(all['Strict-Transport-Security'] ?? '')?.[1]),
    ).toBeGreaterThanOrEqual(31536000)
    expect(all['X-Content-Type-Options']).toBe('nosniff')
    expect(all['X-Frame-Options']).toBe('DENY')
    expect(all['Referrer-Policy']).toBeTruthy()
    expect(all['Permissions-Policy']).toContain('camera=()')
    expect(all['Cache-Control']).toBe('public, max-age=0, must-revalidate')
    // Hashed assets detach the revalidation first: one Cache-Control value, not two.
    expect(Object.keys(blocks['/assets/*'] ?? {})).toEqual(['! Cache-Control', 'Cache-Control'])
    expect(blocks['/assets/*']?.['Cache-Control']).toBe('public, max-age=31536000, immutable')
    // The build's commit, which the editor reads after a save: never stored, one value too.
    expect(Object.keys(blocks['/build.json'] ?? {})).toEqual(['! Cache-Control', 'Cache-Control'])
    expect(blocks['/build.json']?.['Cache-Control']).toBe('no-store')
    expect(blocks['/']?.['Cache-Control']).toBeUndefined()
    expect(blocks['/']?.['Content-Security-Policy']).not.toContain('recaptcha')
    expect(blocks['/contact']?.['Content-Security-Policy']).toContain(RECAPTCHA.script[0])
  })

  it('falls back to the strictest policy, what the 404 pages need: no reCAPTCHA, no WebAssembly', () => {
    const fallback = blocks['/*']?.['Content-Security-Policy'] ?? ''
    expect(fallback).toBe(csp(pageFacts('/404', notFound), ["'self'"]))
    expect(directive(fallback, 'script-src')).toBe(`'self' ${hash('notFound()')}`)
    expect(fallback).not.toContain('recaptcha')
    expect(fallback).not.toContain('wasm')
    expect(directive(fallback, 'frame-src')).toBe("'none'")
    expect(directive(fallback, 'worker-src')).toBe("'none'")
    expect(fallback).not.toContain('style-src-attr')
  })

  it("replaces the fallback on each page and on Pagefind's worker (`! Name` first, then its own)", () => {
    for (const path of ['/', '/contact', '/recherche', '/pagefind/*'])
      expect(Object.keys(blocks[path] ?? {}).slice(0, 2), path).toEqual([
        DETACH,
        'Content-Security-Policy',
      ])
    expect(directive(blocks['/pagefind/*']?.['Content-Security-Policy'] ?? '', 'script-src')).toBe(
      "'self' 'wasm-unsafe-eval'",
    )
    expect(directive(blocks['/']?.['Content-Security-Policy'] ?? '', 'script-src')).toBe(
      `'self' ${hash('a()')}`,
    )
  })

  it('adds no rule for pages whose policy is the fallback, however many (Cloudflare reads 100)', () => {
    const many = Array.from({ length: 500 }, (_, i) => pageFacts(`/p${i}`, notFound))
    const more = headersFile([...pages, ...many], ["'self'"])
    expect(ruleCount(more)).toBe(ruleCount(text))
    expect(more).toBe(text)
  })

  it('leaves out the worker rule when no page searches', () => {
    expect(headersFile(pages.slice(0, 4), [])).not.toContain('/pagefind/')
  })

  it('uses only the syntax both hosts read: path lines, indented Name: value and ! Name lines', () => {
    for (const line of text.split('\n'))
      expect(line).toMatch(/^(\/\S*| {2}[A-Za-z-]+: \S.*| {2}! [A-Za-z-]+|)$/)
  })
})

describe('writeHeadersFile', () => {
  it('writes the same file and errors from the renderers’ page facts as from the files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'headers-'))
    const files = {
      'index.html': page(''),
      'contact.html': page('<div data-island="ContactForm" style="color:red"></div>'),
      'en/old.html': page('redirect stub'),
    }
    for (const [file, html] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true })
      writeFileSync(join(dir, file), html)
    }
    const names = Object.keys(files)
    const fromFiles = writeHeadersFile(dir, names, new Set(['/en/old']), ['/api/inbox'])
    const written = readFileSync(join(dir, '_headers'), 'utf8')
    rmSync(join(dir, '_headers'))
    // What the renderers hand over for the pages they wrote (not the redirect stub).
    const known = new Map(
      ['index.html', 'contact.html'].map((f) => [
        f,
        analysePage(f, readFileSync(join(dir, f), 'utf8')),
      ]),
    )
    // Files on disk are not read for those: change them, the result must not change.
    writeFileSync(join(dir, 'contact.html'), page(''))
    const fromRenderers = writeHeadersFile(dir, names, new Set(['/en/old']), ['/api/inbox'], known)
    expect(fromRenderers).toEqual(fromFiles)
    expect(fromFiles.errors).toEqual([
      expect.stringMatching(/^dist\/client\/contact\.html: style=.* would be blocked/),
    ])
    expect(readFileSync(join(dir, '_headers'), 'utf8')).toBe(written)
    rmSync(dir, { recursive: true, force: true })
  })
})
