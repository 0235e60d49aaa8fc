// Validates every content file (schemas and every cross-file check the build can fail on) and
// prints every problem at once; writes reports/report.json and report.html so the report always
// shows the last run. `npm run validate [-- --root DIR]`; exits 1 when anything is wrong.
import { relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { collectContent, projectDirs } from './lib/content/load.ts'
import { formatProblem, sortProblems } from './lib/content/problems.ts'
import { writeContentReport } from './lib/report/report.ts'

// `npm run validate [-- --root DIR]` (or a bare DIR): validates another content tree.
const rootArg = process.argv.indexOf('--root')
const root = resolve(
  (rootArg > 0 ? process.argv[rootArg + 1] : process.argv[2]) ??
    fileURLToPath(new URL('..', import.meta.url)),
)
const start = performance.now()
const { problems } = collectContent(projectDirs(root))
const ms = Math.round(performance.now() - start)
for (const p of sortProblems(problems)) console.error(formatProblem(p))
const written = writeContentReport(root, problems, 'npm run validate')
  .map((w) => relative(root, w))
  .join(', ')
if (problems.length) {
  console.error(
    `\n${problems.length} content problem${problems.length === 1 ? '' : 's'}: nothing was built.`,
  )
  console.log(`(also in ${written})`)
  process.exit(1)
}
console.log(`content: valid (${ms} ms; ${written})`)
