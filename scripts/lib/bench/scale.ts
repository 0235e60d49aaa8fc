// Build cost against site size (issue 10, item 11): the real content copied outside the
// repository with N extra catalogue pages (a copy of a ratings page) in both languages, built
// with `scripts/build.ts --root`; fixed cost and cost per page from a line through the points.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse, stringify } from 'yaml'
import type { RouteTable } from '../../../templates/content.ts'
import { LANGS } from '../../../templates/lib/languages.ts'

/** The page copied N times: a catalogue page with a ratings table. */
export const TEMPLATE_PAGE = 'transformer-dist-24'

export type ScalePoint = {
  extra: number
  /** Routes rendered (pages x languages, not-found included). */
  pages: number
  wallMs: number
  timings: Record<string, number>
  /** CPU time (user + system) of the build over its wall time: 2 means both cores busy. */
  /** CPU time (user + system) of the build: steadier than wall time on a shared machine. */
  cpuMs: number
  cpuPerWall: number
  peakRssMb: number
}

/** Writes a copy of content/ and public/ with `extra` more pages per language; returns its root. */
export function scaledCopy(codeRoot: string, extra: number): string {
  const root = mkdtempSync(join(tmpdir(), `bench-scale-${extra}-`))
  cpSync(join(codeRoot, 'content'), join(root, 'content'), { recursive: true })
  cpSync(join(codeRoot, 'public'), join(root, 'public'), { recursive: true })
  const routesFile = join(root, 'content/routes.yaml')
  const table = parse(readFileSync(routesFile, 'utf8')) as RouteTable
  const model = table.routes.find((r) => r.id === TEMPLATE_PAGE)
  if (!model) throw new Error(`No page "${TEMPLATE_PAGE}" in content/routes.yaml`)
  for (let i = 1; i <= extra; i++) {
    const id = `bench-product-${i}`
    table.routes.push({
      ...model,
      id,
      fr: { path: `/bench-produit-${i}` },
      en: { path: `/en/bench-product-${i}` },
    })
    for (const lang of LANGS)
      cpSync(
        join(root, 'content', lang, `${TEMPLATE_PAGE}.yaml`),
        join(root, 'content', lang, `${id}.yaml`),
      )
  }
  writeFileSync(routesFile, stringify(table))
  copyImagePaths(root, extra)
  return root
}

/** The copies show the images of the page they copy: its paths in content/data/images.yaml. */
function copyImagePaths(root: string, extra: number): void {
  const file = join(root, 'content/data/images.yaml')
  const paths = parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  if (!paths[TEMPLATE_PAGE]) return
  for (let i = 1; i <= extra; i++) paths[`bench-product-${i}`] = paths[TEMPLATE_PAGE]
  writeFileSync(file, stringify(paths))
}

/** Builds a scaled copy once and measures it. */
export function measureScale(codeRoot: string, extra: number): ScalePoint {
  const root = scaledCopy(codeRoot, extra)
  const statsFile = join(root, 'build-stats.json')
  try {
    const started = performance.now()
    const cpuBefore = childCpuMs()
    try {
      execFileSync(
        process.execPath,
        ['--import', 'tsx', join(codeRoot, 'scripts/build.ts'), '--root', root],
        {
          cwd: codeRoot,
          env: { ...process.env, BUILD_STATS_FILE: statsFile },
          stdio: 'pipe',
          maxBuffer: 64 * 1024 * 1024,
        },
      )
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer }
      throw new Error(`The build of ${root} failed:\n${stdout ?? ''}${stderr ?? ''}`)
    }
    const wallMs = performance.now() - started
    const cpuMs = childCpuMs() - cpuBefore
    const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as {
      timings: Record<string, number>
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
      peakRssMb: Math.round(stats.maxRssKb / 1024),
    }
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

/** CPU time of the finished children of this process (user + system), in ms. */
function childCpuMs(): number {
  // process.cpuUsage() is this process only; the children's share is in /proc (Linux).
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? []
    // cutime and cstime are fields 16 and 17 of stat (14 and 15 after "pid (comm) ").
    const ticks = Number(fields[13]) + Number(fields[14])
    return (ticks * 1000) / 100
  } catch {
    return Number.NaN
  }
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
