// Speed as a visitor feels it: nothing moves while islands and the form
// hydrate (CLS 0 on one route of each kind of page), and the home page loads neither React's
// carousel code (Swiper) nor anything it does not need before the visitor scrolls or interacts.
import { expect, type Page, test } from '@playwright/test'
import { pathOf, stubThirdParty, waitForSettled } from './helpers.ts'

/** One route of each kind of page: home, content, catalogue with ratings, training, contact, news. */
const ROUTES = [
  pathOf('home', 'fr'),
  pathOf('presentation', 'fr'),
  pathOf('transformer-dist-24', 'fr'),
  pathOf('training', 'fr'),
  pathOf('contact', 'fr'),
  pathOf('news', 'en'),
]

/** Sums every layout shift of the page (not caused by input), from the first paint on. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; sources: string[] }[] }
    w.__shifts = []
    const rect = (r: DOMRectReadOnly) =>
      `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number
        hadRecentInput: boolean
        sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[]
      })[])
        if (!entry.hadRecentInput)
          w.__shifts.push({
            value: entry.value,
            sources: (entry.sources ?? []).map((s) =>
              s.node instanceof Element
                ? `${s.node.tagName.toLowerCase()}.${s.node.className} at ${Math.round(entry.startTime)} ms: ${rect(s.previousRect)} -> ${rect(s.currentRect)}`
                : String(s.node?.nodeName),
            ),
          })
    }).observe({ type: 'layout-shift', buffered: true })
    // What the first carousel looked like frame by frame, each change once, for a failure to
    // print: the flake of this test has moved content by the height of a carousel's controls
    // (56 px) with the space they keep until Swiper starts apparently
    // missing. The scripted-page class, Swiper's start and the controls' display.
    const states: string[] = []
    ;(w as unknown as { __carousel: string[] }).__carousel = states
    let last = ''
    const watch = () => {
      const section = document.querySelector('.carousel')
      const controls = section?.querySelector('.carousel-controls')
      if (section && controls) {
        const state = `js ${document.documentElement.classList.contains('js')} ready ${section.classList.contains('is-ready')} controls ${getComputedStyle(controls).display} hidden ${(controls as HTMLElement).hidden}`
        if (state !== last) states.push(`${Math.round(performance.now())} ms: ${state}`)
        last = state
      }
      if (performance.now() < 5000) requestAnimationFrame(watch)
    }
    requestAnimationFrame(watch)
  })
}

const shifts = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts,
  )

// One retry: about 1 run in 20 on a loaded 2-core machine (CI) records a shift that no quiet
// run shows, on a different page each time (the home hero's text block growing by two lines
// about 1.3 s in, the news titles, the award popup; cause not found yet).
// A shift that a page really makes fails both attempts.
test.describe('layout shifts', () => {
  test.describe.configure({ retries: 1 })
  for (const viewport of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1366, height: 900 },
  ])
    for (const path of ROUTES)
      test(`no layout shift while ${path} loads, hydrates and is scrolled (${viewport.name})`, async ({
        browser,
      }) => {
        const context = await browser.newContext({ viewport: viewport })
        const page = await context.newPage()
        await stubThirdParty(page)
        await recordShifts(page)
        await page.goto(path, { waitUntil: 'load' })
        // The idle islands hydrated, the form revealed (after its delay), the reveal over.
        await waitForSettled(page)
        // Scroll down a screen at a time, so visible islands hydrate in view.
        const height = await page.evaluate(() => document.documentElement.scrollHeight)
        for (let y = 0; y < height; y += viewport.height * 0.8) {
          await page.mouse.wheel(0, viewport.height * 0.8)
          await waitForSettled(page)
        }
        const all = await shifts(page)
        const total = all.reduce((a, s) => a + s.value, 0)
        const carousel = await page.evaluate(
          () => (window as unknown as { __carousel: string[] }).__carousel,
        )
        expect(
          total,
          `layout shifts: ${JSON.stringify(all)}; the first carousel, frame by frame: ${JSON.stringify(carousel)}`,
        ).toBeLessThan(0.001)
        await context.close()
      })
})

test('home loads no Swiper before the visitor scrolls to a carousel', async ({ page }) => {
  await stubThirdParty(page)
  const bodies: Promise<string>[] = []
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script' && new URL(res.url()).hostname === '127.0.0.1')
      bodies.push(res.text().catch(() => ''))
  })
  const loadedSwiper = async () =>
    (await Promise.all(bodies)).some((body) => body.includes('swiper-slide'))
  await page.goto(pathOf('home', 'fr'), { waitUntil: 'load' })
  await page.waitForLoadState('networkidle')
  // The idle islands (the award popup, the typed word) hydrated: the page's idle work is done.
  await expect(page.locator('[data-hydrate="idle"]:not([data-hydrated="true"])')).toHaveCount(0)
  await page.waitForLoadState('networkidle')
  await expect(page.locator('[data-island="Carousel"]').first()).not.toHaveAttribute(
    'data-hydrated',
    'true',
  )
  expect(await loadedSwiper()).toBe(false)
  // Scrolling the carousels into view loads Swiper and hydrates them.
  await page.locator('[data-island="Carousel"]').last().scrollIntoViewIfNeeded()
  await expect(page.locator('[data-island="Carousel"]').last()).toHaveAttribute(
    'data-hydrated',
    'true',
  )
  expect(await loadedSwiper()).toBe(true)
})

test('a click before hydration is not lost: the certificate tab opens on the first click', async ({
  page,
}) => {
  // Hold back the island's own code (not the page script that arms it) until after the click.
  let release: () => void = () => {}
  const held = new Promise<void>((done) => {
    release = done
  })
  await page.route(/\/assets\/chunks\//, async (route) => {
    const response = await route.fetch()
    const body = await response.text()
    if (body.includes('cert-tablist')) await held
    await route.fulfill({ response, body })
  })
  // 'load': the page script (async) has armed the islands. A click before that reaches the
  // server HTML alone, which the no-script tests cover.
  await page.goto(pathOf('certificates', 'fr'), { waitUntil: 'load' })
  const tabs = page.locator('[data-island="CertificateTabs"]')
  await expect(tabs).not.toHaveAttribute('data-hydrated', 'true')
  await tabs.locator('.cert-tab').nth(1).click()
  release()
  await expect(tabs).toHaveAttribute('data-hydrated', 'true')
  await expect(tabs.getByRole('tab').nth(1)).toHaveAttribute('aria-selected', 'true')
  await expect(tabs.getByRole('tabpanel')).toBeVisible()
})

/** The scripts a page requested from the site itself, as text. */
function siteScripts(page: Page): () => Promise<string[]> {
  const bodies: Promise<string>[] = []
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script' && new URL(res.url()).hostname === '127.0.0.1')
      bodies.push(res.text().catch(() => ''))
  })
  return () => Promise.all(bodies)
}
/** React's own builds: the element symbol of react, the error-page link of react-dom. */
const isReact = (body: string) =>
  body.includes('react.transitional.element') || body.includes('react.dev/errors')

test('pages whose islands are only motion and carousels load no React, even once they have run', async ({
  page,
}) => {
  await stubThirdParty(page)
  const scripts = siteScripts(page)
  for (const path of [pathOf('home', 'fr'), pathOf('presentation', 'en'), pathOf('news', 'fr')]) {
    await page.goto(path, { waitUntil: 'load' })
    await page.waitForLoadState('networkidle')
    // Every island live: idle ones after load, visible ones scrolled into view.
    for (const island of await page.locator('[data-island]').all()) {
      await island.scrollIntoViewIfNeeded()
      await expect(island).toHaveAttribute('data-hydrated', 'true')
    }
  }
  expect((await scripts()).filter(isReact)).toEqual([])
  // The contact form is a React island: React comes with it (the check above can fail).
  await page.goto(pathOf('contact', 'fr'), { waitUntil: 'load' })
  await expect(page.locator('[data-island="ContactForm"]')).toHaveAttribute('data-hydrated', 'true')
  expect((await scripts()).some(isReact)).toBe(true)
})

test("a carousel at the top of a page is the page's main image: its first slide is fetched at once", async ({
  page,
}) => {
  await page.goto(pathOf('presentation', 'fr'), { waitUntil: 'domcontentloaded' })
  const first = page.locator('main .carousel img').first()
  await expect(first).toHaveAttribute('fetchpriority', 'high')
  await expect(first).not.toHaveAttribute('loading', 'lazy')
  const src = await first.getAttribute('src')
  await expect(page.locator(`head link[rel="preload"][as="image"][href="${src}"]`)).toHaveCount(1)
  // The island's own markup starts with the carousel, not with a hoisted preload.
  await expect(page.locator('[data-island="Carousel"] > link')).toHaveCount(0)
  // Only that one: the next slides and the carousels further down stay lazy.
  await expect(page.locator('main img[fetchpriority="high"]')).toHaveCount(1)
})
