// The JSON-LD of every page (templates/lib/structuredData.ts), made from the real content in both
// languages, and the check the build report runs on it (scripts/lib/report/structuredData.ts):
// Adobe's validator with Google's rules, ours added. The browser test on the built pages is in
// tests/e2e/structured-data.spec.ts.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Validator from '@adobe/structured-data-validator'
import type { Graph, Thing } from 'schema-dts'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { buildModel, fillerFor, getContent } from '../../scripts/lib/content/model.ts'
import { lineIndex, readHtmlDocument } from '../../scripts/lib/report/html.ts'
import type { BuiltPage } from '../../scripts/lib/report/site.ts'
import {
  checkJsonLd,
  checkStructuredData,
  structuredDataValidator,
} from '../../scripts/lib/report/structuredData.ts'
import { breadcrumbOf } from '../../templates/lib/breadcrumb.ts'
import { LANGS, type Lang } from '../../templates/lib/languages.ts'
import { newsItemsOf } from '../../templates/lib/newsItems.ts'
import { makeSiteContext } from '../../templates/lib/SiteContext.tsx'
import { jsonLdText, structuredData } from '../../templates/lib/structuredData.ts'

const ORIGIN = 'https://www.example.com'
const validator = structuredDataValidator(ORIGIN)

type Node = Record<string, unknown> & { '@type': string }

function contextOf(id: string, lang: Lang) {
  const route = getContent().routes.routes.find((r) => r.id === id)
  if (!route) throw new Error(`no route ${id}`)
  return makeSiteContext(buildModel(id, lang, route[lang].path), fillerFor(lang))
}

const nodesOf = (graph: Graph | undefined): Node[] => (graph?.['@graph'] ?? []) as Node[]
const ofType = (graph: Graph | undefined, type: string) =>
  nodesOf(graph).filter((n) => n['@type'] === type)

/** `graph` with `change` applied to the first node of `type`. */
function broken(graph: Graph, type: string, change: (node: Node) => void): string {
  const copy = structuredClone(graph) as unknown as { '@graph': Node[] }
  const node = copy['@graph'].find((n) => n['@type'] === type)
  if (!node) throw new Error(`no ${type}`)
  change(node)
  return JSON.stringify(copy)
}

const pages = getContent()
  .routes.routes.filter((r) => r.template !== 'notFound')
  .flatMap((r) => LANGS.map((lang) => [r.id, lang] as const))

describe('structured data of every page', () => {
  it.each(pages)('%s (%s): no issue; the breadcrumb list is the visible one', async (id, lang) => {
    const ctx = contextOf(id, lang)
    const graph = structuredData(ctx)
    expect(graph).toBeDefined()
    if (!graph) return
    const text = jsonLdText(graph)
    expect(JSON.parse(text)).toEqual(graph)
    expect(await checkJsonLd(text, validator)).toEqual([])
    expect(ofType(graph, 'Organization')).toHaveLength(1)
    expect(ofType(graph, 'WebSite')).toHaveLength(1)
    const [webPage] = ofType(graph, 'WebPage')
    expect(webPage).toMatchObject({ inLanguage: lang, url: ORIGIN + ctx.route[lang].path })
    const lists = ofType(graph, 'BreadcrumbList')
    if (ctx.route.template === 'home') {
      expect(lists).toEqual([])
      return
    }
    expect(lists).toHaveLength(1)
    const items = (lists[0]?.itemListElement ?? []) as Node[]
    expect(items.map((i) => [i.position, i.name, i.item])).toEqual(
      breadcrumbOf(ctx).map((c, i) => [i + 1, c.label, ORIGIN + c.path]),
    )
  })

  it('has the company whole on home, in the page language: its sites (TN), contacts, social profiles', () => {
    for (const lang of LANGS) {
      const { site, t } = contextOf('home', lang)
      const [org] = ofType(structuredData(contextOf('home', lang)), 'Organization')
      expect(org?.name).toBe(site.company.name)
      expect(org?.address).toEqual(
        site.addresses.map((a) => ({
          '@type': 'PostalAddress',
          name: t(a.label),
          streetAddress: a.street,
          postalCode: a.postalCode,
          addressLocality: a.locality,
          addressCountry: 'TN',
        })),
      )
      expect(org?.sameAs).toEqual(site.social.map((s) => s.url))
      const points = org?.contactPoint as Node[]
      expect(points[0]).toMatchObject({
        contactType: t('form.locations.general'),
        telephone: site.contact.phone,
        email: site.contact.email,
      })
      expect(points.some((p) => p.email === site.contact.recruitmentEmail)).toBe(true)
      // Each person a contact card shows, once, under the card's role in this language.
      const people = getContent().data.contacts.people
      const shown = points.filter((p) => p.name)
      expect(shown.length).toBeGreaterThan(3)
      for (const p of shown)
        expect(people.find((x) => x.name === p.name)).toMatchObject({ phone: p.telephone })
      expect(new Set(shown.map((p) => p.name)).size).toBe(shown.length)
    }
    const [fr] = ofType(structuredData(contextOf('home', 'fr')), 'Organization')
    const [en] = ofType(structuredData(contextOf('home', 'en')), 'Organization')
    expect(fr?.description).not.toBe(en?.description)
    // Elsewhere, the company by its @id with what identifies it.
    const [other] = ofType(structuredData(contextOf('contact', 'en')), 'Organization')
    expect(Object.keys(other ?? {})).toEqual(['@type', '@id', 'name', 'url', 'logo'])
    expect(other?.['@id']).toBe(fr?.['@id'])
  })

  it('gives the news page one NewsArticle per item: headline, date, photos on the site', () => {
    for (const lang of LANGS) {
      const ctx = contextOf('news', lang)
      const items = newsItemsOf(ctx.page, ctx.data)
      const articles = ofType(structuredData(ctx), 'NewsArticle')
      expect(items.length).toBeGreaterThanOrEqual(12)
      expect(articles.map((a) => [a.headline, a.datePublished, a.image])).toEqual(
        items.map((i) => [ctx.fill(i.title), i.date, i.images.map((im) => ORIGIN + im.src)]),
      )
    }
    expect(ofType(structuredData(contextOf('home', 'fr')), 'NewsArticle')).toEqual([])
  })

  it('gives a not-found page none, and no value can close its script element', () => {
    const notFound = getContent().routes.routes.find((r) => r.template === 'notFound')
    if (notFound) expect(structuredData(contextOf(notFound.id, 'fr'))).toBeUndefined()
    const graph = {
      '@context': 'https://schema.org',
      '@graph': [{ '@type': 'Thing', name: '</script><!--' }],
    } satisfies { '@graph': Thing[] } & Graph
    const text = jsonLdText(graph)
    expect(text).not.toMatch(/</)
    expect(JSON.parse(text)).toEqual(graph)
  })
})

describe('the check of structured data fails on a broken value', () => {
  const news = structuredData(contextOf('news', 'en')) as Graph
  const contact = structuredData(contextOf('contact', 'fr')) as Graph
  const home = structuredData(contextOf('home', 'fr')) as Graph
  const issues = (text: string) => checkJsonLd(text, validator)

  it('a breadcrumb item without its URL', async () => {
    const text = broken(contact, 'BreadcrumbList', (n) => {
      delete (n.itemListElement as Node[])[0]?.item
    })
    expect(await issues(text)).toContainEqual({
      severity: 'error',
      message:
        'structured data: BreadcrumbList.itemListElement[0]: Required attribute "item" is missing',
    })
  })

  it('a breadcrumb link off the site, or relative', async () => {
    for (const url of ['https://elsewhere.example/', '/contact']) {
      const text = broken(contact, 'BreadcrumbList', (n) => {
        const first = (n.itemListElement as Node[])[0]
        if (first) first.item = url
      })
      expect((await issues(text)).map((i) => i.message)).toContainEqual(
        `structured data: BreadcrumbList.itemListElement[0]: "item" must be an absolute URL on the site's address ${ORIGIN} (got ${JSON.stringify(url)})`,
      )
    }
  })

  it('a date that is not a date', async () => {
    for (const date of ['June 2025', '2025-02-30', '2025-13']) {
      const text = broken(news, 'NewsArticle', (n) => {
        n.datePublished = date
      })
      expect(await issues(text)).toEqual([
        {
          severity: 'error',
          message: `structured data: NewsArticle: "datePublished" must be an ISO 8601 date, e.g. 2025-06-02 (got ${JSON.stringify(date)})`,
        },
      ])
    }
  })

  it('a missing headline, a missing image', async () => {
    const noHeadline = broken(news, 'NewsArticle', (n) => {
      delete n.headline
    })
    expect(await issues(noHeadline)).toEqual([
      {
        severity: 'error',
        message: 'structured data: NewsArticle: Required attribute "headline" is missing',
      },
    ])
    const noImage = broken(news, 'NewsArticle', (n) => {
      delete n.image
    })
    expect((await issues(noImage)).map((i) => i.message)).toEqual([
      'structured data: NewsArticle: Required attribute "image" is missing',
    ])
  })

  it('an address without its country code, a contact without a way to reach it', async () => {
    const text = broken(home, 'Organization', (n) => {
      const [address] = n.address as Node[]
      if (address) address.addressCountry = 'Tunisie'
      const [point] = n.contactPoint as Node[]
      if (point) {
        delete point.telephone
        delete point.email
      }
    })
    const messages = (await issues(text)).map((i) => i.message)
    expect(messages).toContain(
      'structured data: Organization.address[0]: "addressCountry" must be a two-letter ISO 3166-1 code, e.g. TN (got "Tunisie")',
    )
    expect(
      messages.some((m) =>
        m.startsWith(
          'structured data: Organization.contactPoint[0]: One of the following conditions',
        ),
      ),
    ).toBe(true)
  })

  it('a block that is not JSON', async () => {
    expect((await issues('{"@context": "https://schema.org", ')).map((i) => i.severity)).toEqual([
      'error',
    ])
  })
})

describe('the check of structured data across builds (its cache)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'structured-data-cache-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const contact = structuredData(contextOf('contact', 'fr')) as Graph
  const news = structuredData(contextOf('news', 'en')) as Graph
  /** A built page holding `text` as its JSON-LD, as the report reads it. */
  const page = (file: string, text: string): BuiltPage => {
    const html = `<!doctype html>\n<html><head>\n<script type="application/ld+json">${text}</script></head></html>`
    return {
      file,
      label: `dist/client/${file}`,
      path: `/${file}`,
      doc: readHtmlDocument(html),
      positionOf: lineIndex(html),
    }
  }
  /** The findings with and without the cache, and how many nodes Adobe's validator was given. */
  async function check(pages: BuiltPage[]) {
    const validate = vi.spyOn(Validator.prototype, 'validate')
    const cached = await checkStructuredData(pages, ORIGIN, dir)
    const checked = validate.mock.calls.length
    validate.mockRestore()
    return { cached, checked, uncached: await checkStructuredData(pages, ORIGIN) }
  }
  /** The distinct nodes of the graphs (a node the same on two pages is checked once). */
  const nodes = (...graphs: Graph[]) =>
    new Set(graphs.flatMap((g) => nodesOf(g).map((n) => JSON.stringify(n)))).size
  const noHeadline = broken(news, 'NewsArticle', (n) => {
    delete n.headline
  })

  it('checks a node once: an unchanged graph is not checked again, a changed one is, and a problem found before is still reported', async () => {
    const first = [page('contact.html', jsonLdText(contact)), page('en/news.html', noHeadline)]
    const cold = await check(first)
    expect(cold.checked).toBe(nodes(contact, news))
    expect(cold.cached).toEqual(cold.uncached)
    expect(cold.cached.map((f) => f.message)).toContain(
      'structured data: NewsArticle: Required attribute "headline" is missing',
    )

    const warm = await check(first)
    expect(warm.checked).toBe(0)
    expect(warm.cached).toEqual(cold.uncached)

    // One node of the contact page changes: that node alone is checked, and its new problem found.
    const changed = broken(contact, 'BreadcrumbList', (n) => {
      delete (n.itemListElement as Node[])[0]?.item
    })
    const edited = await check([page('contact.html', changed), page('en/news.html', noHeadline)])
    expect(edited.checked).toBe(1)
    expect(edited.cached).toEqual(edited.uncached)
    expect(edited.cached.map((f) => f.message)).toContain(
      'structured data: BreadcrumbList.itemListElement[0]: Required attribute "item" is missing',
    )
  })

  it('checks again what a corrupt cache file holds, and another site address', async () => {
    const pages = [page('contact.html', jsonLdText(contact))]
    await check(pages)
    for (const name of readdirSync(dir)) writeFileSync(join(dir, name), '{"not": "an entry"')
    const corrupt = await check(pages)
    expect(corrupt.checked).toBe(nodes(contact))
    expect(corrupt.cached).toEqual(corrupt.uncached)
    const validate = vi.spyOn(Validator.prototype, 'validate')
    const elsewhere = await checkStructuredData(pages, 'https://other.example', dir)
    expect(validate.mock.calls.length).toBe(nodes(contact))
    validate.mockRestore()
    expect(elsewhere).toEqual(await checkStructuredData(pages, 'https://other.example'))
  })
})
