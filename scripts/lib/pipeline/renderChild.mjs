// Child process of renderPages.ts: renders its share of the pages with vike's renderPage() from
// the server bundle in the build's staging folder, as vike's prerender() would (same HTML, same
// files: the build's output was compared byte for byte), but without vite: prerender() first
// resolves the whole vite and vike configuration (about 3 s and 300 MB per process), while
// renderPage() needs only the bundle. Plain JavaScript, run by node without tsx: a renderer
// starts in a fraction of the time, and it needs nothing of this repository but the bundle
// (which includes the page analysis it hands back to the build with the pages it wrote).
import { linkSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'

/**
 * @typedef {object} RenderRequest
 * @property {string} contentDir content/ of the project built (the key of the hand-off)
 * @property {string} outDir the staging folder: server/ holds the bundle, client/ gets the pages
 * @property {string | undefined} previousDir the last build's client/, if any
 * @property {unknown} content the content the build validated
 * @property {{ path: string, file: string, status: number, search?: unknown }[]} jobs what to
 *   render, where to write it, the status the page must answer (an error is answered with the
 *   error page), and the page as the search index lists it if it does (searchDocument.ts)
 */

// The hand-off of scripts/lib/content/load.ts (handOverValidated): the renderer takes the
// content the build validated instead of validating it again. Same key (a unit test checks).
export const HANDOFF = Symbol.for('transfo-site.validated-content')

/** Pages whose analyses are handed to the build in one message. */
const ANALYSES_PER_MESSAGE = 32
const verbose = Boolean(process.env.BUILD_VERBOSE)
const started = performance.now()
const log = (what) =>
  verbose &&
  console.error(`renderer ${process.pid}: ${what} at ${Math.round(performance.now() - started)} ms`)

// Loaded while the build validates the content and bundles the code (vike's server runtime and
// React: what the bundle imports); the bundle itself once it exists.
const preloaded = Promise.all([import('vike/server'), import('react'), import('react-dom/server')])
preloaded.then(
  () => {
    // vike answers each page with a Headers object: Node loads its fetch implementation
    // (undici) on the first use of that global, half a second (profiled): here, not on page one.
    void globalThis.Headers
    log('vike and React loaded')
  },
  () => {},
)

process.once('message', (/** @type {RenderRequest} */ request) => {
  log('content received')
  render(request).then(
    (analyses) => {
      log(`done, peak ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`)
      // Exits once the last analyses are handed over (an exit before would cut the message).
      process.send({ analyses }, () => process.exit(0))
    },
    (error) => {
      console.error(error?.stack ?? String(error))
      process.exit(1)
    },
  )
})

/** @param {RenderRequest} request */
async function render({ contentDir, outDir, previousDir, content, jobs }) {
  globalThis[HANDOFF] = { dir: contentDir, content }
  // The bundle registers itself with vike's runtime when imported.
  const [{ renderPage }] = await preloaded
  await import(pathToFileURL(join(outDir, 'server', 'entry.mjs')).href)
  // What the build reads of each page afterwards (pageAnalysis.ts, bundled with the server code
  // by codeBuildChild.mjs), taken here from the page in memory.
  const { analysePage } = await import(
    pathToFileURL(join(outDir, 'server', 'pageAnalysis.mjs')).href
  )
  log('bundle loaded')
  /**
   * The analyses not handed over yet: they go in batches while the pages are rendered, not all at
   * the end, where one message of 500 pages' analyses (the search documents among them) held the
   * build's end by 0.7 s at N=500 and its copies raised the peak memory.
   * @type {[string, unknown][]}
   */
  let analyses = []
  const made = new Set()
  for (const { path, status, file, search } of jobs) {
    const pageContext = await renderPage({ urlOriginal: path })
    const response = pageContext.httpResponse
    // renderPage() answers an error with the error page (vike logs the error): the build fails.
    if (!response || response.statusCode !== status)
      throw new Error(
        `Rendering ${path} answered ${response?.statusCode ?? 'nothing'}, not ${status}`,
      )
    // Synchronous: a page is a few dozen kB, and awaiting each write left the process idle for
    // a fifth of its time (profiled); each folder is made once.
    const target = join(outDir, 'client', file)
    const folder = dirname(target)
    if (!made.has(folder)) mkdirSync(folder, { recursive: true })
    made.add(folder)
    writePage(target, response.body, previousDir && join(previousDir, file))
    analyses.push([file, analysePage(file, response.body, search)])
    if (analyses.length === ANALYSES_PER_MESSAGE) {
      process.send({ analyses })
      analyses = []
    }
    // A turn of the event loop: rendering a page awaits only promises that are already resolved,
    // so without it the messages would wait in the pipe until the last page.
    await new Promise((turn) => setImmediate(turn))
    if (path === jobs[0]?.path) log('first page')
  }
  return analyses
}

/**
 * Writes a page, or links the last build's file when it holds the same bytes: a new file costs
 * 0.2-1.1 ms of kernel time on ext4 here, reading and linking an old one a tenth of that
 * (scripts/lib/outputFiles.ts says more).
 * @param {string} target
 * @param {string} body
 * @param {string | undefined} previous
 */
function writePage(target, body, previous) {
  if (previous)
    try {
      // The size first: a changed page is mostly a page of another length.
      if (
        statSync(previous).size === Buffer.byteLength(body) &&
        readFileSync(previous).equals(Buffer.from(body))
      ) {
        linkSync(previous, target)
        return
      }
    } catch {
      // No such page before, or no link possible (another file system): written.
    }
  writeFileSync(target, body)
}
