// Which built site a check of dist/ runs on (scripts/htmlCheck.ts, scripts/a11y.ts): the
// project's dist/client, or another build given as `--dir=<path>`.
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** The folder `--dir=<path>` names (resolved from the working directory), else dist/client. */
export function builtSiteDir(argv: readonly string[], root = PROJECT_ROOT): string {
  const given = argv.find((a) => a.startsWith('--dir='))?.slice('--dir='.length)
  return given ? resolve(given) : join(root, 'dist', 'client')
}

/** Why `dir` cannot be checked (no index.html: nothing built there), or null. */
export function builtSiteProblem(dir: string): string | null {
  return existsSync(join(dir, 'index.html'))
    ? null
    : `No built site in ${dir}: run \`npm run build\` first.`
}

/** The built site of this run's arguments; exits 1 with one line when there is none. */
export function requireBuiltSite(argv: readonly string[] = process.argv): string {
  const dir = builtSiteDir(argv)
  const problem = builtSiteProblem(dir)
  if (problem) {
    console.error(problem)
    process.exit(1)
  }
  return dir
}
