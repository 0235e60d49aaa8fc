// Validates every content file (schemas and every cross-file check the build can fail on) and
// prints every problem at once, then the outdated translations as warnings; writes
// reports/report.json and report.html so the report always shows the last run.
// `npm run validate [-- --strict] [--root DIR]`; exits 1 when anything is wrong (with --strict,
// also on a warning).
import { relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { formatProblem, sortProblems } from '../templates/core/content/problems.ts'
import { collectContent, collectOutdated, projectDirs } from './lib/content/load.ts'
import { outdatedLines, writeContentReport } from './lib/report/report.ts'

// `npm run validate [-- --root DIR]` (or a bare DIR): validates another content tree.
const rootArg = process.argv.indexOf('--root')
const bare = process.argv[2]?.startsWith('--') ? undefined : process.argv[2]
const root = resolve(
  (rootArg > 0 ? process.argv[rootArg + 1] : bare) ?? fileURLToPath(new URL('..', import.meta.url)),
)
const strict = process.argv.includes('--strict')
const start = performance.now()
const dirs = projectDirs(root)
const { problems } = collectContent(dirs)
// A value whose French is in error is not also an outdated translation: one mistake, one message.
const outdated = collectOutdated(dirs, problems)
const ms = Math.round(performance.now() - start)
for (const p of sortProblems(problems)) console.error(formatProblem(p))
for (const line of outdatedLines(outdated)) console.warn(line)
const written = writeContentReport(
  root,
  problems,
  `npm run validate${strict ? ' -- --strict' : ''}`,
  { outdated, strict },
)
  .map((w) => relative(root, w))
  .join(', ')
if (problems.length) {
  console.error(
    `\n${problems.length} content problem${problems.length === 1 ? '' : 's'}: nothing was built.`,
  )
  console.log(`(also in ${written})`)
  process.exit(1)
}
if (strict && outdated.length) {
  console.error('\nWarnings fail with --strict.')
  console.log(`(also in ${written})`)
  process.exit(1)
}
console.log(`content: valid (${ms} ms; ${written})`)
