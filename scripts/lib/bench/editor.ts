import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, chromium, type Page } from '@playwright/test'
import { parse } from 'yaml'
import type { RouteTable } from '../../../templates/content.ts'
import { pathOf } from '../../../templates/lib/siteModel.ts'
import { CHROMIUM_ARGS, chromiumPath } from '../chromium.ts'
import { type Check, table } from './budgets.ts'
import { devServerOnCopy, median, range } from './dev.ts'

export const EDITOR_BUDGETS = {
  adminInteractiveMs: 3000,
  keystrokeToPreviewMs: 300,
  saveToPreviewMs: 1000,
  checkMs: 150,
} as const

/** A catalogue page with its ratings table, its collection, and its French address. */
const CATALOGUE = { collection: 'transformersMenu', entry: 'transformer-dist-24' }
const TITLE = 'Titre de la page'

export async function benchEditor(root: string, rounds = 5): Promise<Check[]> {
  const { site, base, stop } = await devServerOnCopy(root, 'bench-editor-')
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  const entryUrl = `${base}/admin/#/collections/${CATALOGUE.collection}/entries/${CATALOGUE.entry}`
  const interactive: number[] = []
  const keystroke: number[] = []
  const saved: number[] = []
  const checks: number[] = []
  let first = 0
  try {
    first = await openTimed(browser, entryUrl)
    for (let i = 0; i < rounds; i++) interactive.push(await openTimed(browser, entryUrl))
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
    const page = await context.newPage()
    await page.goto(entryUrl)
    await formReady(page)
    // One column and the preview beside it (Decap shows the preview with one language).
    await page.getByTitle('Édition multilingue').click()
    if (!(await previewFrame(page))) await page.getByTitle('Aperçu', { exact: true }).click()
    const title = page.getByLabel(TITLE, { exact: true }).filter({ visible: true }).first()
    await title.press('End')
    await previewShows(page, await title.inputValue(), 30_000)
    for (let i = 0; i < rounds * 2; i++) {
      const letter = String.fromCharCode(65 + i)
      const text = `${await title.inputValue()}${letter}`
      const start = await page.evaluate(() => performance.now())
      await title.press(letter)
      keystroke.push((await previewShows(page, text, 10_000)) - start)
    }
    // Save, with the page open in another tab of the same browser.
    const sitePage = await context.newPage()
    const routes = parse(readFileSync(join(site, 'content/routes.yaml'), 'utf8')) as RouteTable
    const path = pathOf(routes, CATALOGUE.entry, 'fr')
    await sitePage.goto(`${base}${path}`)
    // The save starts when the editor presses "Publier maintenant" (its own clock: Playwright's
    // click waits for the menu to be still, which is not the editor's time).
    await page.evaluate(() => {
      document.addEventListener(
        'pointerdown',
        (e) => {
          if ((e.target as Element | null)?.textContent?.includes('Publier maintenant'))
            (window as unknown as { savedAt: number }).savedAt = Date.now()
        },
        true,
      )
    })
    for (let i = 0; i < rounds; i++) {
      const text = `Catalogue mesure ${i}`
      await title.fill(text)
      const answer = page.waitForResponse(
        (r) => r.url().endsWith('/api/cms/v1') && /persistEntry/.test(r.request().postData() ?? ''),
      )
      await page.getByRole('button', { name: 'Publier', exact: true }).click()
      await page.getByText('Publier maintenant').click()
      await answer
      // The save's plan (the check of the would-be tree included) runs in the editor's page.
      const plans = await page.evaluate(() =>
        performance.getEntriesByName('editor:save-plan').map((e) => e.duration),
      )
      const plan = plans.at(-1)
      if (plan === undefined) throw new Error('the editor measured no save plan')
      checks.push(Math.round(plan))
      const shown = await sitePage.waitForFunction(
        (t) => document.title.includes(t) && Date.now(),
        text,
        { timeout: 30_000 },
      )
      const clicked = await page.evaluate(() => (window as unknown as { savedAt: number }).savedAt)
      saved.push(((await shown.jsonValue()) as number) - clicked)
    }
    await context.close()
  } finally {
    await browser.close()
    stop()
  }
  const medians = {
    interactive: median(interactive),
    keystroke: median(keystroke),
    saved: median(saved),
    check: median(checks),
  }
  console.log(`\n## The editor of npm run dev (/admin/, entry ${CATALOGUE.entry})\n`)
  console.log(
    table(
      ['measure', 'median ms', 'min ms', 'max ms'],
      [
        [
          '/admin/ first load → form ready',
          Math.round(first),
          Math.round(first),
          Math.round(first),
        ],
        ['/admin/ reopened → form ready', medians.interactive, ...range(interactive)],
        ['keystroke → preview shows it', medians.keystroke, ...range(keystroke)],
        ['"Publier maintenant" → open page shows it', medians.saved, ...range(saved)],
        ['the save planned and checked (in the browser)', medians.check, ...range(checks)],
      ],
    ),
  )
  const check = (ok: boolean, label: string): Check => ({ ok, label })
  return [
    check(
      medians.interactive <= EDITOR_BUDGETS.adminInteractiveMs,
      `/admin/ interactive ≤ ${EDITOR_BUDGETS.adminInteractiveMs} ms (median): ${medians.interactive} ms`,
    ),
    check(
      medians.keystroke <= EDITOR_BUDGETS.keystrokeToPreviewMs,
      `keystroke → preview ≤ ${EDITOR_BUDGETS.keystrokeToPreviewMs} ms (median): ${medians.keystroke} ms`,
    ),
    check(
      medians.saved <= EDITOR_BUDGETS.saveToPreviewMs,
      `save → live preview ≤ ${EDITOR_BUDGETS.saveToPreviewMs} ms (median): ${medians.saved} ms`,
    ),
    check(
      medians.check <= EDITOR_BUDGETS.checkMs,
      `save check of one entry ≤ ${EDITOR_BUDGETS.checkMs} ms (median): ${medians.check} ms`,
    ),
  ]
}

/** Opens the entry in a fresh context; ms from navigation to the form ready to type in. */
async function openTimed(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  const page = await context.newPage()
  const start = performance.now()
  await page.goto(url)
  await formReady(page)
  const ms = performance.now() - start
  await context.close()
  return ms
}

const formReady = (page: Page) =>
  page
    .getByLabel(TITLE, { exact: true })
    .filter({ visible: true })
    .first()
    .waitFor({ state: 'visible', timeout: 60_000 })

/** The preview pane's site frame (inside Decap's preview frame), if shown. */
async function previewFrame(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      !![...document.querySelectorAll('iframe')].some((f) =>
        f.contentDocument?.querySelector('iframe[data-preview-lang]'),
      ),
  )
}

/** Waits, in the page, until the preview's document title holds `text`; returns that moment. */
function previewShows(page: Page, text: string, timeout: number): Promise<number> {
  // No named function inside: tsx's esbuild would wrap it in a __name() the page lacks.
  return page.evaluate(
    async ({ text, timeout }) => {
      const until = performance.now() + timeout
      for (;;) {
        for (const outer of document.querySelectorAll('iframe')) {
          const inner = outer.contentDocument?.querySelector<HTMLIFrameElement>(
            'iframe[data-preview-lang]',
          )
          if (inner?.contentDocument?.title.includes(text)) return performance.now()
        }
        if (performance.now() > until) throw new Error(`preview never showed ${text}`)
        await new Promise((r) => requestAnimationFrame(r))
      }
    },
    { text, timeout },
  )
}
