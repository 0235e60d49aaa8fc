// Printing (templates/styles/print.css): screen tools are not printed, link targets are, and a
// ratings table keeps every column on an A4 page (checked at the printable width of a portrait
// A4, 186 mm = 703 CSS px, so it fits even where the landscape hint is ignored). page.pdf()
// runs the real print path of Chromium.
import { expect, type Page, test } from '@playwright/test'
import { pathOf, stubThirdParty, waitForEnhancement } from './helpers.ts'

/** 210 mm minus 2 × 12 mm margins, in CSS px (96 px per inch). */
const A4_PORTRAIT_CONTENT_PX = Math.floor(((210 - 24) / 25.4) * 96)

const NOT_PRINTED = [
  '.topbar',
  '.main-nav',
  '.site-footer nav',
  '.social',
  '.back-to-top',
  '.reveal-overlay',
  '.skip-link',
  'main button',
  '.carousel-controls',
  '.award-popup',
]

async function openForPrint(page: Page, path: string) {
  await stubThirdParty(page)
  await page.goto(path)
  await waitForEnhancement(page)
  // Back-to-top would show after scrolling: scroll so it is on screen before printing.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await page.emulateMedia({ media: 'print' })
  await page.setViewportSize({ width: A4_PORTRAIT_CONTENT_PX, height: 1000 })
}

async function expectNotPrinted(page: Page) {
  for (const selector of NOT_PRINTED) {
    const all = await page.locator(selector).all()
    for (const el of all) await expect(el, `${selector} is not printed`).toBeHidden()
  }
}

test.describe('print', () => {
  for (const lang of ['fr', 'en'] as const) {
    for (const id of ['transformer-dist-24', 'transformer-power'])
      test(`${id} (${lang}): the ratings table fits an A4 page, screen tools are not printed`, async ({
        page,
      }) => {
        await openForPrint(page, pathOf(id, lang))
        await expectNotPrinted(page)
        const tables = await page.evaluate(() =>
          [...document.querySelectorAll('.ratings-table')].map((table) => {
            const cells = [...table.querySelectorAll('tr')].map((tr) => tr.lastElementChild)
            return {
              columns: table.querySelector('tbody tr')?.children.length ?? 0,
              right: Math.max(...cells.map((c) => c?.getBoundingClientRect().right ?? 0)),
              width: document.documentElement.clientWidth,
              scrolls:
                (table.closest('.table-scroll')?.scrollWidth ?? 0) >
                (table.closest('.table-scroll')?.clientWidth ?? 0),
            }
          }),
        )
        expect(tables.length, 'ratings tables on the page').toBeGreaterThan(0)
        expect(Math.max(...tables.map((t) => t.columns)), 'a wide table').toBeGreaterThan(12)
        for (const t of tables) {
          expect(t.right, 'last column within the page width').toBeLessThanOrEqual(t.width)
          expect(t.scrolls, 'no hidden columns').toBe(false)
        }

        const pdf = await page.pdf({ preferCSSPageSize: true })
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
        const boxes = [
          ...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g),
        ]
        const landscape = boxes.filter((m) => Number(m[1]) > Number(m[2]))
        expect(boxes.length, 'pages in the PDF').toBeGreaterThan(0)
        expect(landscape.length, 'the ratings table pages are A4 landscape').toBeGreaterThan(0)
        for (const m of boxes)
          expect([Math.round(Number(m[1])), Math.round(Number(m[2]))].sort()).toEqual([595, 842])
      })
  }

  test('link targets are printed after the links of the main content, as full addresses', async ({
    page,
  }) => {
    await openForPrint(page, pathOf('contact', 'en'))
    await expectNotPrinted(page)
    const after = await page.evaluate(() => {
      const content = (a: Element | null) => (a ? getComputedStyle(a, '::after').content : null)
      const external = document.querySelector('main a[href^="http"]')
      const internals = [...document.querySelectorAll('main a[href^="/"]:not(.thumb-link)')]
      return {
        external: [external?.getAttribute('href'), content(external)],
        internal: internals.map((a) => [a.getAttribute('href') ?? '', content(a) ?? '']),
        menu: content(document.querySelector('header a[href^="/"]')),
        canonical: document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? '',
      }
    })
    expect(after.external[1]).toContain(`(${after.external[0]})`)
    // The site's address (SITE_URL over site.yaml, as the canonical link) before each path.
    const origin = new URL(after.canonical).origin
    expect(origin).toMatch(/^https:\/\//)
    expect(after.internal.length).toBeGreaterThan(0)
    for (const [href, content] of after.internal) {
      // Chromium gives the computed content as its parts: " (" "https://…" "/path" ")".
      const printed = [...(content ?? '').matchAll(/"((?:[^"\\]|\\.)*)"/g)]
        .map((m) => m[1])
        .join('')
      expect(printed, href).toBe(` (${origin}${href})`)
    }
    expect(after.menu, 'only main content links').toMatch(/^(none|normal)$/)
  })

  test('an open window prints alone and readable', async ({ page }) => {
    // Capacitor banks: product cards whose details open in a window.
    await openForPrint(page, pathOf('capacitor-banks', 'fr'))
    await page.emulateMedia({ media: 'screen' })
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.locator('main .detail-open').first().click()
    const dialog = page.locator('dialog[open]')
    await expect(dialog).toBeVisible()
    await page.emulateMedia({ media: 'print' })
    await expect(dialog.locator('.dialog-title')).toBeVisible()
    await expect(page.locator('header.site-header')).toBeHidden()
    const frame = await dialog.locator('.dialog-frame').evaluate((el) => ({
      overflow: getComputedStyle(el).overflowY,
      clipped: el.scrollHeight > el.clientHeight + 1,
    }))
    expect(frame).toEqual({ overflow: 'visible', clipped: false })
  })
})
