// `npm run test:deploy`: a deploy as a host runs it, on a fresh clone of the
// last commit in a temporary folder: `npm ci --omit=dev` (no dev tool installed, not one npm
// warning), `npm run build -- --production` with the four settings, the host tests
// (`npm run test:host`, run from this checkout, which has them, on the clone's dist/client), then
// the same build with the editor (CMS_BACKEND) and the host tests again. Prints each step's time.
// Uncommitted changes are not in the clone: it checks what a push would deploy.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  cloneFresh,
  devToolsInstalled,
  hostInstall,
  npmWarnings,
  productionBuild,
  type StepResult,
  timed,
} from './testing/deploy.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const scratch = mkdtempSync(join(tmpdir(), 'deploy-check-'))
const clone = join(scratch, 'site')
const client = join(clone, 'dist', 'client')
const rows: [string, number, boolean][] = []

/** Records a step; on failure prints its output and why, and stops. */
function step(name: string, result: StepResult, problem?: string): void {
  rows.push([name, result.ms, result.ok && !problem])
  console.error(
    `deploy check: ${name} ${result.ok && !problem ? 'ok' : 'FAILED'} (${result.ms} ms)`,
  )
  if (result.ok && !problem) return
  console.error(`${result.output.trim()}\n${problem ?? ''}`)
  finish(1)
}

function finish(code: number): never {
  rmSync(scratch, { recursive: true, force: true })
  console.log(`\n| step | ms | |\n|---|---|---|`)
  for (const [name, ms, ok] of rows) console.log(`| ${name} | ${ms} | ${ok ? 'ok' : 'FAILED'} |`)
  process.exit(code)
}

// The host tests from this checkout (they need wrangler and Netlify's parsers) on the clone's site.
const hostTests = (): StepResult =>
  timed('npm', ['run', 'test:host'], root, {
    ...process.env,
    HOST_TEST_DIR: client,
    WRANGLER_SEND_METRICS: 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  })

const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], {
  cwd: root,
  encoding: 'utf8',
}).stdout.trim()
if (dirty) console.error('deploy check: uncommitted changes are not deployed: checking HEAD')

step('fresh clone', cloneFresh(root, clone))
const install = hostInstall(clone)
const warnings = npmWarnings(install.output)
const devTools = devToolsInstalled(clone)
step(
  'npm ci --omit=dev',
  install,
  warnings.length > 0
    ? `npm printed ${warnings.length} warning lines: a host's install must be quiet.`
    : devTools.length > 0
      ? `Dev tools installed: ${devTools.join(', ')}`
      : undefined,
)
step('production build', productionBuild(clone, false))
step(
  'host tests',
  hostTests(),
  existsSync(join(client, 'admin')) ? 'admin/ was published without CMS_BACKEND' : undefined,
)
step('production build with the editor', productionBuild(clone, true))
step(
  'host tests with the editor',
  hostTests(),
  existsSync(join(client, 'admin', 'index.html')) ? undefined : 'no admin/index.html in the build',
)
finish(0)
