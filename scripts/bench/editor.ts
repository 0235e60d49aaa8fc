import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, chromium, type Locator, type Page } from '@playwright/test'
import { parse } from 'yaml'
import type { RouteTable } from '../../templates/content.ts'
import { pathOf } from '../../templates/lib/siteModel.ts'
import { CHROMIUM_ARGS, chromiumPath } from '../testing/chromium.ts'
import { type Check, table } from './budgets.ts'
import { devServerOnCopy, medianMs, range } from './dev.ts'

/** The editors' budgets (docs/performance.md), the same for both editors. */
export const EDITOR_BUDGETS = {
  /** `/admin/` opened again (the browser's cache and storage kept) until the form is ready. */
  adminInteractiveMs: 3000,
  /** The first visit (nothing cached in the browser), reading the repository included. */
  firstVisitMs: 6000,
  keystrokeToPreviewMs: 300,
  /** "Publier maintenant" to the commit made (the dev store's write, the git host's ref moved). */
  publishToCommitMs: 1000,
  /** "Publier maintenant" to a tab of the site showing the change (dev: the live reload). */
  saveToPreviewMs: 1000,
  checkMs: 150,
} as const

/** A catalogue page with its ratings table, its collection, and its French address. */
export const CATALOGUE = { collection: 'transformersMenu', entry: 'transformer-dist-24' }
const TITLE = 'Titre de la page'

/** The editor of `npm run dev` on a copy of the content. */
export async function benchDevEditor(root: string, rounds = 5): Promise<Check[]> {
  const { site, base, stop } = await devServerOnCopy(root, 'bench-editor-')
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  const entryUrl = `${base}/admin/#/collections/${CATALOGUE.collection}/entries/${CATALOGUE.entry}`
  const interactive: number[] = []
  const sizes: FormSize[] = []
  const keystroke: number[] = []
  const saved: number[] = []
  const written: number[] = []
  const checks: number[] = []
  let first = 0
  try {
    first = await openTimed(browser, entryUrl, sizes)
    for (let i = 0; i < rounds; i++) interactive.push(await openTimed(browser, entryUrl, sizes))
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
    const page = await context.newPage()
    await page.goto(entryUrl)
    await formReady(page)
    const title = await showPreview(page)
    keystroke.push(...(await typeTimed(page, title, rounds * 2)))
    // Save, with the page open in another tab of the same browser.
    const sitePage = await context.newPage()
    const routes = parse(readFileSync(join(site, 'content/routes.yaml'), 'utf8')) as RouteTable
    const path = pathOf(routes, CATALOGUE.entry, 'fr')
    await sitePage.goto(`${base}${path}`)
    await markPublishClick(page)
    for (let i = 0; i < rounds; i++) {
      const text = `Catalogue mesure ${i}`
      await title.fill(text)
      const answer = page.waitForResponse(
        (r) => r.url().endsWith('/api/cms/v1') && /persistEntry/.test(r.request().postData() ?? ''),
      )
      await page.getByRole('button', { name: 'Publier', exact: true }).click()
      await page.getByText('Publier maintenant').click()
      await answer
      const answered = Date.now()
      written.push(answered - (await publishClickedAt(page)))
      checks.push(await lastSavePlan(page))
      const shown = await sitePage.waitForFunction(
        (t) => document.title.includes(t) && Date.now(),
        text,
        { timeout: 30_000 },
      )
      saved.push(((await shown.jsonValue()) as number) - (await publishClickedAt(page)))
    }
    await context.close()
  } finally {
    await browser.close()
    stop()
  }
  const medians = {
    interactive: medianMs(interactive),
    keystroke: medianMs(keystroke),
    written: medianMs(written),
    saved: medianMs(saved),
    check: medianMs(checks),
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
        ...formSizeRows(sizes),
        ['keystroke → preview shows it', medians.keystroke, ...range(keystroke)],
        [
          '"Publier maintenant" → files written (the store\'s answer)',
          medians.written,
          ...range(written),
        ],
        ['"Publier maintenant" → open page shows it', medians.saved, ...range(saved)],
        ['the save planned and checked (in the browser)', medians.check, ...range(checks)],
      ],
    ),
  )
  console.log(
    `\neach run, "Publier maintenant" → open page shows it (ms): ${saved.map(Math.round).join(', ')}`,
  )
  return [
    ...editorChecks('dev editor', {
      first,
      reopened: medians.interactive,
      keystroke: medians.keystroke,
      commit: medians.written,
      check: medians.check,
    }),
    check(
      medians.saved <= EDITOR_BUDGETS.saveToPreviewMs,
      `dev editor: save → live preview ≤ ${EDITOR_BUDGETS.saveToPreviewMs} ms (median): ${medians.saved} ms`,
    ),
  ]
}

const check = (ok: boolean, label: string): Check => ({ ok, label })

/** The budgets both editors are held to, on their medians (`first`: one visit). */
export function editorChecks(
  editor: string,
  m: { first: number; reopened: number; keystroke: number; commit: number; check: number },
): Check[] {
  const b = EDITOR_BUDGETS
  return [
    check(
      m.first <= b.firstVisitMs,
      `${editor}: /admin/ first visit ≤ ${b.firstVisitMs} ms: ${Math.round(m.first)} ms`,
    ),
    check(
      m.reopened <= b.adminInteractiveMs,
      `${editor}: /admin/ reopened → form ready ≤ ${b.adminInteractiveMs} ms (median): ${m.reopened} ms`,
    ),
    check(
      m.keystroke <= b.keystrokeToPreviewMs,
      `${editor}: keystroke → preview ≤ ${b.keystrokeToPreviewMs} ms (median): ${m.keystroke} ms`,
    ),
    check(
      m.commit <= b.publishToCommitMs,
      `${editor}: "Publier" → commit made ≤ ${b.publishToCommitMs} ms (median): ${m.commit} ms`,
    ),
    check(
      m.check <= b.checkMs,
      `${editor}: save check of one entry in the browser ≤ ${b.checkMs} ms (median): ${m.check} ms`,
    ),
  ]
}

/**
 * Opens the entry in a fresh context; ms from navigation to the form ready to type in (the form's
 * size then added to `sizes`).
 */
async function openTimed(browser: Browser, url: string, sizes: FormSize[]): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  const page = await context.newPage()
  const start = performance.now()
  await page.goto(url)
  await formReady(page)
  const ms = performance.now() - start
  sizes.push(await formSize(page))
  await context.close()
  return ms
}

/**
 * What the entry's form has built once ready: its elements and inputs (inputs, text areas,
 * selects, buttons), and how many of those an editor sees without opening anything (rendered,
 * not inside a collapsed part); Decap renders a collapsed item's fields, hidden.
 */
export type FormSize = { elements: number; inputs: number; visibleInputs: number }

export const formSize = (page: Page): Promise<FormSize> =>
  page.evaluate(() => {
    const all = document.querySelectorAll('*').length
    const inputs = [...document.querySelectorAll('input, textarea, select, button')]
    return {
      elements: all,
      inputs: inputs.length,
      visibleInputs: inputs.filter((e) => e.checkVisibility()).length,
    }
  })

/** The rows of a form's size at its opening (the same on every opening: the last one's). */
export function formSizeRows(sizes: FormSize[]): (string | number)[][] {
  const last = sizes.at(-1)
  if (!last) return []
  const row = (label: string, n: number) => [label, n, n, n]
  return [
    row('  the page once the form is ready: elements', last.elements),
    row('  its inputs and buttons', last.inputs),
    row('  of which shown without opening anything', last.visibleInputs),
  ]
}

export const formReady = (page: Page) =>
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

/**
 * One column and the preview beside it (Decap shows the preview with one language), shown once:
 * the title field, its cursor at the end.
 */
export async function showPreview(page: Page): Promise<Locator> {
  await page.getByTitle('Édition multilingue').click()
  if (!(await previewFrame(page))) await page.getByTitle('Aperçu', { exact: true }).click()
  const title = page.getByLabel(TITLE, { exact: true }).filter({ visible: true }).first()
  await title.press('End')
  await previewShows(page, await title.inputValue(), 30_000)
  return title
}

/** `keys` letters typed one by one in `field`: for each, ms from the key to the preview showing it. */
export async function typeTimed(page: Page, field: Locator, keys: number): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < keys; i++) {
    const letter = String.fromCharCode(65 + i)
    const text = `${await field.inputValue()}${letter}`
    const start = await page.evaluate(() => performance.now())
    await field.press(letter)
    times.push((await previewShows(page, text, 10_000)) - start)
  }
  return times
}

/**
 * The save starts when the editor presses "Publier maintenant": its own clock, kept in the page
 * (Playwright's click waits for the menu to be still, which is not the editor's time).
 */
export const markPublishClick = (page: Page) =>
  page.evaluate(() => {
    document.addEventListener(
      'pointerdown',
      (e) => {
        if ((e.target as Element | null)?.textContent?.includes('Publier maintenant'))
          (window as unknown as { savedAt: number }).savedAt = Date.now()
      },
      true,
    )
  })

export const publishClickedAt = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { savedAt: number }).savedAt)

/** The last save's plan (the check of the would-be tree included), measured by the editor. */
export async function lastSavePlan(page: Page): Promise<number> {
  const plans = await page.evaluate(() =>
    performance.getEntriesByName('editor:save-plan').map((e) => e.duration),
  )
  const plan = plans.at(-1)
  if (plan === undefined) throw new Error('the editor measured no save plan')
  return Math.round(plan)
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
