// Every image of every page as the browser receives it: width and height always set (no layout
// shift), lazy unless it is the page's main image, and the home page's main image preloaded.
import { expect, test } from '@playwright/test'
import { canonicalPaths, site } from './helpers.ts'

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1]

test('every <img> of every page has a width and a height, and is lazy unless it is the main image', async ({
  request,
}) => {
  let images = 0
  for (const r of canonicalPaths) {
    const html = await (await request.get(r.path)).text()
    // Only the document's images, not HTML inside island props.
    for (const [tag] of html.matchAll(/<img\b[^>]*>/g)) {
      images++
      const where = `${r.path}: ${tag}`
      expect(Number(attr(tag, 'width')), where).toBeGreaterThan(0)
      expect(Number(attr(tag, 'height')), where).toBeGreaterThan(0)
      // The logo tops every page: loaded at once, like the main image.
      const eager = attr(tag, 'fetchPriority') === 'high' || attr(tag, 'src') === site.company.logo
      if (!eager) expect(attr(tag, 'loading'), where).toBe('lazy')
    }
  }
  expect(images).toBeGreaterThan(100)
})

test('the home page preloads its main image and loads it first', async ({ page }) => {
  for (const path of ['/', '/en']) {
    await page.goto(path)
    const main = page.locator('.hero-image-1')
    await expect(main).toHaveAttribute('fetchpriority', 'high')
    await expect(main).not.toHaveAttribute('loading', 'lazy')
    const src = (await main.getAttribute('src')) ?? ''
    // Preloaded once (by React, for a plain <img>), and no other image of the hero is.
    const preloads = page.locator('head link[rel="preload"][as="image"]')
    const hrefs = await preloads.evaluateAll((ls) => ls.map((l) => l.getAttribute('href')))
    expect(hrefs.filter((h) => h === src)).toHaveLength(1)
    expect(hrefs).not.toContain(await page.locator('.hero-image-2').getAttribute('src'))
  }
})
