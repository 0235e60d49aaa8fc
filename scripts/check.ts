// `npm run check` (= `npm test`, what CI runs): every check in order, stopping at the first that
// fails, then a table of each step's time (issue 34 item 4). The strict build comes before the
// unit tests: the tests that read a built site (ratings, the preview pane) use it instead of
// building one of their own on a fresh clone.
//   npm run check                         every step
//   npm run check -- --from=test:e2e      from that step on (after fixing what stopped a run)
// CHECK_EARLIER_STEPS (`name=seconds;...`, set by .ci/run) adds the install's steps to the table.
//
// Steps of one stage run at once: each keeps to one core or mostly waits (on a browser, a server,
// Java), and none writes what another reads (their own ports, copies of the site and Playwright
// output folders). Their output is printed whole, step by step, as each ends.
import { spawn, spawnSync } from 'node:child_process'
import { table } from './lib/bench/budgets.ts'

type Step = { name: string; args: string[] }
const npmRun = (name: string): Step => ({ name, args: ['run', name] })

const STAGES: Step[][] = [
  [npmRun('lint'), npmRun('typecheck')],
  [{ name: 'build --strict', args: ['run', 'build', '--', '--strict'] }],
  [npmRun('test:unit')],
  // Both read the strict build: the Nu checker (one Java process) and the hosts' own runtimes.
  [npmRun('test:html'), npmRun('test:host')],
  [npmRun('test:e2e')],
  [npmRun('test:a11y')],
  // One Playwright worker each, against their own servers: the dev server on a copy of the
  // content, the published editor on its own build and git host stand-in.
  [npmRun('test:dev'), npmRun('test:published')],
  [npmRun('test:deploy')],
  [npmRun('test:node-versions')],
]

const from = process.argv.find((a) => a.startsWith('--from='))?.slice('--from='.length)
const start = from ? STAGES.findIndex((stage) => stage.some((s) => s.name === from)) : 0
if (start < 0) {
  const names = STAGES.flat().map((s) => s.name)
  console.error(`No step "${from}": ${names.join(', ')}`)
  process.exit(1)
}

type Row = { name: string; seconds: number | undefined; result: string }
const rows: Row[] = (process.env.CHECK_EARLIER_STEPS ?? '')
  .split(';')
  .filter(Boolean)
  .map((entry) => {
    const [name = '', seconds = ''] = entry.split('=')
    return { name, seconds: Number(seconds), result: 'ok' }
  })
/** Wall time of the install and of each stage: steps of one stage overlap. */
let wall = rows.reduce((sum, r) => sum + (r.seconds ?? 0), 0)
let failed: string | undefined

for (const stage of STAGES.slice(start)) {
  if (failed) {
    for (const step of stage) rows.push({ name: step.name, seconds: undefined, result: 'not run' })
    continue
  }
  const started = performance.now()
  const results = stage.length === 1 ? [runInline(stage[0] as Step)] : await runAtOnce(stage)
  wall += (performance.now() - started) / 1000
  for (const [i, r] of results.entries()) {
    const beside = stage.filter((_, j) => j !== i).map((s) => s.name)
    const result = r.ok ? 'ok' : 'FAILED'
    rows.push({
      name: r.name,
      seconds: r.seconds,
      result: beside.length ? `${result} (beside ${beside.join(', ')})` : result,
    })
  }
  failed = results.find((r) => !r.ok)?.name
}

console.log(`\n${timeTable(rows)}`)
if (failed) {
  console.error(
    `\n${failed} failed (see above); \`npm run check -- --from=${failed}\` resumes there.`,
  )
  process.exit(1)
}

type Result = { name: string; seconds: number; ok: boolean }

function header(step: Step): string {
  return `\n── ${step.name} (npm ${step.args.join(' ')}) ──`
}

function runInline(step: Step): Result {
  console.error(header(step))
  const started = performance.now()
  const run = spawnSync('npm', step.args, { stdio: 'inherit' })
  return { name: step.name, seconds: (performance.now() - started) / 1000, ok: run.status === 0 }
}

/** Runs the steps at once; prints each one's output (both streams, in order) when it ends. */
function runAtOnce(steps: Step[]): Promise<Result[]> {
  console.error(`\n── ${steps.map((s) => s.name).join(' and ')}, at once ──`)
  return Promise.all(
    steps.map(
      (step) =>
        new Promise<Result>((done) => {
          const started = performance.now()
          const child = spawn('npm', step.args, { stdio: ['ignore', 'pipe', 'pipe'] })
          const output: Buffer[] = []
          child.stdout.on('data', (b: Buffer) => output.push(b))
          child.stderr.on('data', (b: Buffer) => output.push(b))
          child.on('close', (code) => {
            const seconds = (performance.now() - started) / 1000
            console.error(header(step))
            process.stderr.write(Buffer.concat(output))
            console.error(`── ${step.name}: ${code === 0 ? 'ok' : 'FAILED'} in ${time(seconds)} ──`)
            done({ name: step.name, seconds, ok: code === 0 })
          })
        }),
    ),
  )
}

function time(s: number | undefined): string {
  if (s === undefined) return ''
  return s >= 60
    ? `${Math.floor(Math.round(s) / 60)} min ${String(Math.round(s) % 60).padStart(2, '0')} s`
    : `${s.toFixed(1)} s`
}

/** The steps' times as a Markdown table, with the total: the stages' wall time. */
function timeTable(steps: Row[]): string {
  return table(
    ['step', 'time', 'result'],
    [
      ...steps.map((s) => [s.name, time(s.seconds), s.result]),
      ['total (wall)', time(wall), failed ? 'FAILED' : 'ok'],
    ],
  )
}
