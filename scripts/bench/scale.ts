// Build cost against site size: the real content copied outside the
// repository with N extra catalogue pages (a copy of a ratings page) in both languages, built
// with `scripts/build.ts --root`; fixed cost and cost per page from a line through the points.
import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse, parseDocument, stringify } from 'yaml'
import { LANGS } from '../../templates/lib/languages.ts'
import { loadContent, projectDirs } from '../lib/content/load.ts'
import { sampleTree, type TreeSample, waitedChildrenCpuMs, wholeTreeCpuMs } from './treeMemory.ts'

/** The page copied N times: a catalogue page with a ratings table. */
export const TEMPLATE_PAGE = 'transformer-dist-24'

export type ScalePoint = {
  extra: number
  /** Routes rendered (pages x languages, not-found included). */
  pages: number
  wallMs: number
  timings: Record<string, number>
  /** CPU time (user + system) of the build and all its descendants, those that outlive their
   * parent included (treeMemory.ts wholeTreeCpuMs()): steadier than wall time on a busy machine. */
  cpuMs: number
  /** CPU time (ms) of each kind of process of the build (treeMemory.ts: sampled). */
  cpuByKind: Record<string, number>
  /** CPU time over wall time: 2 means both cores busy. */
  cpuPerWall: number
  /** Peak resident memory of the build's whole process tree (sampled), or of the build alone. */
  peakRssMb: number
  /** The caches the build found: the code build's (hit, miss, off), the images' (present, none). */
  caches: Record<string, string>
}

/** Writes a copy of content/ and public/ with `extra` more pages per language; returns its root. */
export function scaledCopy(codeRoot: string, extra: number): string {
  const root = mkdtempSync(join(tmpdir(), `bench-scale-${extra}-`))
  cpSync(join(codeRoot, 'content'), join(root, 'content'), { recursive: true })
  cpSync(join(codeRoot, 'public'), join(root, 'public'), { recursive: true })
  // The route table as the content model reads it (validated), not a second reader of the file.
  const table = structuredClone(loadContent(projectDirs(codeRoot)).routes)
  const model = table.routes.find((r) => r.id === TEMPLATE_PAGE)
  if (!model) throw new Error(`No page "${TEMPLATE_PAGE}" in content/routes.yaml`)
  // Each copy gets its own title, as real pages have: a share card drawn once would otherwise
  // be reused from the image cache for every copy, and the bench would not count its cost.
  const pageFile = Object.fromEntries(
    LANGS.map((lang) => [
      lang,
      parseDocument(readFileSync(join(root, 'content', lang, `${TEMPLATE_PAGE}.yaml`), 'utf8')),
    ]),
  )
  for (let i = 1; i <= extra; i++) {
    const id = `bench-product-${i}`
    table.routes.push({
      ...model,
      id,
      fr: { path: `/bench-produit-${i}` },
      en: { path: `/en/bench-product-${i}` },
    })
    for (const lang of LANGS) {
      const page = pageFile[lang]?.clone()
      page?.set('title', `${page.get('title')} (${i})`)
      writeFileSync(
        join(root, 'content', lang, `${id}.yaml`),
        page?.toString({ lineWidth: 0 }) ?? '',
      )
    }
  }
  writeFileSync(join(root, 'content/routes.yaml'), stringify(table))
  copyImagePaths(root, extra)
  return root
}

/** The copies show the images of the page they copy: its paths in content/data/images.yaml. */
function copyImagePaths(root: string, extra: number): void {
  const file = join(root, 'content/data/images.yaml')
  const paths = parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  if (!paths[TEMPLATE_PAGE]) return
  for (let i = 1; i <= extra; i++) paths[`bench-product-${i}`] = paths[TEMPLATE_PAGE]
  // Every copy shares the template's object: without this, yaml writes one anchor and 500
  // aliases, more than the loader (rightly) accepts.
  writeFileSync(file, stringify(paths, { aliasDuplicateObjects: false }))
}

/**
 * Builds a scaled copy cold and warm, `runs` times each, and keeps the median run of each (by
 * wall time: this VM's times vary by up to 1.5x from one run to the next, which a single run
 * passed on to the fitted line), with the highest peak memory of its runs. Cold: a fresh copy,
 * as CI builds it (no cache: the code bundled, every file parsed, every share card and image
 * variant drawn). Warm: the same copy rebuilt, as an editor rebuilds (bundles, parsed files and
 * images from the caches under the copy's node_modules/.cache, the old dist/ replaced).
 */
export async function measureScale(
  codeRoot: string,
  extra: number,
  runs = 3,
): Promise<{ cold: ScalePoint; warm: ScalePoint }> {
  const root = scaledCopy(codeRoot, extra)
  try {
    const cold: ScalePoint[] = []
    const warm: ScalePoint[] = []
    for (let run = 0; run < runs; run++) {
      // As a fresh copy again: no cache, no earlier site.
      for (const dir of ['node_modules', 'dist', 'reports'])
        rmSync(join(root, dir), { recursive: true, force: true })
      cold.push(await measureBuild(codeRoot, root, extra))
      warm.push(await measureBuild(codeRoot, root, extra))
    }
    return { cold: medianRun(cold), warm: medianRun(warm) }
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

/** The run of median wall time, with the highest peak memory of all the runs. */
export function medianRun(points: ScalePoint[]): ScalePoint {
  return { ...medianOf(points), peakRssMb: Math.max(...points.map((p) => p.peakRssMb)) }
}

/** The run of median wall time (the faster of the two middle ones for an even count). */
export function medianOf<T extends { wallMs: number }>(points: T[]): T {
  const sorted = [...points].sort((a, b) => a.wallMs - b.wallMs)
  const median = sorted[Math.floor((sorted.length - 1) / 2)]
  if (!median) throw new Error('no run to take the median of')
  return median
}

/** The part of a build the peers do too: the content check and the rendering (no share cards,
 * images, search index, headers or report, which run beside or after them). */
export const likeForLikeMs = (p: ScalePoint): number =>
  (p.timings.validate ?? 0) + (p.timings.prerender ?? 0)

async function measureBuild(codeRoot: string, root: string, extra: number): Promise<ScalePoint> {
  const statsFile = join(root, 'build-stats.json')
  const started = performance.now()
  const cpuBefore = waitedChildrenCpuMs()
  const { code, output, tree, pid, wallMs } = await runBuild(codeRoot, root, statsFile, started)
  if (code !== 0) throw new Error(`The build of ${root} failed:\n${output}`)
  const cpuMs = wholeTreeCpuMs(tree, pid, waitedChildrenCpuMs() - cpuBefore)
  const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as {
    timings: Record<string, number>
    caches?: Record<string, string>
    pages: number
    maxRssKb: number
  }
  return {
    extra,
    pages: stats.pages,
    wallMs: Math.round(wallMs),
    timings: stats.timings,
    cpuMs: Math.round(cpuMs),
    cpuPerWall: Number((cpuMs / wallMs).toFixed(2)),
    cpuByKind: tree.cpuMsByKind,
    peakRssMb: Math.round(Math.max(tree.peakKb, stats.maxRssKb) / 1024),
    caches: stats.caches ?? {},
  }
}

/**
 * Runs the build of `root`, sampling the memory and CPU time of its process tree until the last of
 * its processes has ended (after the build: Pagefind and vite's esbuild service end a little
 * later). The wall time is the build's own, from `started` to its exit.
 */
function runBuild(
  codeRoot: string,
  root: string,
  statsFile: string,
  started: number,
): Promise<{ code: number | null; output: string; tree: TreeSample; pid: number; wallMs: number }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(codeRoot, 'scripts/build.ts'), '--root', root],
    {
      cwd: codeRoot,
      env: {
        ...process.env,
        BUILD_STATS_FILE: statsFile,
        // The content check's cache in the copy too (by default it is the code tree's, which has
        // seen the real content): the cold build starts without it, as on CI.
        CONTENT_CHECK_CACHE: join(root, 'node_modules', '.cache', 'content-check'),
      },
    },
  )
  const pid = child.pid ?? 0
  const sampler = sampleTree(pid)
  // Sampled as soon as the build has ended (its output may end later): those of its processes
  // still running are found with their new parent.
  let settled: Promise<TreeSample> | undefined
  child.on('exit', () => {
    settled = sampler.settle()
  })
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += chunk
  })
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  return new Promise((done, fail) => {
    child.on('error', fail)
    child.on('close', async (code, signal) => {
      const wallMs = performance.now() - started
      const tree = await (settled ?? sampler.settle())
      done({
        code,
        output: signal ? `${output}\n(killed by ${signal})` : output,
        tree,
        pid,
        wallMs,
      })
    })
  })
}

/** Least-squares line through the points: fixed cost (ms) and cost per page (ms). */
export function fitLine(points: { pages: number; ms: number }[]): {
  fixedMs: number
  perPageMs: number
} {
  const n = points.length
  const mx = points.reduce((a, p) => a + p.pages, 0) / n
  const my = points.reduce((a, p) => a + p.ms, 0) / n
  const sxx = points.reduce((a, p) => a + (p.pages - mx) ** 2, 0)
  const sxy = points.reduce((a, p) => a + (p.pages - mx) * (p.ms - my), 0)
  const perPageMs = sxx === 0 ? 0 : sxy / sxx
  return { fixedMs: my - perPageMs * mx, perPageMs }
}

export const cores = (): number => cpus().length
