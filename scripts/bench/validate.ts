// The content check's own timing (1 s budget): collectContent of the real content,
// cold (a fresh Node process: module load in the process, only the call itself timed) and warm
// (in this process, after a first run: what the dev server pays on each save). Cold is measured
// twice: as every `npm run validate` after the first runs it (the parsed files and compiled
// schemas kept under node_modules/.cache/content-check, median of 3), and as a first run with
// no cache at all (CONTENT_CHECK_CACHE=off: every file parsed, every schema compiled).
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { collectContent, projectDirs } from '../lib/content/load.ts'
import type { Check } from './budgets.ts'
import { median } from './median.ts'

export const VALIDATE_BUDGET_MS = 1000

const LOAD_MODULE = fileURLToPath(new URL('../lib/content/load.ts', import.meta.url))

/** One cold run in a fresh process: { importMs, collectMs, problems }. */
export function coldValidate(
  root: string,
  cache = true,
): {
  importMs: number
  collectMs: number
  outdatedMs: number
  problems: number
} {
  const script = `
    const t0 = performance.now()
    const { collectContent, collectOutdated, projectDirs } = await import(${JSON.stringify(LOAD_MODULE)})
    const t1 = performance.now()
    const dirs = projectDirs(${JSON.stringify(root)})
    const { problems } = collectContent(dirs)
    const t2 = performance.now()
    collectOutdated(dirs, problems)
    const t3 = performance.now()
    console.log(JSON.stringify({ importMs: t1 - t0, collectMs: t2 - t1, outdatedMs: t3 - t2, problems: problems.length }))`
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, CONTENT_CHECK_CACHE: cache ? process.env.CONTENT_CHECK_CACHE : 'off' },
    },
  )
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}')
}

/** Warm runs in this process (the first run warms the caches): the median of `runs`. */
export function warmValidate(root: string, runs = 5): { collectMs: number; problems: number } {
  const dirs = projectDirs(root)
  let problems = collectContent(dirs).problems.length
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    problems = collectContent(dirs).problems.length
    times.push(performance.now() - t)
  }
  return { collectMs: median(times), problems }
}

/** Prints the two timings and returns the budget lines (each ≤ 1 s). */
export function benchValidate(root: string): Check[] {
  const first = coldValidate(root, false)
  coldValidate(root) // fills the cache when empty
  const runs = [coldValidate(root), coldValidate(root), coldValidate(root)].sort(
    (a, b) => a.collectMs - b.collectMs,
  )
  const cold = runs[1] ?? first
  const warm = warmValidate(root)
  const ms = (n: number) => Math.round(n)
  console.log('\n## Content check (collectContent of content/)\n')
  console.log(`| run | ms | problems |`)
  console.log(`|-----|----|----------|`)
  console.log(
    `| cold, fresh process (call only; module import ${ms(cold.importMs)} ms), median of 3 | ${ms(cold.collectMs)} | ${cold.problems} |`,
  )
  console.log(
    `| cold, first run: nothing cached (CONTENT_CHECK_CACHE=off) | ${ms(first.collectMs)} | ${first.problems} |`,
  )
  console.log(`| warm, in process (median of 5) | ${ms(warm.collectMs)} | ${warm.problems} |`)
  // `npm run validate` also finds the outdated translations, at most 10 % more than
  // the check it ran before (module import and check, the same fresh process).
  const before = cold.importMs + cold.collectMs
  const share = (100 * cold.outdatedMs) / before
  console.log(
    `| outdated translations after it, same process (collectOutdated) | ${ms(cold.outdatedMs)} | ${share.toFixed(1)} % of import + check |`,
  )
  const limit = `${VALIDATE_BUDGET_MS / 1000} s`
  return [
    {
      ok: share <= 10,
      label: `outdated translations ≤ 10 % of validate's import + check: ${ms(cold.outdatedMs)} ms, ${share.toFixed(1)} %`,
    },
    {
      ok: cold.collectMs <= VALIDATE_BUDGET_MS,
      label: `content check, cold (fresh process) ≤ ${limit}: ${ms(cold.collectMs)} ms (first run, nothing cached: ${ms(first.collectMs)} ms)`,
    },
    {
      ok: warm.collectMs <= VALIDATE_BUDGET_MS,
      label: `content check, warm (in process) ≤ ${limit}: ${ms(warm.collectMs)} ms`,
    },
  ]
}
