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
  try {
    const page = await browser.newPage()
    await page.addInitScript(DRAWN_TIMES)
    /** When the page drew `what` (a key of DRAWN_TIMES), after Playwright's wait found it. */
    const drawnAt = (what: string) =>
      page.evaluate(async (key) => {
        // Playwright may find it before the frame that draws it: that frame first.
        await new Promise((frame) => requestAnimationFrame(frame))
        const drawn = (window as unknown as { __drawn: Record<string, number> }).__drawn
        return key === 'overlay'
          ? drawn.overlay
          : Object.entries(drawn).find(([k]) => k.startsWith('h1:') && k.includes(key))?.[1]
      }, what)
    await page.goto(`${base}${PAGE}`)
    // The first visit makes Vite transform the page's modules: not an edit to time.
    await page.waitForLoadState('networkidle')
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
      ],
    ),
  )
  return [
    {
      ok: visibleMs <= DEV_BUDGETS.editToVisibleMs,
      label: `dev edit → visible ≤ ${DEV_BUDGETS.editToVisibleMs} ms (median): ${visibleMs} ms`,
    },
    {
      ok: overlayMs <= DEV_BUDGETS.editToOverlayMs,
      label: `dev broken edit → overlay ≤ ${DEV_BUDGETS.editToOverlayMs} ms (median): ${overlayMs} ms`,
    },
  ]
}

type Timings = { drawn: number[]; waited: number[] }
const timings = (): Timings => ({ drawn: [], waited: [] })

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
