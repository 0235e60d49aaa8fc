// The ratings tables of spec section 3: every kVA row and every column in content/data/ratings.yaml,
// figures consistent with the standards they are said to come from, and every row shown on the
// built pages of both languages (dist/client; the site is built first when there is none).
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { loadContent, projectDirs } from '../../scripts/lib/content/load.ts'
import { fileForPath } from '../../scripts/lib/pipeline/staticFiles.ts'
import type { PageContent, RouteTable } from '../../templates/content.ts'
import type { RatingsTable, ThreePhaseRating } from '../../templates/lib/catalogueData.ts'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const readYaml = <T>(file: string): T => parse(readFileSync(join(repo, file), 'utf8')) as T

/** Spec section 3, "Static product data". */
const SPEC_ROWS: Record<string, number[]> = {
  'dist-24': [50, 100, 160, 250, 315, 400, 500, 630, 800, 1000, 1250, 1600],
  'dist-36': [50, 100, 160, 200, 250, 315, 400, 500, 630, 800, 1000, 1250, 1600, 2000, 2500, 3150],
  power: [4000, 5000, 6300, 8000, 10000, 12000, 15000, 20000, 25000, 26000],
  'single-phase': [25, 50, 75, 100, 150, 210],
}
const THREE_PHASE_COLUMNS = [
  'noLoadLoss',
  'loadLoss',
  'noLoadCurrent',
  'impedance',
  'dropPf08',
  'dropPf1',
  'efficiency50',
  'efficiency75',
  'efficiency100',
  'length',
  'width',
  'height',
  'wheelBase',
  'oilWeight',
  'totalWeight',
]
const SINGLE_PHASE_COLUMNS = ['length', 'width', 'height', 'oilWeight', 'totalWeight']

/** EN 50588-1 / EU 548/2014 Tier 2 maxima for Um <= 24 kV: kVA -> [load losses Ak, no-load Ao-10 %] (W). */
const TIER2: Record<number, [number, number]> = {
  50: [750, 81],
  100: [1250, 130],
  160: [1750, 189],
  250: [2350, 270],
  315: [2800, 324],
  400: [3250, 387],
  500: [3900, 459],
  630: [4600, 540],
  800: [6000, 585],
  1000: [7600, 693],
  1250: [9500, 855],
  1600: [12000, 1080],
  2000: [15000, 1305],
  2500: [18500, 1575],
  3150: [23000, 1980],
}

const { tables } = readYaml<{ tables: RatingsTable[] }>('content/data/ratings.yaml')
const tableById = (id: string) => {
  const t = tables.find((x) => x.id === id)
  if (!t) throw new Error(`no table ${id}`)
  return t
}

describe('content/data/ratings.yaml', () => {
  it('holds exactly the four tables of spec section 3, each marked indicative', () => {
    expect(tables.map((t) => t.id).sort()).toEqual(Object.keys(SPEC_ROWS).sort())
    for (const t of tables) expect(t.indicative, t.id).toBe(true)
  })

  it.each(Object.entries(SPEC_ROWS))('%s has every kVA row of the spec, in order', (id, kva) => {
    expect(tableById(id).rows.map((r) => r.kva)).toEqual(kva)
  })

  it.each(Object.keys(SPEC_ROWS))('%s has every column of the spec in every row', (id) => {
    const table = tableById(id)
    const columns = table.kind === 'single-phase' ? SINGLE_PHASE_COLUMNS : THREE_PHASE_COLUMNS
    expect(table.kind).toBe(id === 'single-phase' ? 'single-phase' : 'three-phase')
    for (const row of table.rows)
      expect(Object.keys(row).sort(), `${id} ${row.kva} kVA`).toEqual(['kva', ...columns].sort())
  })

  it('distribution losses do not exceed the EN 50588-1 Tier 2 maxima (36 kV: +15 % no-load, +10 % load)', () => {
    for (const [id, noLoadFactor, loadFactor] of [
      ['dist-24', 1, 1],
      ['dist-36', 1.15, 1.1],
    ] as const)
      for (const row of tableById(id).rows as ThreePhaseRating[]) {
        const [ak, ao] = tier2At(row.kva)
        expect(row.noLoadLoss, `${id} ${row.kva} kVA P0`).toBeLessThanOrEqual(ao * noLoadFactor)
        expect(row.loadLoss, `${id} ${row.kva} kVA Pk`).toBeLessThanOrEqual(ak * loadFactor)
        expect(row.impedance).toBe(row.kva <= 630 ? 4 : 6)
      }
  })

  it('voltage drop and efficiency agree with the losses and the impedance', () => {
    for (const table of tables.filter((t) => t.kind === 'three-phase'))
      for (const row of table.rows as ThreePhaseRating[]) {
        const expected = derived(row)
        for (const [key, value] of Object.entries(expected))
          expect(
            row[key as keyof ThreePhaseRating],
            `${table.id} ${row.kva} kVA ${key}`,
          ).toBeCloseTo(value, 1)
      }
  })

  it('sizes and weights grow with the rating', () => {
    for (const table of tables)
      for (const [a, b] of table.rows.slice(1).map((r, i) => [table.rows[i], r] as const)) {
        expect(b?.totalWeight, `${table.id} ${b?.kva}`).toBeGreaterThan(a?.totalWeight ?? 0)
        expect(b?.oilWeight, `${table.id} ${b?.kva}`).toBeGreaterThan(a?.oilWeight ?? 0)
        expect(b?.totalWeight ?? 0).toBeGreaterThan(b?.oilWeight ?? 0)
      }
  })
})

describe('the built pages show every row in both languages', { timeout: 240_000 }, () => {
  const client = join(repo, 'dist', 'client')
  beforeAll(() => {
    if (existsSync(join(client, 'index.html'))) return
    // No build yet (fresh clone, unit tests before the build): build the site as npm run build does.
    const run = spawnSync('npx', ['tsx', 'scripts/build.ts'], { cwd: repo, encoding: 'utf8' })
    if (run.status !== 0) throw new Error(`build failed:\n${run.stderr}`)
    // A cold build on a fresh clone takes far longer than vitest's 10 s hook default.
  }, 240_000)

  const routes = readYaml<RouteTable>('content/routes.yaml')
  const { pages } = loadContent(projectDirs(repo))
  const shown: [string, 'fr' | 'en', string][] = routes.routes.flatMap((route) =>
    (['fr', 'en'] as const).flatMap((lang) => {
      // As the templates get it: the English page's table id is the French file's (written once).
      const page = pages[lang][route.id] as PageContent
      return page.blocks
        .filter((b) => b.type === 'ratingsTable')
        .map(
          (b) =>
            [(b as { table: string }).table, lang, route[lang].path] as [
              string,
              'fr' | 'en',
              string,
            ],
        )
    }),
  )

  it('every table is on a page in French and in English', () => {
    for (const id of Object.keys(SPEC_ROWS))
      for (const lang of ['fr', 'en'])
        expect(
          shown.some(([t, l]) => t === id && l === lang),
          `${id} in ${lang}`,
        ).toBe(true)
  })

  it.each(shown)(
    '%s (%s, %s): caption, unit headings, every kVA row with every column',
    (id, lang, path) => {
      const html = readFileSync(join(client, fileForPath(path)), 'utf8')
      const table = /<table class="ratings-table">([\s\S]*?)<\/table>/.exec(html)?.[1]
      expect(table, `a ratings table on ${path}`).toBeDefined()
      const t = table ?? ''
      expect(t).toContain(lang === 'fr' ? 'valeurs indicatives' : 'indicative values')
      const head = /<thead>([\s\S]*?)<\/thead>/.exec(t)?.[1] ?? ''
      const units =
        tableById(id).kind === 'three-phase'
          ? ['(kVA)', '(W)', '(%)', '(mm)', '(kg)']
          : ['(kVA)', '(mm)', '(kg)']
      for (const unit of units) expect(head, `unit ${unit} in the headings`).toContain(unit)
      const rows = [...t.matchAll(/<tr>(<th scope="row"[^>]*>([^<]*)<\/th>[\s\S]*?)<\/tr>/g)]
      expect(rows.map((m) => Number((m[2] ?? '').replace(/[\s\u00a0\u202f,]/g, '')))).toEqual(
        SPEC_ROWS[id],
      )
      const columns =
        tableById(id).kind === 'three-phase' ? THREE_PHASE_COLUMNS : SINGLE_PHASE_COLUMNS
      for (const m of rows) expect((m[1] ?? '').match(/<td /g)?.length).toBe(columns.length)
    },
  )
})

function tier2At(kva: number): [number, number] {
  const exact = TIER2[kva]
  if (exact) return exact
  const keys = Object.keys(TIER2).map(Number)
  const lo = Math.max(...keys.filter((k) => k < kva))
  const hi = Math.min(...keys.filter((k) => k > kva))
  const f = (kva - lo) / (hi - lo)
  const [a0, o0] = TIER2[lo] as [number, number]
  const [a1, o1] = TIER2[hi] as [number, number]
  return [a0 + (a1 - a0) * f, o0 + (o1 - o0) * f]
}

/** Full-load voltage regulation and efficiency at power factor 1 from P0, Pk and Ucc. */
function derived(r: ThreePhaseRating) {
  const va = r.kva * 1000
  const ur = (r.loadLoss / va) * 100
  const ux = Math.sqrt(r.impedance ** 2 - ur ** 2)
  const efficiency = (x: number) => (100 * x * va) / (x * va + r.noLoadLoss + x * x * r.loadLoss)
  return {
    dropPf1: ur + ux ** 2 / 200,
    dropPf08: ur * 0.8 + ux * 0.6 + (ux * 0.8 - ur * 0.6) ** 2 / 200,
    efficiency50: efficiency(0.5),
    efficiency75: efficiency(0.75),
    efficiency100: efficiency(1),
  }
}
