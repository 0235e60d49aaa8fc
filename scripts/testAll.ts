// `npm run check` (= `npm test`, what CI runs): every check in order, stopping at the first that
// fails, then a table of each step's time. The strict build comes before the
// unit tests: the tests that read a built site (ratings, the preview pane) use it instead of
// building one of their own on a fresh clone.
//   npm run check                         every step
//   npm run check -- --from=test:e2e      from that step on (after fixing what stopped a run)
// CHECK_EARLIER_STEPS (`name=seconds;...`, set by .ci/run) adds the install's steps to the table.
import { spawnSync } from 'node:child_process'
import { table } from './bench/budgets.ts'

const STEPS: { name: string; args: string[] }[] = [
  { name: 'lint', args: ['run', 'lint'] },
  { name: 'typecheck', args: ['run', 'typecheck'] },
  { name: 'build --strict', args: ['run', 'build', '--', '--strict'] },
  { name: 'test:unit', args: ['run', 'test:unit'] },
  { name: 'test:html', args: ['run', 'test:html'] },
  { name: 'test:e2e', args: ['run', 'test:e2e'] },
  { name: 'test:a11y', args: ['run', 'test:a11y'] },
  { name: 'test:dev', args: ['run', 'test:dev'] },
  { name: 'test:published', args: ['run', 'test:published'] },
  { name: 'test:host', args: ['run', 'test:host'] },
  { name: 'test:deploy', args: ['run', 'test:deploy'] },
  { name: 'test:node-versions', args: ['run', 'test:node-versions'] },
]

const from = process.argv.find((a) => a.startsWith('--from='))?.slice('--from='.length)
const start = from ? STEPS.findIndex((s) => s.name === from) : 0
if (start < 0) {
  console.error(`No step "${from}": ${STEPS.map((s) => s.name).join(', ')}`)
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

let failed: string | undefined
for (const step of STEPS.slice(start)) {
  if (failed) {
    rows.push({ name: step.name, seconds: undefined, result: 'not run' })
    continue
  }
  console.error(`\n── ${step.name} (npm ${step.args.join(' ')}) ──`)
  const started = performance.now()
  const run = spawnSync('npm', step.args, { stdio: 'inherit' })
  const seconds = (performance.now() - started) / 1000
  const ok = run.status === 0
  rows.push({ name: step.name, seconds, result: ok ? 'ok' : 'FAILED' })
  if (!ok) failed = step.name
}

console.log(`\n${timeTable(rows)}`)
if (failed) {
  console.error(
    `\n${failed} failed (see above); \`npm run check -- --from=${failed}\` resumes there.`,
  )
  process.exit(1)
}

/** The steps' times as a Markdown table, with the total. */
function timeTable(steps: Row[]): string {
  const total = steps.reduce((sum, s) => sum + (s.seconds ?? 0), 0)
  const time = (s: number | undefined) =>
    s === undefined
      ? ''
      : s >= 60
        ? `${Math.floor(Math.round(s) / 60)} min ${String(Math.round(s) % 60).padStart(2, '0')} s`
        : `${s.toFixed(1)} s`
  return table(
    ['step', 'time', 'result'],
    [
      ...steps.map((s) => [s.name, time(s.seconds), s.result]),
      ['total', time(total), failed ? 'FAILED' : 'ok'],
    ],
  )
}
