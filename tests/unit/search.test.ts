// What the search index is made of: which pages, and the ratings rows as records of their own.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { ratingsRecords, textOf } from '../../scripts/lib/build/ratingsRecords.ts'
import { searchablePages, sortEntryLanguages } from '../../scripts/lib/build/searchIndex.ts'
import type { RouteTable } from '../../templates/content.ts'

const table = `<main><table class="ratings-table"><caption id="c"><span class="caption-text">Transformateurs 24 kV<span class="indicative"> (valeurs indicatives)</span></span></caption>
<thead><tr><th scope="col" rowSpan="2" id="t-kva">Puissance assignée (kVA)</th><th scope="colgroup" colSpan="2" id="t-g-losses">Pertes (W)</th><th scope="col" rowSpan="2" id="t-z">Tension de court-circuit (%)</th></tr>
<tr><th scope="col" id="t-p0" headers="t-g-losses">À vide</th><th scope="col" id="t-l" headers="t-g-losses"><span aria-hidden="true">L</span><span class="visually-hidden">Longueur</span></th></tr></thead>
<tbody><tr><th scope="row" id="t-r1250" headers="t-kva">1\u202f250</th><td headers="t-r1250 t-g-losses t-p0">855</td><td headers="t-r1250 t-g-losses t-l"></td><td headers="t-r1250 t-z">6,0</td></tr></tbody></table></main>`

describe('ratings rows in the search index', () => {
  it('makes one record per row, linking to the row, every value named by its headings', () => {
    expect(ratingsRecords(table, '/transformateur_dist_24', 'fr')).toEqual([
      {
        url: '/transformateur_dist_24#t-r1250',
        language: 'fr',
        meta: { title: 'Transformateurs 24 kV — 1\u202f250 kVA' },
        content:
          'Puissance assignée (kVA)\u00a0: 1250 kVA. Pertes (W), À vide\u00a0: 855. Tension de court-circuit (%)\u00a0: 6,0.',
      },
    ])
  })

  it('reads visible text: short labels hidden from screen readers left out, entities decoded', () => {
    expect(textOf('<span aria-hidden="true">L</span><span>Longueur &amp; largeur</span>')).toBe(
      'Longueur & largeur',
    )
    expect(textOf('1\u202f250 <b>kVA</b>')).toBe('1\u202f250 kVA')
  })

  it('finds no rows on a page without a ratings table', () => {
    expect(
      ratingsRecords('<main><table><tr><th id="x">1</th></tr></table></main>', '/', 'fr'),
    ).toEqual([])
  })
})

describe('pages in the search index', () => {
  const routes = parse(readFileSync('content/routes.yaml', 'utf8')) as RouteTable
  const pages = searchablePages(routes)

  it('indexes every page once per language at its canonical path', () => {
    const indexed = routes.routes.filter((r) => !['not-found', 'search'].includes(r.id))
    expect(pages).toHaveLength(indexed.length * 2)
    expect(pages).toContainEqual({ lang: 'en', url: '/en', file: 'en.html' })
    expect(pages).toContainEqual({ lang: 'fr', url: '/contact', file: 'contact.html' })
  })

  it('leaves out aliases, the not-found pages and the search page itself', () => {
    const urls = pages.map((p) => p.url)
    for (const url of ['/nouscontacter', '/en_f', '/404', '/en/404', '/recherche', '/en/search'])
      expect(urls).not.toContain(url)
  })
})

describe("Pagefind's entry file", () => {
  it('lists the languages in one order whatever order Pagefind wrote them in', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pagefind-entry-'))
    try {
      const file = join(dir, 'pagefind-entry.json')
      const lang = (l: string) => ({ hash: `${l}_1`, wasm: l, page_count: 71 })
      const written = (order: string[]) => {
        writeFileSync(
          file,
          JSON.stringify({
            version: '1.5.2',
            languages: Object.fromEntries(order.map((l) => [l, lang(l)])),
            include_characters: ['_'],
          }),
        )
        sortEntryLanguages(file)
        return readFileSync(file, 'utf8')
      }
      const a = written(['fr', 'en'])
      expect(written(['en', 'fr'])).toBe(a)
      expect(Object.keys(JSON.parse(a).languages)).toEqual(['en', 'fr'])
      expect(JSON.parse(a).include_characters).toEqual(['_'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
