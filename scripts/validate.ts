// Validates every content file against schemas/ and prints every problem at once.
// `npm run validate`; exits 1 when anything is wrong.
import { fileURLToPath } from 'node:url'
import { collectContent, projectDirs } from './lib/content/load.ts'
import { formatProblem, sortProblems } from './lib/content/problems.ts'

// `npm run validate [-- --root DIR]` (or a bare DIR): validates another content tree.
const rootArg = process.argv.indexOf('--root')
const root =
  (rootArg > 0 ? process.argv[rootArg + 1] : process.argv[2]) ??
  fileURLToPath(new URL('..', import.meta.url))
const { problems } = collectContent(projectDirs(root))
for (const p of sortProblems(problems)) console.error(formatProblem(p))
if (problems.length) {
  console.error(
    `\n${problems.length} content problem${problems.length === 1 ? '' : 's'}: nothing was built.`,
  )
  process.exit(1)
}
console.log('content: valid')
