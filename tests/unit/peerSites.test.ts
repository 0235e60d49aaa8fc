// The peers' build bench compares our cost per route with Hugo's and Eleventy's
// on the same pages: the sites it writes for them (scripts/bench/peerSites.ts) must hold every
// route of ours, in both languages, with its text and its ratings table.
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { eleventySite, hugoSite, peerPages } from '../../scripts/bench/peerSites.ts'
import type { SiteContent } from '../../templates/core/content/checkContent.ts'
import { allPagePaths } from '../../templates/lib/siteModel.ts'

const page = (title: string, blocks: unknown[] = []) => ({
  title,
  description: `${title}: summary`,
  blocks,
})

/** A small site: home (with an alias in English), a catalogue page under it, the 404 page. */
const content = {
  routes: {
    routes: [
      { id: 'home', template: 'home', fr: { path: '/' }, en: { path: '/en', aliases: ['/en_f'] } },
      {
        id: 'dist',
        template: 'page',
        parent: 'home',
        fr: { path: '/distribution' },
        en: { path: '/en/distribution' },
      },
      { id: 'not-found', template: 'notFound', fr: { path: '/404' }, en: { path: '/en/404' } },
    ],
    redirects: [],
    menu: [{ page: 'home' }, { label: 'nav.productsMenu', children: [{ page: 'dist' }] }],
  },
  site: { siteUrl: 'https://example.tn', company: { name: 'Transfo' }, copyrightYear: 2025 },
  i18n: {
    fr: { nav: { home: 'Accueil', dist: 'Distribution', productsMenu: 'Produits' } },
    en: { nav: { home: 'Home', dist: 'Distribution', productsMenu: 'Products' } },
  },
  facts: { catalogue: { steps: 2 } },
  data: {
    ratings: {
      tables: [
        {
          id: 'mono',
          kind: 'single-phase',
          rows: [
            { kva: 25, length: 500, width: 400, height: 900, oilWeight: 40, totalWeight: 180 },
            { kva: 50, length: 600, width: 450, height: 950, oilWeight: 55, totalWeight: 260 },
          ],
        },
      ],
    },
  },
  pages: Object.fromEntries(
    (['fr', 'en'] as const).map((lang) => [
      lang,
      {
        home: page(`Home ${lang}`),
        dist: page(`Dist ${lang}`, [
          {
            type: 'section',
            id: 'intro',
            heading: `Range ${lang}`,
            paragraphs: [`± {{catalogue.steps}} steps, [contact](page:home) (${lang})`],
          },
          { type: 'ratingsTable', id: 'values', table: 'mono', caption: `Values ${lang}` },
        ]),
        'not-found': page(`Not found ${lang}`),
      },
    ]),
  ),
} as unknown as SiteContent

/** The front matter of each page file of a site, by file name. */
function frontMatters(
  files: Map<string, string>,
  under: string,
): Map<string, Record<string, unknown>> {
  const pages = new Map<string, Record<string, unknown>>()
  for (const [name, text] of files)
    if (name.startsWith(under) && name.endsWith('.md'))
      pages.set(
        name,
        parse(text.split('\n---\n')[0]?.replace(/^---\n/, '') ?? '') as Record<string, unknown>,
      )
  return pages
}

describe('the peers’ sites: the same pages as ours', () => {
  it('has every route of ours once, in both languages, aliases included', () => {
    const pages = peerPages(content)
    expect(pages.map((p) => p.path).sort()).toEqual(allPagePaths(content.routes).sort())
    expect(pages.filter((p) => p.lang === 'en').map((p) => p.title)).toEqual([
      'Home en',
      'Home en',
      'Dist en',
      'Not found en',
    ])
  })

  it('writes one Hugo content file per route, with its path, language and title', () => {
    const files = hugoSite(content)
    const pages = [...frontMatters(files, 'content/').values()]
    expect(pages.map((p) => p.url).sort()).toEqual(allPagePaths(content.routes).sort())
    expect(pages).toContainEqual(
      expect.objectContaining({ url: '/en/distribution', pageLang: 'en', title: 'Dist en' }),
    )
    expect(files.get('layouts/_default/baseof.html')).toContain('partial "menu.html"')
    expect(JSON.parse(files.get('data/frame.json') ?? '{}').en.menu).toEqual([
      { label: 'Home', href: '/en' },
      { label: 'Products', children: [{ label: 'Distribution', href: '/en/distribution' }] },
    ])
  })

  it('writes one Eleventy template per route, with its output file, language and title', () => {
    const files = eleventySite(content)
    const pages = [...frontMatters(files, 'src/').values()]
    expect(pages.map((p) => p.permalink).sort()).toEqual(
      allPagePaths(content.routes)
        .map((path) => `${path.replace(/\/$/, '')}/index.html`)
        .sort(),
    )
    expect(pages).toContainEqual(
      expect.objectContaining({
        permalink: '/distribution/index.html',
        lang: 'fr',
        title: 'Dist fr',
        layout: 'base.njk',
      }),
    )
    expect(files.get('src/_includes/base.njk')).toContain('menu(f.menu, canonical)')
  })

  it('gives each page its text and its ratings table, in its language, as Markdown', () => {
    const fr = hugoSite(content).get('content/fr/dist.md') ?? ''
    expect(fr).toContain('## Range fr')
    expect(fr).toContain('± 2 steps, [contact](/) (fr)')
    expect(fr).toContain('Values fr')
    // A heading row, the alignment row, a row per rating (single-phase: 5 data columns).
    expect(fr.split('\n').filter((l) => l.startsWith('|'))).toHaveLength(4)
    expect(fr).toMatch(/\| 50 \| 600 \| 450 \| 950 \| 55 \| 260 \|/)
    const en = eleventySite(content).get('src/en/dist.md') ?? ''
    expect(en).toContain('[contact](/en) (en)')
    expect(en.split('\n').filter((l) => l.startsWith('|'))).toHaveLength(4)
    expect(en).toContain('breadcrumb:')
  })
})
