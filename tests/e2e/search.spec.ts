// Site search as a visitor uses it: the header's field, the search page of each language, results
// from the Pagefind index built with the site (ratings rows included), and the page read with
// JavaScript off.
import { expect, type Page, test } from '@playwright/test'
import { pathOf } from './helpers.ts'

const results = (page: Page) => page.locator('.search-results li')
const status = (page: Page) => page.locator('.search-status')

test.describe('site search', () => {
  test('the header field leads to French results on French pages', async ({ page }) => {
    await page.goto(pathOf('history', 'fr'))
    const field = page
      .getByRole('search')
      .getByRole('searchbox', { name: 'Rechercher sur le site' })
    await field.fill('cellule')
    await field.press('Enter')
    await expect(page).toHaveURL(/\/recherche\?q=cellule$/)
    await expect(status(page)).toHaveText(/^\d+ résultats? pour « cellule »$/)
    const hrefs = await results(page)
      .locator('a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))
    expect(hrefs.length).toBeGreaterThan(0)
    expect(hrefs).toContain(pathOf('ais', 'fr'))
    for (const href of hrefs) expect(href).not.toMatch(/^\/en(\/|$)/)
    await expect(results(page).locator('mark').first()).toHaveText(/cellule/i)
  })

  test('English pages search the English index', async ({ page }) => {
    await page.goto(`${pathOf('search', 'en')}?q=capacitor`)
    await expect(status(page)).toHaveText(/^\d+ results? for “capacitor”$/)
    const hrefs = await results(page)
      .locator('a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))
    expect(hrefs).toContain(pathOf('capacitor-banks', 'en'))
    for (const href of hrefs) expect(href).toMatch(/^\/en(\/|$)/)
  })

  test('a rating finds its ratings-table row, and the link opens that row', async ({ page }) => {
    await page.goto(`${pathOf('search', 'fr')}?q=1250 kVA`)
    const row = results(page)
      .locator('a')
      .filter({ hasText: /24 kV.*— 1\s250 kVA$/ })
    await expect(row).toHaveCount(1)
    await expect(row).toHaveAttribute('href', /^\/transformateur_dist_24#ratings-[\w-]+-r1250$/)
    await row.click()
    await expect(page.locator('th:target')).toHaveText(/^1\s250$/)
  })

  test('a query without results says so, and typing searches as you go', async ({ page }) => {
    await page.goto(pathOf('search', 'en'))
    const field = page.locator('#search-q')
    await expect(field).toBeFocused()
    await field.pressSequentially('zzqxj', { delay: 20 })
    await expect(status(page)).toHaveText(/^No results for “zzqxj”\./)
    await expect(page.locator('.search-results')).toBeHidden()
    await expect(page).toHaveURL(/\?q=zzqxj$/)
  })

  test('pages other than the search page load no search code', async ({ page }) => {
    const requests: string[] = []
    page.on('request', (r) => requests.push(r.url()))
    await page.goto(pathOf('home', 'fr'))
    await page.waitForLoadState('networkidle')
    expect(requests.filter((u) => u.includes('/pagefind/'))).toEqual([])
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } })
    test('the header shows only the search button, which opens the search page', async ({
      page,
    }) => {
      await page.goto(pathOf('products', 'en'))
      const form = page.locator('header .header-search')
      await expect(form.locator('input')).toBeHidden()
      await form.getByRole('button', { name: 'Search' }).click()
      await expect(page).toHaveURL(new RegExp(`${pathOf('search', 'en')}\\?q=$`))
      await expect(page.locator('#search-q')).toBeFocused()
    })
  })

  test.describe('with JavaScript off', () => {
    test.use({ javaScriptEnabled: false })
    test('the search page lists every page of its language', async ({ page }) => {
      await page.goto(`${pathOf('search', 'fr')}?q=cellule`)
      await expect(page.getByText('La recherche a besoin de JavaScript.')).toBeVisible()
      const all = page.locator('.search-all-pages a')
      await expect(all.filter({ hasText: 'Questions fréquentes' })).toHaveAttribute(
        'href',
        pathOf('faqs', 'fr'),
      )
      const hrefs = await all.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))
      for (const href of hrefs) expect(href).not.toMatch(/^\/en(\/|$)/)
    })
  })
})
