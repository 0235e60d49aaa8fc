// The files a static host needs (redirects, sitemap, robots) and how the preview server answers
// a path the way such a host does.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  fileForPath,
  metaRefreshPage,
  redirectsFile,
  robotsTxt,
  sitemapXml,
} from '../../scripts/lib/pipeline/staticFiles.ts'
import { caseCollisions } from '../../scripts/lib/report/caseCollisions.ts'
import { readRedirects, resolve } from '../../scripts/lib/serve/staticHost.ts'
import type { RouteTable } from '../../templates/content.ts'

const routes: RouteTable = {
  routes: [
    { id: 'home', template: 'home', fr: { path: '/' }, en: { path: '/en', aliases: ['/en_f'] } },
    {
      id: 'contact',
      template: 'page',
      fr: { path: '/contact', aliases: ['/nouscontacter'] },
      en: { path: '/en/contact', aliases: ['/en/contactus'] },
    },
    { id: 'not-found', template: 'notFound', fr: { path: '/404' }, en: { path: '/en/404' } },
  ],
  redirects: [
    { from: '/Contact', to: 'contact', lang: 'fr' },
    { from: '/batterie_condencateur', to: 'home', lang: 'fr' },
  ],
  menu: [],
}
const site = 'https://www.example.com'

describe('static files', () => {
  it('maps page paths to files without an extra directory', () => {
    expect(
      ['/', '/en', '/en/contact', '/Coffret_Protection_Transformateur'].map(fileForPath),
    ).toEqual([
      'index.html',
      'en.html',
      'en/contact.html',
      'Coffret_Protection_Transformateur.html',
    ])
  })

  it('writes _redirects: each redirect as a 301 to the canonical path, no 404 rule (hosts use 404.html)', () => {
    expect(redirectsFile(routes)).toBe('/Contact  /contact  301\n/batterie_condencateur  /  301\n')
  })

  it('lists every page but the not-found page in the sitemap, each with fr, en and x-default alternates', () => {
    const alternates = (fr: string, en: string) =>
      `<xhtml:link rel="alternate" hreflang="fr" href="${site}${fr}"/><xhtml:link rel="alternate" hreflang="en" href="${site}${en}"/><xhtml:link rel="alternate" hreflang="x-default" href="${site}${fr}"/>`
    expect(sitemapXml(routes, site)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
        `<url><loc>${site}/</loc>${alternates('/', '/en')}</url>`,
        `<url><loc>${site}/en</loc>${alternates('/', '/en')}</url>`,
        `<url><loc>${site}/contact</loc>${alternates('/contact', '/en/contact')}</url>`,
        `<url><loc>${site}/en/contact</loc>${alternates('/contact', '/en/contact')}</url>`,
        '</urlset>',
        '',
      ].join('\n'),
    )
  })

  it('finds output paths that differ only by case', () => {
    expect(
      caseCollisions(['contact.html', 'en/a.html', 'Contact.html', 'x.html', 'EN/a.html']),
    ).toEqual([
      ['contact.html', 'Contact.html'],
      ['en/a.html', 'EN/a.html'],
    ])
    expect(caseCollisions(['contact.html', 'nouscontacter.html'])).toEqual([])
  })

  it('writes a meta-refresh page and robots.txt that point at the canonical URLs', () => {
    const page = metaRefreshPage('/batterie_condensateurs', site)
    expect(page).toContain('<meta http-equiv="refresh" content="0; url=/batterie_condensateurs">')
    expect(page).toContain(`<link rel="canonical" href="${site}/batterie_condensateurs">`)
    expect(page).toContain('<meta name="robots" content="noindex">')
    expect(robotsTxt(site)).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${site}/sitemap.xml\n`)
  })
})

describe('preview server resolve()', () => {
  const dir = mkdtempSync(join(tmpdir(), 'static-host-'))
  for (const file of [
    'index.html',
    'contact.html',
    '404.html',
    'en.html',
    'en/contact.html',
    'en/404.html',
    'docs/a.pdf',
  ]) {
    mkdirSync(join(dir, file, '..'), { recursive: true })
    writeFileSync(join(dir, file), file)
  }
  writeFileSync(join(dir, '_redirects'), redirectsFile(routes))
  const redirects = readRedirects(dir)
  const answer = (path: string) => {
    const r = resolve(dir, path, redirects)
    return r.kind === 'redirect'
      ? `${r.status} -> ${r.location}`
      : `${r.status} ${r.file.slice(dir.length + 1)}`
  }

  it('reads the exact-path rules of _redirects, not the 404 wildcards', () => {
    expect(redirects).toEqual([
      { from: '/Contact', to: '/contact', status: 301 },
      { from: '/batterie_condencateur', to: '/', status: 301 },
    ])
  })

  it.each([
    ['/', '200 index.html'],
    ['/contact', '200 contact.html'],
    ['/contact/', '200 contact.html'],
    ['/contact?utm=x', '200 contact.html'],
    ['/en', '200 en.html'],
    ['/en/contact', '200 en/contact.html'],
    ['/docs/a.pdf', '200 docs/a.pdf'],
    ['/Contact', '301 -> /contact'],
    ['/batterie_condencateur', '301 -> /'],
    ['/nope', '404 404.html'],
    ['/en/nope', '404 en/404.html'],
    ['/en/deeper/nope', '404 en/404.html'],
    ['/english', '404 404.html'],
    ['/../../etc/passwd', '404 404.html'],
    ['/%E0%A4%A', '404 404.html'],
    ['/docs', '404 404.html'],
  ])('%s answers %s', (path, expected) => {
    expect(answer(path)).toBe(expected)
  })
})
