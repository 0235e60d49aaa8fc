// The editor's loop, timed (design.md §9): `vike dev` serves a copy of the content
// with a page open in Chromium; the bench saves a file and measures until the open page shows
// the edit (edit-to-visible) or Vite's overlay lists the mistake (edit-to-overlay), as the page
// notes the frame that drew it (DRAWN_TIMES). Playwright's wait polls at 0, 20, 70, 170, 270 ms,
// then every 500 ms: it returns up to 100 ms (500 past 270 ms) after the page showed the change.
// Its figure is printed beside.
import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from '../testing/chromium.ts'
import { type Check, table } from './budgets.ts'
import { median } from './median.ts'

// design.md, the editor's loop: on a quiet machine (a loaded one gives more: the bench says FAIL, no test does).
export const DEV_BUDGETS = { editToVisibleMs: 400, editToOverlayMs: 100 } as const

const PAGE = '/presentation'
const FILE = 'content/fr/presentation.yaml'
const HEADING = /^heading: .*$/m

/**
 * Runs in the page (each document, from its start): the time (Date.now(), the machine's clock,
 * as the bench's) of the animation frame that first drew Vite's overlay (`overlay`) and each
 * text of the page's h1 (`h1:<text>`). A frame callback runs just before the frame is painted.
 * A string, not a function: tsx's transform would add helpers the page does not have.
 */
const DRAWN_TIMES = `{
  const drawn = (window.__drawn = {})
  let pending = false
  const note = () => {
    pending = false
    const now = Date.now()
    if (document.querySelector('vite-error-overlay')) drawn.overlay ??= now
    const heading = document.querySelector('h1')?.textContent
    if (heading) drawn['h1:' + heading] ??= now
    for (const a of document.querySelectorAll('a[href^="/essai-"]'))
      drawn['link:' + a.getAttribute('href')] ??= now
  }
  new MutationObserver(() => {
    if (!pending) requestAnimationFrame(note)
    pending = true
  }).observe(document, { childList: true, subtree: true, characterData: true })
}`

/** Times `edits` rounds of edit, broken save, fix; prints a table and returns the budget checks. */
export async function benchDev(root: string, edits = 11): Promise<Check[]> {
  const { site, base, stop } = await devServerOnCopy(root, 'bench-dev-')
  const file = join(site, FILE)
  const original = readFileSync(file, 'utf8')
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  const visible = timings()
  const overlay = timings()
  const fixed = timings()
  const routed = timings()
  try {
    const page = await browser.newPage()
    await page.addInitScript(DRAWN_TIMES)
    /** When the page drew `what` (a key of DRAWN_TIMES), after Playwright's wait found it. */
    const drawnAt = (what: string) =>
      page.evaluate(async (key) => {
        // Playwright may find it before the frame that draws it: that frame first.
        await new Promise((frame) => requestAnimationFrame(frame))
        const drawn = (window as unknown as { __drawn: Record<string, number> }).__drawn
        if (key === 'overlay' || key.startsWith('link:')) return drawn[key]
        return Object.entries(drawn).find(([k]) => k.startsWith('h1:') && k.includes(key))?.[1]
      }, what)
    await page.goto(`${base}${PAGE}`)
    // The first visit makes Vite transform the page's modules: not an edit to time.
    await page.waitForLoadState('networkidle')
    /**
     * Where a reload's time went, from the save: until the page began to load again (the dev
     * server's read of the content and its message), the page's HTML (rendered by the server),
     * and the rest until it drew (its scripts, styles and hydration).
     */
    const splitOf = async (savedAt: number, drawn: number): Promise<Split> => {
      const nav = await page.evaluate(() => {
        const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
        return {
          origin: performance.timeOrigin,
          requestStart: entry.requestStart,
          responseEnd: entry.responseEnd,
        }
      })
      const loadStart = nav.origin - savedAt
      const html = nav.responseEnd - nav.requestStart
      return { loadStart, html, rest: drawn - savedAt - (loadStart + nav.responseEnd) }
    }
    /** Saves `text`, waits until the page shows `what`; notes both times from the save. */
    const saveUntil = async (text: string, what: string, into: Timings) => {
      writeFileSync(file, text)
      const savedAt = Date.now()
      const shown =
        what === 'overlay'
          ? page.locator('vite-error-overlay').waitFor({ state: 'attached', timeout: 30_000 })
          : page.locator('h1', { hasText: what }).waitFor({ timeout: 30_000 })
      await shown
      into.waited.push(Date.now() - savedAt)
      const drawn = await drawnAt(what)
      if (drawn === undefined) throw new Error(`the page did not note when it drew ${what}`)
      into.drawn.push(drawn - savedAt)
      if (what !== 'overlay') into.split.push(await splitOf(savedAt, drawn))
    }
    // Texts no run saved before: the parse cache (parseCache.ts, kept across processes) has
    // none of them, as of an editor's real edit.
    const run = Date.now().toString(36)
    for (let i = 1; i <= edits; i++) {
      const heading = `Mesure ${run} ${i}`
      await saveUntil(original.replace(HEADING, `heading: ${heading}`), heading, visible)
      await saveUntil(original.replace(HEADING, `heading: [${heading}`), 'overlay', overlay)
      await saveUntil(original.replace(HEADING, `heading: ${heading} bis`), `${heading} bis`, fixed)
    }
    // A page added: its two files, its menu labels and its line in routes.yaml written in one
    // batch, as the dev editor's « Nouvelle page » writes them; until the open page's menu (on
    // every page) links to it. Then taken away again.
    for (let i = 1; i <= ROUTE_ROUNDS; i++) {
      const path = `/essai-${run}-${i}`
      const added = addedPage(site, `essai-${run}-${i}`, path)
      const savedAt = Date.now()
      for (const [file, text] of added.files) writeFileSync(file, text)
      await page.locator(`a[href="${path}"]`).waitFor({ state: 'attached', timeout: 30_000 })
      routed.waited.push(Date.now() - savedAt)
      const drawn = await drawnAt(`link:${path}`)
      if (drawn === undefined) throw new Error(`the page did not note when it drew ${path}`)
      routed.drawn.push(drawn - savedAt)
      routed.split.push(await splitOf(savedAt, drawn))
      added.restore()
      await page.locator(`a[href="${path}"]`).waitFor({ state: 'detached', timeout: 30_000 })
    }
  } finally {
    await browser.close()
    stop()
  }
  const visibleMs = medianMs(visible.drawn)
  const overlayMs = medianMs(overlay.drawn)
  const row = (measure: string, t: Timings) => [
    measure,
    medianMs(t.drawn),
    ...range(t.drawn),
    medianMs(t.waited),
  ]
  console.log(`\n## Dev server: editor's loop (${edits} edits of ${FILE}, page ${PAGE})\n`)
  console.log(
    table(
      ['measure (save → drawn)', 'median ms', 'min ms', 'max ms', "Playwright's wait, median ms"],
      [
        row('edit → visible in the open page', visible),
        row('broken edit → error overlay', overlay),
        row('fix → overlay gone, page shown', fixed),
        row('page added (routes.yaml and its files) → linked in the menu', routed),
      ],
    ),
  )
  console.log(
    `\neach run, page added → linked in the menu (ms): ${routed.drawn.map(Math.round).join(', ')}`,
  )
  const splitRow = (measure: string, t: Timings) => [
    measure,
    medianMs(t.split.map((x) => x.loadStart)),
    medianMs(t.split.map((x) => x.html)),
    medianMs(t.split.map((x) => x.rest)),
  ]
  console.log(
    `\n${table(
      [
        'where the time goes (medians)',
        'save → page reloading, ms',
        'its HTML (server render), ms',
        'scripts, styles, drawn, ms',
      ],
      [
        splitRow('edit → visible', visible),
        splitRow('fix → page shown', fixed),
        splitRow('page added → in the menu', routed),
      ],
    )}`,
  )
  const routedMs = medianMs(routed.drawn)
  return [
    {
      ok: visibleMs <= DEV_BUDGETS.editToVisibleMs,
      label: `dev edit → visible ≤ ${DEV_BUDGETS.editToVisibleMs} ms (median): ${visibleMs} ms`,
    },
    {
      ok: routedMs <= DEV_BUDGETS.editToVisibleMs,
      label: `dev page added in routes.yaml → in the open page's menu ≤ ${DEV_BUDGETS.editToVisibleMs} ms (median): ${routedMs} ms`,
    },
    {
      ok: overlayMs <= DEV_BUDGETS.editToOverlayMs,
      label: `dev broken edit → overlay ≤ ${DEV_BUDGETS.editToOverlayMs} ms (median): ${overlayMs} ms`,
    },
  ]
}

/** Pages added (and taken away) in the dev loop's route case. */
const ROUTE_ROUNDS = 5

/**
 * The files of a page `id` at `path` added to the copy under « Services »: its two language files,
 * its menu labels, its route and its menu entry; and how to put the copy back as it was.
 */
function addedPage(site: string, id: string, path: string) {
  const at = (file: string) => join(site, file)
  const before = new Map<string, string>()
  const files = new Map<string, string>()
  const edit = (file: string, from: RegExp, to: string) => {
    const text = readFileSync(at(file), 'utf8')
    before.set(at(file), text)
    files.set(at(file), text.replace(from, to))
  }
  const page = (title: string) =>
    `title: ${title}\ndescription: "${title}: a page added while the dev server runs."\nheading: ${title}\nblocks: []\n`
  files.set(at(`content/fr/${id}.yaml`), page('Essai en direct'))
  files.set(at(`content/en/${id}.yaml`), page('Live test'))
  edit('content/i18n/fr.yaml', /^nav:\n/m, `nav:\n  ${id}: Essai en direct\n`)
  edit('content/i18n/en.yaml', /^nav:\n/m, `nav:\n  ${id}: Live test\n`)
  // Its route, and its place in the menu (after « Formation »), as « Nouvelle page » writes them.
  const routes = 'content/routes.yaml'
  const table = readFileSync(at(routes), 'utf8')
  before.set(at(routes), table)
  files.set(
    at(routes),
    table
      .replace(
        /^routes:\n/m,
        `routes:\n  - { id: ${id}, template: page, parent: services, fr: { path: ${path} }, en: { path: /en${path} } }\n`,
      )
      .replace(/^( +)- page: training\n/m, `$1- page: training\n$1- page: ${id}\n`),
  )
  return {
    files,
    restore() {
      for (const [file, text] of before) writeFileSync(file, text)
      for (const file of files.keys()) if (!before.has(file)) rmSync(file)
    },
  }
}

/** A reload's time, from the save (splitOf). */
type Split = { loadStart: number; html: number; rest: number }
type Timings = { drawn: number[]; waited: number[]; split: Split[] }
const timings = (): Timings => ({ drawn: [], waited: [], split: [] })

/**
 * `npm run dev` as an editor runs it (its own process; its log is not the bench's), serving a
 * fresh copy of the content: its address, the copy, and how to stop it and remove the copy.
 */
export async function devServerOnCopy(root: string, prefix: string) {
  const site = mkdtempSync(join(tmpdir(), prefix))
  for (const dir of ['content', 'public'])
    cpSync(join(root, dir), join(site, dir), { recursive: true })
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const server = spawn('npx', ['vike', 'dev', '--port', String(port)], {
    cwd: root,
    env: { ...process.env, SITE_ROOT: site },
    stdio: 'ignore',
    detached: true,
  })
  await waitFor(`${base}/favicon.svg`)
  const stop = () => {
    if (server.pid) process.kill(-server.pid)
    rmSync(site, { recursive: true, force: true })
  }
  return { site, base, stop }
}

/** The median in whole ms, as the editor's tables and budgets give it (with `range`). */
export const medianMs = (values: number[]): number => Math.round(median(values))

export const range = (values: number[]): number[] => [
  Math.round(Math.min(...values)),
  Math.round(Math.max(...values)),
]

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`The dev server did not answer ${url} within ${timeoutMs / 1000} s`)
}
