// The speed checks that need no browser: formatter and i18next caching, the bench's
// line fit and its scripts-stripped copy of a page, the hydration strategy per island.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { homeJsChecks } from '../../scripts/bench/budgets.ts'
import { fitLine } from '../../scripts/bench/scale.ts'
import { withoutScripts } from '../../scripts/bench/stripped.ts'
import { heroKeyframes } from '../../templates/layout/PageStyle.tsx'
import { formatValue, numberFormat } from '../../templates/lib/format.ts'
import { ENHANCED_ISLANDS, HYDRATE_BY_ISLAND } from '../../templates/lib/hydration.ts'
import { createT } from '../../templates/lib/SiteContext.tsx'

describe('formatters', () => {
  it('makes one Intl.NumberFormat per language and options, and formats per language', () => {
    expect(numberFormat('fr', { maximumFractionDigits: 3 })).toBe(
      numberFormat('fr', { maximumFractionDigits: 3 }),
    )
    expect(numberFormat('fr')).not.toBe(numberFormat('en'))
    expect(numberFormat('fr', { minimumFractionDigits: 2 })).not.toBe(numberFormat('fr'))
    expect(formatValue(1966.5, 'en')).toBe('1,966.5')
    expect(formatValue(1966.5, 'fr')).toBe('1\u202f966,5')
  })
})

describe('i18next', () => {
  it('shares one instance per strings object, and still fails on a missing key', () => {
    const strings = { a: { b: 'B' } }
    const t = createT('en', strings)
    expect(createT('en', strings)).toBe(t)
    expect(createT('en', { a: { b: 'other' } })).not.toBe(t)
    expect(t('a.b')).toBe('B')
    expect(() => t('a.missing')).toThrow(/Missing UI string "a.missing"/)
  })
})

describe('bench', () => {
  it('fits fixed cost and cost per page through measured points', () => {
    const fit = fitLine([
      { pages: 50, ms: 4000 + 50 * 5 },
      { pages: 150, ms: 4000 + 150 * 5 },
      { pages: 1050, ms: 4000 + 1050 * 5 },
    ])
    expect(fit.fixedMs).toBeCloseTo(4000)
    expect(fit.perPageMs).toBeCloseTo(5)
  })

  it("checks home's JS before interaction in each language, and only home's", () => {
    const weight = (path: string, jsGz: number) =>
      ({ path, jsGz, htmlGz: 0, jsFiles: 1, requests: 1, islands: 1, status: 200 }) as const
    const checks = homeJsChecks(
      [weight('/', 4800), weight('/en', 60_000), weight('/contact', 80_000)],
      ['/', '/en'],
    )
    expect(checks.map((c) => [c.ok, c.label])).toEqual([
      [true, 'JS on home ≤ 10.0 kB: 4.8 kB (/)'],
      [false, 'JS on home ≤ 10.0 kB: 60.0 kB (/en)'],
    ])
  })

  it('strips every script and module preload of a page, and nothing else', () => {
    const html =
      '<html><head><script>document.documentElement.className="js"</script>' +
      '<link rel="modulepreload" href="/a.js"><link rel="stylesheet" href="/s.css"></head>' +
      '<body><p>Text</p><script type="module" src="/c.js" async></script></body></html>'
    expect(withoutScripts(html)).toBe(
      '<html><head><link rel="stylesheet" href="/s.css"></head><body><p>Text</p></body></html>',
    )
  })
})

describe('hydration strategies', () => {
  it('names a strategy for every island, and only islands that exist', () => {
    const islands = readdirSync(new URL('../../templates/islands/', import.meta.url))
      .filter((f) => f.endsWith('.tsx'))
      .map((f) => f.replace(/\.tsx$/, ''))
      .sort()
    expect(Object.keys(HYDRATE_BY_ISLAND).sort()).toEqual(islands)
    expect(HYDRATE_BY_ISLAND.Carousel).toBe('visible')
    expect(HYDRATE_BY_ISLAND.CertificateTabs).toBe('interaction')
  })
})

describe('islands enhanced without React', () => {
  const dir = new URL('../../templates/islands/', import.meta.url)
  const scripts = readdirSync(dir).filter((f) => f.endsWith('.client.ts'))

  it('are exactly the islands with a .client.ts script', () => {
    expect(scripts.map((f) => f.replace(/\.client\.ts$/, '')).sort()).toEqual(
      [...ENHANCED_ISLANDS].sort(),
    )
    for (const name of ['AwardPopup', 'Carousel', 'Counters', 'TypedWord'])
      expect(ENHANCED_ISLANDS.has(name)).toBe(true)
  })

  it('import neither React nor swiper/react, nor any module that renders JSX', () => {
    for (const file of scripts) {
      const imports = [
        ...readFileSync(new URL(file, dir), 'utf8').matchAll(/^import (?!type ).*from '([^']+)'/gm),
      ].map((m) => m[1])
      expect(
        imports.filter((i) => /react|\.tsx$/.test(i ?? '')),
        file,
      ).toEqual([])
    }
  })
})

describe('hero cross-fade', () => {
  it('animates opacity only, hidden until rotation - fade, shown from rotation, out over the last fade', () => {
    expect(heroKeyframes(3000, 1000)).toBe(
      '@keyframes hero-clock{0%,33.333%{opacity:0}50%,83.333%{opacity:1}100%{opacity:0}}',
    )
    expect(heroKeyframes(4000, 500)).toBe(
      '@keyframes hero-clock{0%,43.75%{opacity:0}50%,93.75%{opacity:1}100%{opacity:0}}',
    )
  })
})
