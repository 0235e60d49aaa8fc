// `npm run bench -- --build-scale[=0,50,500]`: builds generated copies of the content with N
// extra catalogue pages per language and prints fixed cost, cost per page, CPU use and peak
// memory against the targets (design.md section 8, set by issue 19): the editor's rebuild (warm)
// and CI's build from nothing (cold) each have their own.
import { table } from './budgets.ts'
import { cores, fitLine, measureScale, type ScalePoint, TEMPLATE_PAGE } from './scale.ts'

/** The build's steps shown (ms each); the images are drawn alongside the code build and the
 * prerender (the pages rendered in parallel processes). */
const STEPS = [
  'validate',
  'code build',
  'prerender',
  'images (alongside)',
  'search index',
  'headers',
  'report',
]

/** The report's checks (scripts/lib/report/report.ts), each timed within the step `report`. */
const REPORT_PARTS = ['pages', 'links', 'pdfs', 'hreflang', 'sitemap', 'structured data'].map(
  (part) => `report: ${part}`,
)

/** The kinds of process whose CPU time is shown (treeMemory.ts processKind()), in this order. */
const KINDS = ['build', 'code build', 'renderers', 'Pagefind', 'other']

/**
 * Warm: what an editor waits for. Cold: CI, which also draws every share card and indexes every
 * page for the search, work the peers (Astro, Eleventy, Hugo) do not do: the like-for-like part
 * (content check plus rendering) is printed beside it.
 */
export const SCALE_TARGETS = {
  warm: { fixedMs: 1500, perPageMs: 3.5, peakRssMb: 500 },
  cold: { fixedMs: 4000, perPageMs: 10, peakRssMb: 1000 },
} as const

export async function benchBuildScale(codeRoot: string, args: string[]): Promise<void> {
  const arg = args.find((a) => a.startsWith('--build-scale='))
  const sizes = arg ? arg.slice('--build-scale='.length).split(',').map(Number) : [0, 50, 500]
  const runsArg = args.find((a) => a.startsWith('--scale-runs='))
  const repeat = runsArg ? Math.max(1, Number(runsArg.slice('--scale-runs='.length))) : 3
  const runs: { cold: ScalePoint; warm: ScalePoint }[] = []
  for (const extra of sizes) {
    console.error(
      `building with ${extra} extra pages per language (cold, then warm; ${repeat} times)...`,
    )
    runs.push(await measureScale(codeRoot, extra, repeat))
  }
  console.log(
    `## Build cost against size (copies of ${TEMPLATE_PAGE}, both languages; ${cores()} cores; median of ${repeat} runs, peak memory the highest)\n`,
  )
  for (const kind of ['cold', 'warm'] as const)
    printRuns(
      kind === 'cold'
        ? 'Cold: a fresh copy, no cache: code bundled, every share card and image drawn (as on CI)'
        : 'Warm: the same copy rebuilt, bundles and images from the caches (as an editor rebuilds)',
      runs.map((r) => r[kind]),
      SCALE_TARGETS[kind],
    )
}

function printRuns(
  title: string,
  points: ScalePoint[],
  targets: (typeof SCALE_TARGETS)[keyof typeof SCALE_TARGETS],
): void {
  console.log(`### ${title}\n`)
  console.log(
    table(
      ['extra pages', 'routes', 'wall ms', 'CPU ms', ...STEPS, 'CPU/wall', 'peak MB', 'caches'],
      points.map((p) => [
        p.extra,
        p.pages,
        p.wallMs,
        p.cpuMs,
        ...STEPS.map((step) => p.timings[step] ?? ''),
        p.cpuPerWall,
        p.peakRssMb,
        Object.entries(p.caches)
          .map(([cache, state]) => `${cache} ${state}`)
          .join(', '),
      ]),
    ),
  )
  console.log(`\n${stepCosts(points)}`)
  const fit = fitLine(points.map((p) => ({ pages: p.pages, ms: p.wallMs })))
  const cpu = fitLine(points.map((p) => ({ pages: p.pages, ms: p.cpuMs })))
  const peak = Math.max(...points.map((p) => p.peakRssMb))
  console.log(
    `\nfixed cost ${(fit.fixedMs / 1000).toFixed(2)} s (target ≤ ${targets.fixedMs / 1000} s), ` +
      `${fit.perPageMs.toFixed(2)} ms per route (target ≤ ${targets.perPageMs} ms), ` +
      `peak memory ${peak} MB, whole process tree (target < ${targets.peakRssMb} MB)`,
  )
  // The peers' work: the content check and the rendering, without the share cards, the images
  // and the search index (which run beside or after them).
  const likeForLike = fitLine(
    points.map((p) => ({
      pages: p.pages,
      ms: (p.timings.validate ?? 0) + (p.timings.prerender ?? 0),
    })),
  )
  console.log(
    `like for like (content check + rendering, the peers' work): ${(likeForLike.fixedMs / 1000).toFixed(2)} s fixed, ` +
      `${likeForLike.perPageMs.toFixed(2)} ms per route`,
  )
  console.log(
    `CPU time: ${(cpu.fixedMs / 1000).toFixed(2)} s fixed, ${cpu.perPageMs.toFixed(2)} ms per route ` +
      '(wall time on a busy machine overstates both; CPU/wall near 1 means one core)',
  )
  console.log(`CPU time by process (sampled every 100 ms): ${cpuByKind(points)}\n`)
}

/**
 * Each step's fixed cost and cost per route (wall time, a line through the sizes), the report's
 * checks each on its own: where a route's time goes.
 */
export function stepCosts(points: ScalePoint[]): string {
  const rows = [...STEPS, ...REPORT_PARTS]
    .filter((step) => points.some((p) => p.timings[step] !== undefined))
    .map((step) => {
      const fit = fitLine(points.map((p) => ({ pages: p.pages, ms: p.timings[step] ?? 0 })))
      return [step, Math.round(fit.fixedMs), fit.perPageMs.toFixed(3)]
    })
  return table(['step', 'fixed ms', 'ms per route'], rows)
}

/**
 * Fixed cost and cost per route of each kind of process, from its CPU time: what a route costs
 * the build itself (content check, share cards, headers, report), the renderers and Pagefind.
 * Their sum per route, halved, is the least wall time per route two cores can take.
 */
export function cpuByKind(points: ScalePoint[]): string {
  const fits = KINDS.map((kind) => ({
    kind,
    ...fitLine(points.map((p) => ({ pages: p.pages, ms: p.cpuByKind[kind] ?? 0 }))),
  })).filter((f) => f.fixedMs !== 0 || f.perPageMs !== 0)
  const perRoute = fits.reduce((sum, f) => sum + f.perPageMs, 0)
  return `${fits
    .map((f) => `${f.kind} ${(f.fixedMs / 1000).toFixed(2)} s + ${f.perPageMs.toFixed(2)} ms/route`)
    .join(
      '; ',
    )} (per route ${perRoute.toFixed(2)} ms of CPU: at best ${(perRoute / cores()).toFixed(2)} ms of wall time on ${cores()} cores)`
}
