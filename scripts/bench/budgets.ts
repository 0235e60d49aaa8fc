// The budgets of /work/shared/design.md section 8, checked on measured figures.
import type { LighthouseScores } from './lighthouse.ts'
import type { PageWeight } from './weights.ts'

export const KB = 1000
export const BUDGETS = {
  /** JavaScript before interaction, gzip, on a page with no island. */
  jsNoIsland: 20 * KB,
  /** JavaScript before interaction, gzip, on the home page in each language (measured 4.8 kB
   * once typed word, popup, counters and carousels no longer need React). */
  jsHome: 10 * KB,
  /** JavaScript before interaction, gzip, on the heaviest page. */
  jsHeaviest: 140 * KB,
  /** validate + prerender + report of the real content. */
  buildMs: 20_000,
  lighthouse: { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 },
  /** LCP at most this much above the same page with its scripts stripped. */
  lcpOverFloor: 0.1,
} as const

/** Page ids Lighthouse runs on: home, content, catalogue with ratings, training, contact, news. */
export const LIGHTHOUSE_PAGES = [
  'home',
  'presentation',
  'transformer-dist-24',
  'training',
  'contact',
  'news',
] as const

/** LCP of a throttled load of the page and of the same page without scripts (and simulated). */
export type LcpFloor = { path: string; lcpMs: number; floorMs: number; simulatedMs?: number }

export function lcpFloorChecks(floors: LcpFloor[]): Check[] {
  return floors.map((f) => ({
    ok: f.lcpMs <= f.floorMs * (1 + BUDGETS.lcpOverFloor),
    label: `LCP on ${f.path} within ${BUDGETS.lcpOverFloor * 100} % of the page without scripts (throttled loads): ${f.lcpMs} ms vs ${f.floorMs} ms`,
  }))
}

export type Check = { ok: boolean; label: string }

export const kb = (bytes: number): string => `${(bytes / KB).toFixed(1)} kB`

export function weightChecks(pages: PageWeight[]): Check[] {
  const checks: Check[] = []
  const plain = pages.filter((p) => p.islands === 0)
  if (plain.length) {
    const worst = plain.reduce((a, b) => (b.jsGz > a.jsGz ? b : a))
    checks.push({
      ok: worst.jsGz <= BUDGETS.jsNoIsland,
      label: `JS on pages with no island ≤ ${kb(BUDGETS.jsNoIsland)}: largest ${kb(worst.jsGz)} (${worst.path}, ${plain.length} pages)`,
    })
  }
  if (pages.length) {
    const heaviest = pages.reduce((a, b) => (b.jsGz > a.jsGz ? b : a))
    checks.push({
      ok: heaviest.jsGz <= BUDGETS.jsHeaviest,
      label: `JS on the heaviest page ≤ ${kb(BUDGETS.jsHeaviest)}: ${kb(heaviest.jsGz)} (${heaviest.path})`,
    })
  }
  const bad = pages.filter((p) => p.status !== 200)
  if (bad.length)
    checks.push({
      ok: false,
      label: `every route answers 200: ${bad.map((p) => `${p.path} ${p.status}`).join(', ')}`,
    })
  return checks
}

/** Home's JS before interaction, per language (`homePaths`: its path in each language). */
export function homeJsChecks(pages: PageWeight[], homePaths: string[]): Check[] {
  return pages
    .filter((p) => homePaths.includes(p.path))
    .map((p) => ({
      ok: p.jsGz <= BUDGETS.jsHome,
      label: `JS on home ≤ ${kb(BUDGETS.jsHome)}: ${kb(p.jsGz)} (${p.path})`,
    }))
}

export function buildChecks(timings: Record<string, number>): Check[] {
  const measured = ['validate', 'prerender', 'report'].reduce((a, k) => a + (timings[k] ?? 0), 0)
  return [
    {
      ok: measured <= BUDGETS.buildMs,
      label: `build (validate + prerender + report) ≤ ${BUDGETS.buildMs / 1000} s: ${(measured / 1000).toFixed(1)} s`,
    },
  ]
}

export function lighthouseChecks(scores: LighthouseScores[]): Check[] {
  return scores.flatMap((s) =>
    (Object.keys(BUDGETS.lighthouse) as (keyof typeof BUDGETS.lighthouse)[]).map((c) => ({
      ok: s[c] >= BUDGETS.lighthouse[c],
      label: `Lighthouse ${c} on ${s.path} ≥ ${BUDGETS.lighthouse[c]}: ${s[c]}`,
    })),
  )
}

/** A markdown table. */
export function table(head: string[], rows: (string | number)[][]): string {
  const cells = [head, ...rows.map((r) => r.map(String))]
  const widths = head.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)))
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`
  return [
    line(head),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...cells.slice(1).map(line),
  ].join('\n')
}
