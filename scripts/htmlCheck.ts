// HTML validity of the built site: the Nu HTML checker (npm vnu-jar, run with the machine's
// Java) on every .html file of dist/client, and on the editor's guide (/admin/aide/). Errors and
// warnings fail; the checker's "info"
// notes (e.g. trailing slashes on void elements, which React writes) are not findings.
//   npm run test:html                  every page of dist/client
//   npm run test:html -- --dir=<path>  another build
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { GUIDE_DIR, writeGuide } from './lib/cms/guidePage.ts'
import { requireBuiltSite } from './testing/builtSite.ts'

type NuMessage = {
  type: 'error' | 'info' | 'non-document-error'
  subType?: 'warning' | 'fatal'
  url?: string
  message: string
  lastLine?: number
  firstColumn?: number
  lastColumn?: number
}

const dir = requireBuiltSite()

/** The checker's findings that count: errors and warnings, never its info notes. */
function findingsOf(messages: NuMessage[]): NuMessage[] {
  return messages.filter((m) => m.type !== 'info' || m.subType === 'warning')
}

/** One run of the checker (one Java start, about 3 s of CPU) over every target given. */
function runChecker(targets: string[]): NuMessage[] {
  const jar = createRequire(import.meta.url)('vnu-jar') as string
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' })
  if (java.error) {
    console.error(
      'The Nu HTML checker needs Java: on Debian `apt-get install -y default-jre-headless`.',
    )
    process.exit(1)
  }
  const run = spawnSync(
    'java',
    [
      '-Xss4m',
      '-jar',
      jar,
      '--skip-non-html',
      '--format',
      'json',
      '--exit-zero-always',
      ...targets,
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
  if (run.status !== 0) {
    console.error(`The Nu HTML checker failed to run:\n${run.stderr}`)
    process.exit(1)
  }
  // The checker writes its JSON report to stderr.
  return (JSON.parse(run.stderr) as { messages: NuMessage[] }).messages
}

const start = performance.now()
// The editor's guide (/admin/aide/) is in a build with the editor only: without it, the page the
// build would write (guidePage.ts) is checked from a temporary folder.
const guide = existsSync(join(dir, GUIDE_DIR, 'index.html'))
  ? undefined
  : mkdtempSync(join(tmpdir(), 'guide-html-'))
if (guide) writeGuide(guide, fileURLToPath(new URL('..', import.meta.url)))
const findings = findingsOf(runChecker(guide ? [dir, join(guide, GUIDE_DIR, 'index.html')] : [dir]))
if (guide) rmSync(guide, { recursive: true, force: true })
for (const m of findings) {
  const file = m.url ? relative(process.cwd(), fileURLToPath(m.url)) : dir
  const kind = m.type === 'info' ? 'warning' : 'error'
  console.log(
    `${file}:${m.lastLine ?? 1}:${m.firstColumn ?? m.lastColumn ?? 1}  ${kind}  ${m.message}`,
  )
}
const errors = findings.filter((m) => m.type !== 'info').length
const warnings = findings.length - errors
console.log(
  `html: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'} (Nu HTML checker, ${Math.round(performance.now() - start)} ms)`,
)
process.exit(findings.length ? 1 : 0)
