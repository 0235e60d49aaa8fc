// What the search index is made of: which pages, and the ratings rows as records of their own.

import { createHash } from 'node:crypto'
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { listFiles } from '../../scripts/lib/files.ts'
import { analysePage } from '../../scripts/lib/pipeline/pageAnalysis.ts'
import { ratingsRecords, textOf } from '../../scripts/lib/pipeline/ratingsRecords.ts'
import { type IndexedPage, searchDocument } from '../../scripts/lib/pipeline/searchDocument.ts'
import {
  searchablePages,
  sortEntryLanguages,
  writeSearchIndex,
} from '../../scripts/lib/pipeline/searchIndex.ts'
import type { RouteTable } from '../../templates/content.ts'
import { hitsOf } from '../../templates/lib/search.client.ts'

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

const built = (main: string, lang = 'fr') =>
  `<!DOCTYPE html><html lang="${lang}"><head><title>Transfo 24</title><script>x()</script></head><body><header><nav><a href="/">Accueil</a></nav></header>${main}<footer>Tunisie</footer></body></html>`
const catalogue = `<main id="main"><h1 id="t">Transformateurs 24 kV</h1><p>Immergés.</p>${table.slice('<main>'.length, -'</main>'.length)}<p>Sur mesure.</p></main>`

describe('what Pagefind reads of a page', () => {
  const doc = searchDocument(built(catalogue), {
    lang: 'fr',
    url: '/transformateur_dist_24',
    file: 'transformateur_dist_24.html',
  })

  it('keeps the language, the title and <main>, without the header, footer and scripts', () => {
    expect(doc).toMatch(/^<!DOCTYPE html><html lang="fr"><head><title>Transfo 24<\/title><\/head>/)
    expect(doc).toContain('<h1 id="t">Transformateurs 24 kV</h1><p>Immergés.</p>')
    for (const gone of ['Accueil', 'Tunisie', 'x()']) expect(doc).not.toContain(gone)
  })

  it('replaces each ratings table by its rows, at the end of <main>, each from an anchor', () => {
    expect(doc).not.toContain('<table')
    const rows = doc.slice(doc.indexOf('Sur mesure.'))
    expect(rows).toContain(
      '<p><ratings-row id="t-r1250">Transformateurs 24 kV — 1\u202f250 kVA</ratings-row> Puissance assignée (kVA)\u00a0: 1250 kVA. Pertes (W), À vide\u00a0: 855. Tension de court-circuit (%)\u00a0: 6,0.</p></main>',
    )
    // No metadata: the row's title is the text of the element that opens it.
    expect(rows).not.toContain('data-pagefind-meta')
  })

  it('leaves a page without ratings as it was, apart from what is outside <main>', () => {
    const plain = searchDocument(built('<main><p>Contact</p></main>', 'en'), {
      lang: 'en',
      url: '/en/contact',
      file: 'en/contact.html',
    })
    expect(plain).toBe(
      '<!DOCTYPE html><html lang="en"><head><title>Transfo 24</title></head><body><main><p>Contact</p></main></body></html>',
    )
  })
})

describe('the index Pagefind writes', () => {
  it('holds both languages, each page once, the rows at their anchors, the same twice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'search-index-'))
    const cache = join(dir, 'cache')
    try {
      mkdirSync(join(dir, 'en'))
      writeFileSync(join(dir, 'transformateur_dist_24.html'), built(catalogue))
      writeFileSync(join(dir, 'en/distribution_transformer_24.html'), built(catalogue, 'en'))
      const routes = {
        routes: [
          {
            id: 'dist-24',
            template: 'page',
            fr: { path: '/transformateur_dist_24' },
            en: { path: '/en/distribution_transformer_24' },
          },
        ],
        redirects: [],
        menu: [],
      } as unknown as RouteTable
      const index = async (
        cacheDir: string | null,
        documents?: (page: IndexedPage) => Uint8Array | undefined,
      ) => {
        rmSync(join(dir, 'pagefind'), { recursive: true, force: true })
        expect(await writeSearchIndex(dir, routes, cacheDir, documents)).toEqual({ fr: 1, en: 1 })
        return listFiles(join(dir, 'pagefind'))
          .map((f) => join(dir, 'pagefind', f))
          .map((f) => `${f}:${createHash('sha1').update(readFileSync(f)).digest('hex')}`)
          .concat(readFileSync(join(dir, 'pagefind/pagefind-entry.json'), 'utf8'))
      }
      const first = await index(null)
      const entry = JSON.parse(readFileSync(join(dir, 'pagefind/pagefind-entry.json'), 'utf8'))
      expect(Object.keys(entry.languages)).toEqual(['en', 'fr'])
      expect(readdirSync(join(dir, 'pagefind')).filter((f) => f.startsWith('.'))).toEqual([])
      const fragments = readdirSync(join(dir, 'pagefind/fragment')).map(
        (f) =>
          JSON.parse(
            gunzipSync(readFileSync(join(dir, 'pagefind/fragment', f)))
              .toString()
              .replace(/^pagefind_dcd/, ''),
          ) as {
            url: string
            meta: Record<string, string>
            anchors: { element: string; id: string; text: string }[]
          },
      )
      expect(fragments.map((f) => f.url).sort()).toEqual([
        '/en/distribution_transformer_24',
        '/transformateur_dist_24',
      ])
      for (const f of fragments) {
        expect(f.meta.title).toBe('Transformateurs 24 kV')
        // What the search page reads a row from: the anchor's element, id and text.
        expect(f.anchors.filter((a) => a.element === 'ratings-row')).toEqual([
          expect.objectContaining({
            id: 't-r1250',
            text: 'Transformateurs 24 kV — 1\u202f250 kVA',
          }),
        ])
      }
      // Pagefind again: the same files; then through the cache (stored, then read): the same.
      expect(await index(null)).toEqual(first)
      expect(await index(cache)).toEqual(first)
      const stored = readdirSync(cache).sort()
      // The documents as the renderers make them (pageAnalysis.ts): the same key, a cache hit.
      let handed = 0
      const fromRenderer = (page: IndexedPage) => {
        handed++
        return analysePage(page.file, readFileSync(join(dir, page.file), 'utf8'), page).search
      }
      expect(await index(cache, fromRenderer)).toEqual(first)
      expect(handed).toBe(2)
      expect(readdirSync(cache).sort()).toEqual(stored)
      expect(stored).toEqual([expect.stringMatching(/^en-/), expect.stringMatching(/^fr-/)])
      expect(await index(cache)).toEqual(first)
      // The site's files are the cache's under a second name; an entry missing a file is a miss.
      const fragment = readdirSync(join(dir, 'pagefind/fragment'))[0] ?? ''
      expect(statSync(join(dir, 'pagefind/fragment', fragment)).nlink).toBe(2)
      for (const entry of stored)
        rmSync(join(cache, entry, 'files/fragment', fragment), { force: true })
      expect(await index(cache)).toEqual(first)
      // A French page changes: French is indexed anew (its old entry replaced), English is kept.
      writeFileSync(
        join(dir, 'transformateur_dist_24.html'),
        built(catalogue.replace('Immergés.', 'Immergés dans l’huile.')),
      )
      const changed = await index(cache)
      expect(changed).not.toEqual(first)
      const now = readdirSync(cache).sort()
      expect(now[0]).toBe(stored[0])
      expect(now[1]).not.toBe(stored[1])
      expect(now).toHaveLength(2)
      expect(await index(null)).toEqual(changed)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})

describe('results on the search page', () => {
  // Words 0-3: the page's text; 4-8 and 9-13: two rows (anchors at 4 and 9).
  const page = {
    url: '/p',
    content: 'Cuves huile minérale. 1 250 kVA huile 855. 1 600 kVA huile 900.',
    meta: { title: 'Page' },
    anchors: [
      { element: 'ratings-row', id: 'a', text: 'Row 1250', location: 4 },
      { element: 'ratings-row', id: 'b', text: 'Row 1600', location: 9 },
      { element: 'h2', id: 'h', text: 'Cuves', location: 0 },
    ],
  }
  const at = (...words: number[]) => new Map([['p1', words]])
  const result = (...words: number[]) => ({ id: 'p1', words, data: async () => page })

  it('lists the page when its own text has every word, and each row that has them all', () => {
    // "huile": on the page (1), in both rows (7, 12)
    const hits = hitsOf(result(1, 7, 12), page, [at(1, 7, 12)])
    expect(hits.map((h) => [h.url, h.title])).toEqual([
      ['/p', 'Page'],
      ['/p#a', 'Row 1250'],
      ['/p#b', 'Row 1600'],
    ])
  })

  it('lists a row only when that row has every word of the query', () => {
    // "huile 900": huile everywhere, 900 only in the second row (word 13)
    const hits = hitsOf(result(1, 7, 12, 13), page, [at(1, 7, 12), at(13)])
    expect(hits.map((h) => h.url)).toEqual(['/p#b'])
  })
})
