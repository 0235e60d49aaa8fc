// `npm run bench -- --deploy [--deploy-runs=3]`: the deploy a save in the
// published editor starts, timed as a host runs it from a fresh checkout (scripts/testing/deploy.ts):
// the host's install (`npm ci --omit=dev`) with a warm npm cache (what Cloudflare Pages restores
// between builds), its size on disk, and the cold production build of the real site with the
// editor (a fresh clone has no cache of its own), then, as information, without it. Median of the
// runs, each on a new clone. Before them, once, the same install with an empty npm cache (which
// fills the bench's own cache, in its temporary folder: the user's is neither used nor changed).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  cloneFresh,
  hostInstall,
  installedMiB,
  npmWarnings,
  productionBuild,
  type StepResult,
} from '../testing/deploy.ts'
import { type Check, table } from './budgets.ts'
import { median } from './median.ts'

export const DEPLOY_BUDGETS = {
  /** The host's install with a warm npm cache, the editor included. */
  installMs: 12_000,
  /** Its node_modules on disk (MiB, as `du -sh` counts). */
  installMiB: 300,
  /** The install plus the cold production build of the real site (with the editor). */
  deployMs: 20_000,
} as const

type Run = { clone: number; install: number; size: number; build: number; siteOnly: number }

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/** The step's result, or its output and an error when it failed. */
function must(what: string, result: StepResult): StepResult {
  if (!result.ok) throw new Error(`${result.output.trim()}\n\n${what} failed: nothing measured.`)
  return result
}

export function benchDeploy(root: string, args: string[]): Check[] {
  const runsArg = args.find((a) => a.startsWith('--deploy-runs='))
  const runs = runsArg ? Number(runsArg.slice('--deploy-runs='.length)) : 3
  const scratch = mkdtempSync(join(tmpdir(), 'bench-deploy-'))
  const cache = join(scratch, 'npm-cache')
  try {
    // Once, as information: the install with an empty npm cache (every package downloaded).
    const first = join(scratch, 'empty-cache')
    must('git clone', cloneFresh(root, first))
    console.error('deploy: npm ci --omit=dev with an empty npm cache...')
    const empty = must('npm ci --omit=dev (empty cache)', hostInstall(first, cache))
    const emptySize = installedMiB(first)
    const warnings = npmWarnings(empty.output).length
    rmSync(first, { recursive: true, force: true })

    const measured: Run[] = []
    for (let i = 1; i <= runs; i++) {
      const dir = join(scratch, `run-${i}`)
      console.error(`deploy: run ${i} of ${runs}: clone, install, build...`)
      const clone = must('git clone', cloneFresh(root, dir)).ms
      const install = must('npm ci --omit=dev', hostInstall(dir, cache)).ms
      const size = installedMiB(dir)
      const build = must('production build', productionBuild(dir, true)).ms
      // The same build without the editor, cold again (its caches and dist/ removed).
      rmSync(join(dir, 'node_modules', '.cache'), { recursive: true, force: true })
      rmSync(join(dir, 'dist'), { recursive: true, force: true })
      const siteOnly = must('production build without the editor', productionBuild(dir, false)).ms
      measured.push({ clone, install, size, build, siteOnly })
      rmSync(dir, { recursive: true, force: true })
    }

    const col = (k: keyof Run) => measured.map((r) => r[k])
    const deploys = measured.map((r) => r.install + r.build)
    const row = (label: string, xs: number[], fmt: (n: number) => string) => [
      label,
      ...xs.map(fmt),
      fmt(median(xs)),
    ]
    console.log(
      `\n## Deploy as a host runs it (fresh clone, npm ci --omit=dev, production build)\n`,
    )
    console.log(
      table(
        ['step', ...measured.map((_, i) => `run ${i + 1}`), 'median'],
        [
          row('fresh clone', col('clone'), s),
          row('npm ci --omit=dev, warm npm cache', col('install'), s),
          row('node_modules (MiB)', col('size'), String),
          row('production build, cold, with the editor', col('build'), s),
          row('whole deploy (install + build)', deploys, s),
          row('production build, cold, without the editor', col('siteOnly'), s),
          row(
            'whole deploy without the editor',
            measured.map((r) => r.install + r.siteOnly),
            s,
          ),
        ],
      ),
    )
    console.log(
      `\nInformation: npm ci --omit=dev with an empty npm cache took ${s(empty.ms)} ` +
        `(${emptySize} MiB installed, ${warnings} npm warning lines).`,
    )
    const install = median(col('install'))
    const size = median(col('size'))
    const deploy = median(deploys)
    return [
      {
        ok: install <= DEPLOY_BUDGETS.installMs,
        label: `host install (npm ci --omit=dev, warm cache, editor included) ≤ ${s(DEPLOY_BUDGETS.installMs)}: ${s(install)}`,
      },
      {
        ok: size <= DEPLOY_BUDGETS.installMiB,
        label: `host install size ≤ ${DEPLOY_BUDGETS.installMiB} MiB: ${size} MiB`,
      },
      {
        ok: deploy <= DEPLOY_BUDGETS.deployMs,
        label: `whole deploy (install + cold production build with the editor) ≤ ${s(DEPLOY_BUDGETS.deployMs)}: ${s(deploy)}`,
      },
    ]
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}
