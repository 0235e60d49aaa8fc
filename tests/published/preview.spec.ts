// The published editor's preview: rendered in the browser by the site's
// own templates on the repository the editor read from the GitHub stand-in, it is the page a
// visitor gets from the built site (its breadcrumb, its ratings table), in the language edited,
// and it follows each key typed. Nothing is saved here.
import { type Browser, expect, type FrameLocator, type Page, test } from '@playwright/test'
import { openEntry, sharedEditorPage, visible } from './editorPage.ts'

test.describe.configure({ mode: 'serial' })

let page: Page
sharedEditorPage((p) => {
  page = p
})

const CATALOGUE = { collection: 'transformersMenu', entry: 'transformer-dist-24' }
const FRENCH_PATH = '/transformateur_dist_24'

/** What a visitor reads of a page's breadcrumb and ratings table (a page or the preview). */
async function pageParts(root: Page | FrameLocator) {
  const crumbs = root.locator('nav.breadcrumb li')
  const table = root.locator('table.ratings-table')
  return {
    crumbs: await crumbs.allInnerTexts(),
    links: await root
      .locator('nav.breadcrumb a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
    caption: await table.locator('caption').innerText(),
    columns: await table.locator('thead th').allInnerTexts(),
    rows: await table.locator('tbody tr').allInnerTexts(),
  }
}

/** The same parts of the page the site serves (the build of the same content). */
async function servedParts(browser: Browser, path: string) {
  const served = await browser.newPage()
  try {
    await served.goto(path)
    const parts = await pageParts(served)
    const english = await served
      .locator('link[rel="alternate"][hreflang="en"]')
      .getAttribute('href')
    return { parts, englishPath: new URL(english ?? '', 'http://x').pathname }
  } finally {
    await served.close()
  }
}

test('the preview is the catalogue page as the site serves it, in the language edited, following each key', async ({
  browser,
}) => {
  const french = await servedParts(browser, FRENCH_PATH)
  // Not an empty match: the served page has its trail and its table.
  expect(french.parts.crumbs.length).toBeGreaterThanOrEqual(3)
  expect(french.parts.rows.length).toBeGreaterThan(5)

  await openEntry(page, CATALOGUE.collection, CATALOGUE.entry)
  // One column and the preview beside it.
  await page.getByTitle('Édition multilingue').click()
  if (!(await page.locator('iframe').count()))
    await page.getByTitle('Aperçu', { exact: true }).click()
  const preview = page.frameLocator('iframe').first().frameLocator('iframe[data-preview-lang]')
  await expect(preview.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(preview.locator('table.ratings-table')).toBeVisible({ timeout: 30_000 })
  expect(await pageParts(preview)).toEqual(french.parts)

  // Each key typed in the page's title shows in the preview's breadcrumb and document title.
  const title = visible(page, 'Titre de la page').first()
  const typed = ' MAJ'
  let text = await title.inputValue()
  await title.press('End')
  for (const key of typed) {
    await title.press(key === ' ' ? 'Space' : key)
    text += key
    await expect(preview.locator('nav.breadcrumb [aria-current="page"]')).toHaveText(text)
    await expect.poll(() => preview.locator('title').textContent()).toContain(`${text} | `)
  }
  // The table is still the page's, once rendered again.
  expect((await pageParts(preview)).rows).toEqual(french.parts.rows)

  // The English column: the English page, as the site serves it at its own address.
  const english = await servedParts(browser, french.englishPath)
  await page.getByRole('button', { name: 'Écrire en FR' }).click()
  await page.getByRole('menuitem', { name: 'en', exact: true }).click()
  await expect(preview.locator('html')).toHaveAttribute('lang', 'en')
  await expect(preview.locator('nav.breadcrumb li').first()).toHaveText(
    english.parts.crumbs[0] ?? '',
  )
  expect(await pageParts(preview)).toEqual(english.parts)
})
