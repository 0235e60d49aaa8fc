// Measures the site against the budgets of design.md section 8 and prints them:
//   1. the build, with its split (validate, prerender, static files, report);
//   2. each canonical route in both languages loaded in Chromium: gzip size of the HTML and of
//      all JavaScript requested before any interaction (load + network idle), request count;
//      budgets on it for pages without islands, for home (typed word, popup, counters and
//      carousels run without React: templates/lib/hydration.ts) and for the heaviest page;
//   3. with --lighthouse [--runs=3], Lighthouse (mobile preset, median of the runs) on one route of
//      each kind of page, and the LCP of a throttled load against the same page with its scripts
//      stripped;
//   4. unless --no-dev, the dev server's editor loop: edit-to-visible and edit-to-overlay; and both
//      editors (`-- --editor` alone; `--editor=dev`, `--editor=published` for one): the one of
//      npm run dev, and the published one against the GitHub stand-in (scripts/bench/editor.ts,
//      publishedEditor.ts), with the editor bundle's size and the visitor pages' scripts.
// Also the content check alone and the CMS save check of one entry (`-- --save-check`: only it).
// `-- --dev-loop`: the dev server's loop alone (edit-to-visible, edit-to-overlay), no build.
// Prints PASS/FAIL per budget and exits 1 if one fails.
//   npm run bench [-- --no-build] [-- --lighthouse] [-- --no-dev] [-- --dir=<built client dir>]
//   npm run bench -- --build-scale[=0,50,500] [--scale-runs=3]   build cost per page on generated
//                                               copies (median of the runs, cold and warm)
//   npm run bench -- --build-scale --peers      the same, then the same pages built by Hugo and
//                                               Eleventy (scripts/bench/peers.ts): cost per
//                                               route, ours over theirs
//   npm run bench -- --deploy [--deploy-runs=3]  a host's deploy of the last commit: fresh clone,
//                                               npm ci --omit=dev, cold production build
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  buildChecks,
  type Check,
  homeJsChecks,
  kb,
  type LcpFloor,
  LIGHTHOUSE_PAGES,
  lcpFloorChecks,
  lighthouseChecks,
  table,
  weightChecks,
} from './bench/budgets.ts'
import { benchDeploy } from './bench/deploy.ts'
import { benchDev } from './bench/dev.ts'
import { benchDevEditor } from './bench/editor.ts'
import { type LighthouseScores, medianLighthouse } from './bench/lighthouse.ts'
import { benchPublishedEditor } from './bench/publishedEditor.ts'
import { benchSaveCheck } from './bench/saveCheck.ts'
import { benchBuildScale } from './bench/scaleReport.ts'
import { snapshot } from './bench/snapshot.ts'
import { stripScripts } from './bench/stripped.ts'
import { benchValidate } from './bench/validate.ts'
import { measurePages } from './bench/weights.ts'
import { loadContent, projectDirs } from './lib/content/load.ts'
import { createStaticHost } from './lib/serve/staticHost.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const args = process.argv.slice(2)
const dirArg = args.find((a) => a.startsWith('--dir='))
const dir = dirArg ? dirArg.slice('--dir='.length) : join(root, 'dist/client')
const checks: Check[] = []

/** Both editors: the one of `npm run dev`, then the published one against the GitHub stand-in. */
async function benchEditors(root: string): Promise<Check[]> {
  return [...(await benchDevEditor(root)), ...(await benchPublishedEditor(root))]
}

// 0. Build cost against size, alone: `npm run bench -- --build-scale[=50,500] [--peers]`
if (args.some((a) => a.startsWith('--build-scale'))) {
  await benchBuildScale(root, args)
  process.exit(0)
}

// 0. A host's deploy alone: `npm run bench -- --deploy`
if (args.includes('--deploy')) {
  let deployChecks: Check[]
  try {
    deployChecks = benchDeploy(root, args)
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
  for (const c of deployChecks) console.log(`${c.ok ? 'PASS' : 'FAIL'}  ${c.label}`)
  process.exit(deployChecks.every((c) => c.ok) ? 0 : 1)
}

// 0a. The editors alone: `npm run bench -- --editor` (both), `--editor=dev`, `--editor=published`
const editorArg = args.find((a) => a === '--editor' || a.startsWith('--editor='))
if (editorArg) {
  const which = editorArg.slice('--editor='.length)
  const editorChecks =
    which === 'dev'
      ? await benchDevEditor(root)
      : which === 'published'
        ? await benchPublishedEditor(root)
        : await benchEditors(root)
  for (const c of editorChecks) console.log(`${c.ok ? 'PASS' : 'FAIL'}  ${c.label}`)
  process.exit(editorChecks.every((c) => c.ok) ? 0 : 1)
}

// 0a'. The dev server's loop alone (no build): `npm run bench -- --dev-loop`
if (args.includes('--dev-loop')) {
  const devChecks = await benchDev(root)
  for (const c of devChecks) console.log(`${c.ok ? 'PASS' : 'FAIL'}  ${c.label}`)
  process.exit(devChecks.every((c) => c.ok) ? 0 : 1)
}

// 0b. The CMS save check alone: `npm run bench -- --save-check`
if (args.includes('--save-check')) {
  const saveChecks = benchSaveCheck(root)
  for (const c of saveChecks) console.log(`${c.ok ? 'PASS' : 'FAIL'}  ${c.label}`)
  process.exit(saveChecks.every((c) => c.ok) ? 0 : 1)
}

// 1. Build
if (!args.includes('--no-build') && !dirArg) {
  const tmp = mkdtempSync(join(tmpdir(), 'bench-'))
  const timingsFile = join(tmp, 'timings.json')
  const started = performance.now()
  try {
    // The build's own output (vite warnings) is shown only when it fails.
    execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/build.ts')], {
      cwd: root,
      env: { ...process.env, BUILD_TIMINGS_FILE: timingsFile },
      stdio: 'pipe',
      maxBuffer: 64 * 1024 * 1024,
    })
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer }
    console.error(`${stdout ?? ''}${stderr ?? ''}\nThe build failed (see above): nothing measured.`)
    process.exit(1)
  }
  const wall = Math.round(performance.now() - started)
  const timings = JSON.parse(readFileSync(timingsFile, 'utf8')) as Record<string, number>
  rmSync(tmp, { recursive: true, force: true })
  const total = Object.values(timings).reduce((a, b) => a + b, 0)
  console.log('## Build\n')
  console.log(
    table(
      ['step', 'ms'],
      [
        ...Object.entries(timings).map(([k, v]) => [k, v]),
        ['total (steps)', total],
        ['wall clock (with Node start)', wall],
      ],
    ),
  )
  checks.push(...buildChecks(timings))
}

// 1b. The content check alone, cold and warm (at most 1 s).
checks.push(...benchValidate(root))
// 1c. The CMS save path's check of one entry (at most 150 ms).
checks.push(...benchSaveCheck(root))

// 2. Page weights
if (!existsSync(join(dir, 'index.html'))) {
  console.error(`No built site in ${dir}: run \`npm run build\` first.`)
  process.exit(1)
}
const { routes } = loadContent(projectDirs(root))
const pages = routes.routes.filter((r) => r.template !== 'notFound')
const paths = pages.flatMap((r) => [r.fr.path, r.en.path])
const site = snapshot(dir)
const server = createStaticHost(site.dir)
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
try {
  const weights = await measurePages(base, paths)
  console.log(`\n## Page weight (gzip, before any interaction; ${weights.length} routes)\n`)
  console.log(
    table(
      ['route', 'HTML gz', 'JS gz', 'JS files', 'requests', 'islands'],
      weights.map((w) => [w.path, kb(w.htmlGz), kb(w.jsGz), w.jsFiles, w.requests, w.islands]),
    ),
  )
  checks.push(...weightChecks(weights))
  const home = pages.find((r) => r.id === 'home')
  checks.push(...homeJsChecks(weights, home ? [home.fr.path, home.en.path] : []))

  // 3. Lighthouse, optional: one route of each kind of page (French path), median of --runs
  // (3) runs, and the same pages with their scripts stripped for the LCP floor.
  if (args.includes('--lighthouse')) {
    const runsArg = args.find((a) => a.startsWith('--runs='))
    const runs = runsArg ? Number(runsArg.slice('--runs='.length)) : 3
    const samples = LIGHTHOUSE_PAGES.map((id) => pages.find((r) => r.id === id)?.fr.path).filter(
      (p): p is string => p !== undefined,
    )
    const stripped = snapshot(site.dir)
    stripScripts(stripped.dir)
    const floorServer = createStaticHost(stripped.dir)
    await new Promise<void>((done) => floorServer.listen(0, '127.0.0.1', done))
    const floorBase = `http://127.0.0.1:${(floorServer.address() as AddressInfo).port}`
    const scores: LighthouseScores[] = []
    const floors: LcpFloor[] = []
    try {
      for (const path of samples) {
        console.error(
          `lighthouse ${path} (${runs} runs; then with and without scripts, throttled loads)...`,
        )
        const s = await medianLighthouse(base, path, runs)
        // Scripts against LCP, on loads really throttled (devtools): the simulation counts any
        // High-priority script (every module script) as render-blocking, async or not, so its
        // LCP is that of a page whose scripts block rendering, which these do not.
        const applied = await medianLighthouse(base, path, runs, ['performance'], 'devtools')
        const floor = await medianLighthouse(floorBase, path, runs, ['performance'], 'devtools')
        scores.push(s)
        floors.push({ path, lcpMs: applied.lcpMs, floorMs: floor.lcpMs, simulatedMs: s.lcpMs })
        console.error(
          `  perf ${s.performance} (runs ${s.runs.join(', ')}), a11y ${s.accessibility}, ` +
            `BP ${s['best-practices']}, SEO ${s.seo}, LCP ${s.lcpMs} ms simulated; ` +
            `throttled load ${applied.lcpMs} ms, without scripts ${floor.lcpMs} ms`,
        )
      }
    } finally {
      floorServer.close()
      stripped.remove()
    }
    console.log(`\n## Lighthouse (mobile preset, median of ${runs} runs)\n`)
    console.log(
      table(
        [
          'route',
          'perf',
          'a11y',
          'best pr.',
          'SEO',
          'CLS',
          'LCP ms (simulated)',
          'LCP throttled',
          'same, no JS',
          'JS transferred',
          'JS gz before interaction',
        ],
        scores.map((s, i) => [
          s.path,
          s.performance,
          s.accessibility,
          s['best-practices'],
          s.seo,
          s.cls,
          s.lcpMs,
          floors[i]?.lcpMs ?? '',
          floors[i]?.floorMs ?? '',
          kb(s.scriptBytes),
          kb(weights.find((w) => w.path === s.path)?.jsGz ?? 0),
        ]),
      ),
    )
    checks.push(...lighthouseChecks(scores), ...lcpFloorChecks(floors))
  }
} finally {
  server.close()
  site.remove()
}

if (!args.includes('--no-dev'))
  checks.push(...(await benchDev(root)), ...(await benchEditors(root)))

console.log('\n## Budgets (design.md §8)\n')
for (const c of checks) console.log(`${c.ok ? 'PASS' : 'FAIL'}  ${c.label}`)
process.exit(checks.every((c) => c.ok) ? 0 : 1)
