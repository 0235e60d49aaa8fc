// The editor's loop, timed (design.md §9, issue 8): `vike dev` serves a copy of the content
// with a page open in Chromium; the bench saves a file and measures until the open page shows
// the edit (edit-to-visible) or Vite's overlay lists the mistake (edit-to-overlay).
import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from '../chromium.ts'
import { type Check, table } from './budgets.ts'

export const DEV_BUDGETS = { editToVisibleMs: 1000, editToOverlayMs: 500 } as const

const PAGE = '/presentation'
const FILE = 'content/fr/presentation.yaml'
const HEADING = /^heading: .*$/m

/** Times `edits` rounds of edit, broken save, fix; prints a table and returns the budget checks. */
export async function benchDev(root: string, edits = 7): Promise<Check[]> {
  const { site, base, stop } = await devServerOnCopy(root, 'bench-dev-')
  const file = join(site, FILE)
  const original = readFileSync(file, 'utf8')
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  const visible: number[] = []
  const overlay: number[] = []
  const fixed: number[] = []
  try {
    const page = await browser.newPage()
    await page.goto(`${base}${PAGE}`)
    // The first visit makes Vite optimize dependencies and reload once: not an edit to time.
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(1500)
    const save = (text: string) => {
      writeFileSync(file, text)
      return performance.now()
    }
    for (let i = 1; i <= edits; i++) {
      const heading = `Mesure ${i}`
      const savedAt = save(original.replace(HEADING, `heading: ${heading}`))
      await page.locator('h1', { hasText: heading }).waitFor({ timeout: 30_000 })
      visible.push(performance.now() - savedAt)

      const brokenAt = save(original.replace(HEADING, `heading: [${heading}`))
      await page.locator('vite-error-overlay').waitFor({ state: 'attached', timeout: 30_000 })
      overlay.push(performance.now() - brokenAt)

      const fixedAt = save(original.replace(HEADING, `heading: ${heading} bis`))
      await page.locator('h1', { hasText: `${heading} bis` }).waitFor({ timeout: 30_000 })
      fixed.push(performance.now() - fixedAt)
    }
  } finally {
    await browser.close()
    stop()
  }
  const visibleMs = median(visible)
  const overlayMs = median(overlay)
  console.log(`\n## Dev server: editor's loop (${edits} edits of ${FILE}, page ${PAGE})\n`)
  console.log(
    table(
      ['measure', 'median ms', 'min ms', 'max ms'],
      [
        ['edit → visible in the open page', visibleMs, ...range(visible)],
        ['broken edit → error overlay', overlayMs, ...range(overlay)],
        ['fix → overlay gone, page shown', median(fixed), ...range(fixed)],
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

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  const m = sorted.length % 2 ? sorted[mid] : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
  return Math.round(m ?? 0)
}

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
