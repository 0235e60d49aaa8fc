// `npm run bench -- --build-scale[=0,50,500]`: builds generated copies of the content with N
// extra catalogue pages per language and prints fixed cost, cost per page, CPU use and peak
// memory against the targets (design.md section 8): the editor's rebuild (warm)
// and CI's build from nothing (cold) each have their own.
import { table } from './budgets.ts'
import type { PeerName } from './peerSites.ts'
import { findPeers, measurePeers, type Peer, type PeerRuns } from './peers.ts'
import {
  cores,
  fitLine,
  likeForLikeMs,
  measureScale,
  type ScalePoint,
  TEMPLATE_PAGE,
} from './scale.ts'

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
  // `--peers`: the same pages built by Hugo and Eleventy after ours, at each size.
  const peers = args.includes('--peers') ? findPeers() : []
  const runs: { cold: ScalePoint; warm: ScalePoint }[] = []
  const peerRuns: Partial<Record<PeerName, PeerRuns>>[] = []
  for (const extra of sizes) {
    console.error(
      `building with ${extra} extra pages per language (cold, then warm; ${repeat} times)...`,
    )
    runs.push(await measureScale(codeRoot, extra, repeat))
    if (peers.length) {
      console.error(`the same pages by ${peers.map((p) => p.label).join(' and ')}...`)
      peerRuns.push(await measurePeers(codeRoot, extra, peers, repeat))
    }
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
  if (peers.length) printPeers(peers, runs, peerRuns, repeat)
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
  const likeForLike = fitLine(points.map((p) => ({ pages: p.pages, ms: likeForLikeMs(p) })))
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

/**
 * Our build beside the peers' builds of the same pages, cold and warm: each size's wall time, then
 * fixed cost and cost per route of each (a line through the sizes), and ours per route over
 * theirs. Ours twice: the whole build, and its like-for-like part (content check + rendering).
 */
export function printPeers(
  peers: Peer[],
  ours: { cold: ScalePoint; warm: ScalePoint }[],
  theirs: Partial<Record<PeerName, PeerRuns>>[],
  repeat: number,
): void {
  const measured = peers.filter((peer) => theirs.every((size) => size[peer.name]))
  console.log(
    `## The same pages built by ${measured.map((p) => p.label).join(' and ') || 'no peer'} ` +
      `(peerSites.ts: text, ratings tables, menu, breadcrumb, footer; median of ${repeat} runs)\n`,
  )
  if (!measured.length) return
  for (const kind of ['warm', 'cold'] as const) {
    // Wall time, and the CPU time of the whole process tree (ours: scale.ts; a peer: its process).
    const series = [
      {
        name: 'ours',
        points: ours.map((r) => ({ pages: r[kind].pages, ms: r[kind].wallMs })),
        cpu: ours.map((r) => ({ pages: r[kind].pages, ms: r[kind].cpuMs })),
      },
      {
        name: 'ours, like for like',
        points: ours.map((r) => ({ pages: r[kind].pages, ms: likeForLikeMs(r[kind]) })),
      },
      ...measured.map((peer) => {
        const points = theirs.map((size) => size[peer.name]?.[kind])
        return {
          name: peer.label,
          points: points.map((p) => ({ pages: p?.pages ?? 0, ms: p?.wallMs ?? 0 })),
          cpu: points.map((p) => ({ pages: p?.pages ?? 0, ms: p?.cpuMs ?? 0 })),
        }
      }),
    ]
    console.log(
      `### ${kind === 'warm' ? 'Warm: output and caches kept' : 'Cold: no output, no cache'}\n`,
    )
    console.log(
      table(
        ['extra pages', 'routes', ...series.map((s) => `${s.name} ms`)],
        ours.map((r, i) => [
          r[kind].extra,
          r[kind].pages,
          ...series.map((s) => Math.round(s.points[i]?.ms ?? 0)),
        ]),
      ),
    )
    const fits = series.map((s) => ({
      name: s.name,
      ...fitLine(s.points),
      cpuPerPageMs: s.cpu ? fitLine(s.cpu).perPageMs.toFixed(2) : '-',
    }))
    const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : '-')
    console.log(
      `\n${table(
        [
          'build',
          'fixed s',
          'ms per route',
          ...measured.map((p) => `ours / ${p.label}`),
          'CPU ms per route',
        ],
        fits.map((f, i) => [
          f.name,
          (f.fixedMs / 1000).toFixed(2),
          f.perPageMs.toFixed(2),
          ...measured.map((_, j) => (i < 2 ? ratio(f.perPageMs, fits[2 + j]?.perPageMs ?? 0) : '')),
          f.cpuPerPageMs,
        ]),
      )}\n`,
    )
  }
}
