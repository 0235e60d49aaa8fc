// Accessibility audit of the built site: pa11y-ci (axe + HTML_CodeSniffer, WCAG 2 AA) on every
// route of content/routes.yaml in both languages (aliases included), on the 404 pages and on the
// editor's guide (/admin/aide/), served
// from dist/client like a static host. Prints the errors of each route; exits 1 on any.
//   npm run test:a11y                 every route
//   npm run test:a11y -- /contact /en only these paths (--dir=<path> audits another build)
// The effective pa11y-ci configuration is written to reports/pa11yci.json (usable with the CLI
// while a server runs on the same port).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { allPagePaths } from '../templates/lib/siteModel.ts'
import { snapshot } from './bench/snapshot.ts'
import { GUIDE_DIR, GUIDE_PATH, writeGuide } from './lib/cms/guidePage.ts'
import { loadContent, projectDirs } from './lib/content/load.ts'
import { createStaticHost } from './lib/serve/staticHost.ts'
import { requireBuiltSite } from './testing/builtSite.ts'
import { CHROMIUM_ARGS, headlessShellPath } from './testing/chromium.ts'

type Issue = {
  code: string
  type: string
  message: string
  selector: string
  context: string | null
  runner: string
}
type Report = {
  total: number
  passes: number
  errors: number
  results: Record<string, (Issue | Error)[]>
}
type Pa11yCi = (urls: string[], options: Record<string, unknown>) => Promise<Report>

const root = fileURLToPath(new URL('..', import.meta.url))
const dir = requireBuiltSite()

// The route table as the content model reads it (validated, like the build that made dist/).
const { routes } = loadContent(projectDirs(root))
const notFound = routes.routes
  .filter((r) => r.template === 'notFound')
  .flatMap((r) => [r.fr.path, r.en.path])
const requested = process.argv.slice(2).filter((a) => a.startsWith('/'))
const paths = requested.length
  ? requested
  : [...allPagePaths(routes).filter((p) => !notFound.includes(p)), '/nope', '/en/nope', GUIDE_PATH]

/**
 * The forms in their error state: submitted empty, so every field message and the error
 * summary are on the page (a `#…-error-state` fragment keeps each result apart).
 */
const FORMS_IN_ERROR = [
  ['/contact', 'formulaire'],
  ['/en/contact', 'form'],
  ['/form', 'formulaire'],
  ['/en/form', 'form'],
  ['/carrieres', 'postuler'],
  ['/en/carriers', 'apply'],
] as const
const errorStates = requested.length
  ? []
  : FORMS_IN_ERROR.map(([path, id]) => ({
      path: `${path}#${id}-error-state`,
      actions: [
        // The form is inert until it is live (hydrated, then its reveal delay): a click before
        // that reaches nothing, and the summary never comes.
        `wait for element #${id} [data-phase="editing"] to be added`,
        `click element #${id} button[type="submit"]`,
        `wait for element #${id} .form-summary to be visible`,
      ],
    }))
const targets = [...paths.map((path) => ({ path, actions: [] as string[] })), ...errorStates]

// Served from a copy: a rebuild of dist/ meanwhile cannot disturb the audit.
const site = snapshot(dir)
// The editor's guide (/admin/aide/) is in a build with the editor only: a build without it gets
// the page the build would write (guidePage.ts), in the copy, so the audit always reaches it.
if (!existsSync(join(site.dir, GUIDE_DIR, 'index.html'))) writeGuide(site.dir, root)
const server = createStaticHost(site.dir)
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

const options = {
  concurrency: 2,
  runners: ['axe', 'htmlcs'],
  standard: 'WCAG2AA',
  // axe's "needs review" results (e.g. text over a gradient, whose contrast it cannot compute)
  // are not failures: only confirmed violations count.
  levelCapWhenNeedsReview: 'warning',
  // The reveal overlay fades out after 200 ms (600 ms on the English home page).
  wait: 800,
  timeout: 90_000,
  reporters: [],
  // One shared browser context: pa11y-ci's incognito contexts break under load (closed targets).
  useIncognitoBrowserContext: false,
  chromeLaunchConfig: {
    executablePath: headlessShellPath(),
    args: ['--headless=new', ...CHROMIUM_ARGS],
  },
}
mkdirSync(`${root}reports`, { recursive: true })
writeFileSync(
  `${root}reports/pa11yci.json`,
  `${JSON.stringify({ defaults: options, urls: targets.map(toUrl) }, null, 2)}\n`,
)

function toUrl(t: { path: string; actions: string[] }) {
  return t.actions.length ? { url: base + t.path, actions: t.actions } : base + t.path
}

const pa11yCi = createRequire(import.meta.url)('pa11y-ci') as Pa11yCi
const started = performance.now()
console.log(
  `pa11y-ci (axe + htmlcs, WCAG2AA) on ${paths.length} routes and ${errorStates.length} forms in their error state...`,
)
let report: Report
try {
  // The routes two at a time. The forms one at a time: pa11y-ci opens its pages as tabs of one
  // window, and Chromium (--headless=new) renders only the front tab; a form in a hidden tab
  // never comes near the viewport, so it never hydrates, and the click finds it inert. With
  // two at once, /en/contact's audit timed out in 1 CI run of about 5 (checked with puppeteer:
  // of two tabs loading a form page at once, the hidden one never hydrates).
  const routes = await pa11yCi(
    paths.map((path) => base + path),
    options,
  )
  const forms = errorStates.length
    ? await pa11yCi(errorStates.map(toUrl) as unknown as string[], { ...options, concurrency: 1 })
    : { total: 0, passes: 0, errors: 0, results: {} }
  report = {
    total: routes.total + forms.total,
    passes: routes.passes + forms.passes,
    errors: routes.errors + forms.errors,
    results: { ...routes.results, ...forms.results },
  }
} finally {
  server.close()
  site.remove()
}

let errors = 0
let failedRuns = 0
const width = Math.max(...targets.map((t) => t.path.length))
for (const { path } of targets) {
  const results = report.results[base + path] ?? []
  const crashes = results.filter((r): r is Error => r instanceof Error || !('runner' in r))
  const issues = results.filter((r): r is Issue => !(r instanceof Error) && 'runner' in r)
  const count = (runner: string) => issues.filter((i) => i.runner === runner).length
  errors += issues.length
  failedRuns += crashes.length
  const status = crashes.length ? 'RUN FAILED' : issues.length ? 'FAIL' : 'ok'
  console.log(
    `${path.padEnd(width)}  axe ${String(count('axe')).padStart(2)}  htmlcs ${String(count('htmlcs')).padStart(2)}  ${status}`,
  )
  for (const c of crashes) console.log(`    ! ${(c as Error).message ?? String(c)}`)
  for (const i of issues)
    console.log(
      `    [${i.runner}] ${i.code}\n      ${i.selector}\n      ${i.message.split('\n')[0]}`,
    )
}
writeFileSync(`${root}reports/a11y.json`, `${JSON.stringify(report, null, 2)}\n`)
const seconds = ((performance.now() - started) / 1000).toFixed(0)
console.log(
  `\n${paths.length} routes + ${errorStates.length} error states, ${errors} accessibility error${errors === 1 ? '' : 's'}, ${failedRuns} failed run${failedRuns === 1 ? '' : 's'} (${seconds} s). Details: reports/a11y.json`,
)
process.exit(errors || failedRuns ? 1 : 0)
