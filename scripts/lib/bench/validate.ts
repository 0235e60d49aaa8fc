// The content check's own timing (issue 8, 1 s budget): collectContent of the real content,
// cold (a fresh Node process: module load and schema compilation included in the process, only
// the call itself timed) and warm (in this process, after a first run: what the dev server and
// a second validate pay once the parsed files and the compiled schemas are cached).
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { collectContent, projectDirs } from '../content/load.ts'
import type { Check } from './budgets.ts'

export const VALIDATE_BUDGET_MS = 1000

const LOAD_MODULE = fileURLToPath(new URL('../content/load.ts', import.meta.url))

/** One cold run in a fresh process: { importMs, collectMs, problems }. */
export function coldValidate(root: string): {
  importMs: number
  collectMs: number
  problems: number
} {
  const script = `
    const t0 = performance.now()
    const { collectContent, projectDirs } = await import(${JSON.stringify(LOAD_MODULE)})
    const t1 = performance.now()
    const { problems } = collectContent(projectDirs(${JSON.stringify(root)}))
    const t2 = performance.now()
    console.log(JSON.stringify({ importMs: t1 - t0, collectMs: t2 - t1, problems: problems.length }))`
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: root, encoding: 'utf8' },
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
  times.sort((a, b) => a - b)
  return { collectMs: times[Math.floor(times.length / 2)] ?? 0, problems }
}

/** Prints the two timings and returns the budget lines (each ≤ 1 s). */
export function benchValidate(root: string): Check[] {
  const cold = coldValidate(root)
  const warm = warmValidate(root)
  const ms = (n: number) => Math.round(n)
  console.log('\n## Content check (collectContent of content/)\n')
  console.log(`| run | ms | problems |`)
  console.log(`|-----|----|----------|`)
  console.log(
    `| cold, fresh process (call only; module import ${ms(cold.importMs)} ms) | ${ms(cold.collectMs)} | ${cold.problems} |`,
  )
  console.log(`| warm, in process (median of 5) | ${ms(warm.collectMs)} | ${warm.problems} |`)
  const limit = `${VALIDATE_BUDGET_MS / 1000} s`
  return [
    {
      ok: cold.collectMs <= VALIDATE_BUDGET_MS,
      label: `content check, cold (fresh process) ≤ ${limit}: ${ms(cold.collectMs)} ms`,
    },
    {
      ok: warm.collectMs <= VALIDATE_BUDGET_MS,
      label: `content check, warm (in process) ≤ ${limit}: ${ms(warm.collectMs)} ms`,
    },
  ]
}
