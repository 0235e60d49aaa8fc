// What a visitor sees of the site shell on every route, in both languages: status, language,
// title, header, footer, breadcrumb, structured data, canonical and hreflang links, language switch, 404 pages,
// redirects, sitemap, keyboard menu, JavaScript off, reduced motion, reveal delay, and that a
// page without an island loads no React. Routes are read from content/routes.yaml.
import { expect, type Locator, type Page, type Response, test } from '@playwright/test'
import {
  canonicalPaths,
  collectErrors,
  expectedRevealDelayMs,
  otherLang,
  pathOf,
  redirects,
  routePaths,
  site,
  stubThirdParty,
  waitForEnhancement,
} from './helpers.ts'

const abs = (path: string) => site.siteUrl + path
/** A marker every React production bundle carries (its error-decoder URL). */
const REACT_MARKER = 'react.dev/errors/'

/** The widths the layout must fit without a horizontal scrollbar. */
const WIDTHS = [1366, 1024, 768, 390]

/**
 * `page`, at each of WIDTHS in turn, fits its width (no horizontal scroll); the culprits are
 * named when it does not.
 */
async function fitsEveryWidth(page: Page, path: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 })
    // Wait for the resize to be laid out (carousels measure themselves on resize).
    await page.waitForFunction((w) => window.innerWidth === w, width)
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))))
    const seen = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      // The widest culprits, to name them when the check fails.
      culprits: [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
        .filter((el) => !el.closest('.swiper, [aria-hidden="true"], .visually-hidden'))
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
    }))
    expect(
      seen.scrollWidth,
      `${path} at ${width} px overflows: ${seen.culprits.join(', ')}`,
    ).toBeLessThanOrEqual(seen.innerWidth)
  }
}

test.describe('every route, both languages', () => {
  for (const r of routePaths) {
    // One page load per path (a new browser context costs about 0.3 s here): the shell, then,
    // on a canonical path, the widths the layout must fit.
    const fits = r.isAlias ? '' : `, fits ${WIDTHS.join('/')} px`
    test(`${r.path} (${r.id}, ${r.lang}${r.isAlias ? ', alias' : ''}) has the full shell${fits}`, async ({
      page,
    }) => {
      const errors = collectErrors(page)
      await stubThirdParty(page)
      const scripts: Response[] = []
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script') scripts.push(res)
      })

      const response = await page.goto(r.path)
      expect(response?.status(), 'HTTP status').toBe(200)
      await waitForEnhancement(page)
      // One look at the page (the machine is shared: few round trips keep the suite fast).
      const seen = await page.evaluate(() => {
        const visible = (el: Element | null) =>
          !!el && (el as HTMLElement).offsetParent !== null && el.getClientRects().length > 0
        const attr = (selector: string, name: string) =>
          [...document.querySelectorAll(selector)].map((el) => el.getAttribute(name))
        const overlay = document.querySelector<HTMLElement>('.reveal-overlay')
        return {
          lang: document.documentElement.lang,
          title: document.title.trim(),
          header: visible(document.querySelector('body > header, header.site-header')),
          footer: visible(document.querySelector('body > footer')),
          copyright: document.querySelector('body > footer .copyright')?.textContent ?? '',
          breadcrumb: visible(document.querySelector('nav.breadcrumb')),
          breadcrumbFirstHref: attr('nav.breadcrumb a', 'href')[0],
          // Names and links of the visible trail (the last item is the page: no link, its URL).
          breadcrumbItems: [...document.querySelectorAll('nav.breadcrumb li')].map((li) => ({
            name: li.textContent?.trim(),
            href: li.querySelector('a')?.getAttribute('href') ?? location.pathname,
          })),
          jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
            (el) => el.textContent ?? '',
          ),
          canonical: attr('link[rel="canonical"]', 'href'),
          alternates: Object.fromEntries(
            ['fr', 'en', 'x-default'].map((l) => [
              l,
              attr(`link[rel="alternate"][hreflang="${l}"]`, 'href'),
            ]),
          ),
          langSwitch: attr('header a.lang-switch', 'href'),
          langSwitchHreflang: attr('header a.lang-switch', 'hreflang'),
          overlayDelayAttr: overlay?.dataset.delayMs,
          overlayAnimationDelay: overlay ? getComputedStyle(overlay).animationDelay : undefined,
          islands: document.querySelectorAll('[data-island]').length,
          entryScripts: [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map(
            (el) => el.src,
          ),
        }
      })

      expect(seen.lang, '<html lang>').toBe(r.lang)
      expect(seen.title, '<title>').not.toBe('')
      expect(seen.header, 'header visible').toBe(true)
      expect(seen.footer, 'footer visible').toBe(true)
      expect(seen.copyright, 'copyright year').toContain('2025')
      // The home page is the breadcrumb's root: every other page carries one.
      if (r.template !== 'home') {
        expect(seen.breadcrumb, 'breadcrumb visible').toBe(true)
        expect(seen.breadcrumbFirstHref, 'breadcrumb home link').toBe(r.lang === 'fr' ? '/' : '/en')
      }
      // Structured data (templates/lib/structuredData.ts): one JSON-LD graph that parses, in the
      // page's language, whose breadcrumb list is the visible one, links on the site's address.
      expect(seen.jsonLd, 'one JSON-LD block').toHaveLength(1)
      const graph = JSON.parse(seen.jsonLd[0] ?? '') as { '@graph': Record<string, unknown>[] }
      const ofType = (type: string) => graph['@graph'].filter((n) => n['@type'] === type)
      expect(ofType('Organization'), 'Organization').toHaveLength(1)
      expect(ofType('WebSite'), 'WebSite').toHaveLength(1)
      expect(ofType('WebPage')[0], 'WebPage').toMatchObject({
        inLanguage: r.lang,
        url: abs(r.canonical),
      })
      const list = ofType('BreadcrumbList')[0]?.itemListElement as
        | { position: number; name: string; item: string }[]
        | undefined
      if (r.template === 'home') expect(list, 'no breadcrumb list on home').toBeUndefined()
      else
        expect(
          list?.map((i) => ({ position: i.position, name: i.name, item: i.item })),
          'breadcrumb list = visible breadcrumb',
        ).toEqual(
          seen.breadcrumbItems.map((c, i) => ({
            position: i + 1,
            name: c.name,
            item: abs(i === seen.breadcrumbItems.length - 1 ? r.canonical : (c.href ?? '')),
          })),
        )
      // Canonical (aliases point to the canonical path) and hreflang alternates.
      expect(seen.canonical, 'canonical').toEqual([abs(r.canonical)])
      expect(seen.alternates, 'hreflang alternates').toEqual({
        fr: [abs(r.alternates.fr)],
        en: [abs(r.alternates.en)],
        'x-default': [abs(r.alternates.fr)],
      })
      // The language switch goes to the same page in the other language.
      expect(seen.langSwitch, 'language switch').toEqual([r.otherPath])
      expect(seen.langSwitchHreflang).toEqual([otherLang(r.lang)])
      // Reveal overlay delay: 200 ms, 600 ms on the English home page.
      const delay = expectedRevealDelayMs(r)
      expect(seen.overlayDelayAttr, 'data-delay-ms').toBe(String(delay))
      expect(seen.overlayAnimationDelay, 'animation-delay').toBe(`${delay / 1000}s`)

      // A page without an island loads its client entry (and the tiny modules it imports),
      // never React nor an island.
      if (seen.islands === 0) {
        expect(scripts.length, 'the client entry is loaded').toBeGreaterThan(0)
        const allowed = new Set(seen.entryScripts)
        for (const s of scripts) {
          const body = await s.text()
          expect(body, `${s.url()} is not React`).not.toContain(REACT_MARKER)
          for (const m of body.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+)["']/g))
            allowed.add(new URL(m[1] ?? '', s.url()).href)
        }
        // The search page also loads its own small script on demand (checked for React above).
        if (r.id !== 'search')
          for (const s of scripts)
            expect(allowed.has(s.url()), `${s.url()} is a static import of the entry`).toBe(true)
      }

      if (!r.isAlias) await fitsEveryWidth(page, r.path)
      expect(errors, 'console errors').toEqual([])
    })
  }
})

/**
 * One page with JavaScript off per worker, which each test of the group takes to its path: a
 * static page read without scripts leaves nothing behind for the next, and a browser context
 * costs about 0.3 s here (59 paths). A failed test restarts the worker, so the page too.
 */
const withoutScripts = test.extend<object, { jsOffPage: Page }>({
  jsOffPage: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        baseURL: workerInfo.project.use.baseURL,
      })
      await use(await context.newPage())
      await context.close()
    },
    { scope: 'worker' },
  ],
})

withoutScripts.describe('with JavaScript off', () => {
  for (const r of routePaths) {
    withoutScripts(`${r.path} is readable`, async ({ jsOffPage: page }) => {
      const response = await page.goto(r.path)
      expect(response?.status()).toBe(200)
      // The overlay fades out by CSS alone after its delay.
      await expect(page.locator('.reveal-overlay')).toBeHidden()
      const main = page.locator('main')
      await expect(main).toBeVisible()
      await expect(main, 'main has text').toHaveText(/\S/)
      await expect(main.locator('h1, .hero').first()).toBeVisible()
    })
  }
})

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' })
  // One route of each template in each language, plus the not-found page.
  const samples = [
    ...new Map(canonicalPaths.map((r) => [`${r.template}-${r.lang}`, r.path])).values(),
    '/nope',
  ]
  for (const path of samples) {
    test(`${path} shows no reveal overlay`, async ({ page }) => {
      await page.goto(path)
      await expect(page.locator('.reveal-overlay')).toHaveCSS('display', 'none')
    })
  }
})

test.describe('unknown paths', () => {
  for (const [path, lang] of [
    ['/nope', 'fr'],
    ['/en/nope', 'en'],
  ] as const) {
    test(`${path} answers 404 with the ${lang} not-found page`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ooopps :(')
      expect((await page.title()).trim()).not.toBe('')
      await expect(page.getByRole('banner')).toBeVisible()
      await expect(page.getByRole('contentinfo')).toContainText('2025')
      await expect(page.locator('nav.breadcrumb').getByRole('link').first()).toHaveAttribute(
        'href',
        lang === 'fr' ? '/' : '/en',
      )
    })
  }
})

test.describe('redirects', () => {
  test('the old paths of the spec are redirects of the route table', () => {
    expect(redirects).toEqual(
      expect.arrayContaining([
        { from: '/Contact', to: '/contact' },
        { from: '/batterie_condencateur', to: '/batterie_condensateurs' },
      ]),
    )
  })
  for (const { from, to } of redirects) {
    test(`${from} redirects (301) to ${to}`, async ({ request }) => {
      const res = await request.get(from, { maxRedirects: 0 })
      expect(res.status()).toBe(301)
      expect(res.headers().location).toBe(to)
      const followed = await request.get(from)
      expect(followed.status()).toBe(200)
      expect(new URL(followed.url()).pathname).toBe(to)
    })
  }
})

test.describe('sitemap and robots.txt', () => {
  test('sitemap.xml lists every canonical path with its alternates', async ({ request }) => {
    const res = await request.get('/sitemap.xml')
    expect(res.status()).toBe(200)
    const xml = await res.text()
    const entries = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1] ?? '')
    const byLoc = new Map(entries.map((e) => [/<loc>([^<]+)<\/loc>/.exec(e)?.[1], e]))
    expect(entries.length, 'one entry per canonical path, no alias, no 404').toBe(
      canonicalPaths.length,
    )
    for (const r of canonicalPaths) {
      const entry = byLoc.get(abs(r.path))
      expect(entry, `${r.path} in the sitemap`).toBeDefined()
      for (const [hreflang, path] of [
        ['fr', r.alternates.fr],
        ['en', r.alternates.en],
        ['x-default', r.alternates.fr],
      ])
        expect(entry, `${r.path} alternate ${hreflang}`).toContain(
          `hreflang="${hreflang}" href="${abs(path ?? '')}"`,
        )
    }
  })

  test('robots.txt points to the sitemap', async ({ request }) => {
    const res = await request.get('/robots.txt')
    expect(res.status()).toBe(200)
    expect(await res.text()).toContain(`Sitemap: ${abs('/sitemap.xml')}`)
  })
})

test.describe('language switch', () => {
  const samples = routePaths.filter(
    (r) => r.template === 'home' || r.isAlias || r.id === 'transformer-dist-24',
  )
  for (const r of samples) {
    test(`on ${r.path} it opens the same page in the other language`, async ({ page }) => {
      await page.goto(r.path)
      await page.locator('header a.lang-switch').click()
      await expect(page).toHaveURL((url) => url.pathname === r.otherPath)
      await expect(page.locator('html')).toHaveAttribute('lang', otherLang(r.lang))
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', abs(r.otherPath))
    })
  }
})

/** Tabs from the top of the page until a submenu button of the main menu has focus. */
async function tabToSubmenuButton(page: Page) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab')
    const found = await page.evaluate(() => {
      const el = document.activeElement
      return el?.matches('.main-nav .menu button[aria-controls]')
        ? el.getAttribute('aria-controls')
        : null
    })
    if (found) return found
  }
  throw new Error('No submenu button reached with Tab')
}

test.describe('main menu with the keyboard', () => {
  for (const lang of ['fr', 'en'] as const) {
    test(`a submenu opens, is reachable and closes with Escape (${lang})`, async ({ page }) => {
      await page.goto(lang === 'fr' ? '/presentation' : '/en/presentation')
      await waitForEnhancement(page)
      const submenuId = await tabToSubmenuButton(page)
      const button = page.locator(`.main-nav button[aria-controls="${submenuId}"]`)
      await expect(button).toBeFocused()
      const submenu = page.locator(`[id="${submenuId}"]`)
      await expect(button).toHaveAttribute('aria-expanded', 'false')
      await expect(submenu).toBeHidden()

      await page.keyboard.press('Enter')
      await expect(button).toHaveAttribute('aria-expanded', 'true')
      await expect(submenu).toBeVisible()
      const links = submenu.locator(':scope > li > a')
      expect(await links.count()).toBeGreaterThan(0)
      for (const link of await links.all()) await expect(link).toBeVisible()
      // The next Tab enters the open submenu.
      await page.keyboard.press('Tab')
      expect(
        await submenu.evaluate((el) => el.contains(document.activeElement)),
        'focus is inside the submenu',
      ).toBe(true)
      await page.keyboard.press('Tab')
      expect(await submenu.evaluate((el) => el.contains(document.activeElement))).toBe(true)

      await page.keyboard.press('Escape')
      await expect(button).toHaveAttribute('aria-expanded', 'false')
      await expect(submenu).toBeHidden()
      await expect(button).toBeFocused()

      await page.keyboard.press('Space')
      await expect(button).toHaveAttribute('aria-expanded', 'true')
      await expect(submenu).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(button).toHaveAttribute('aria-expanded', 'false')
      await expect(button).toBeFocused()
    })
  }

  test.describe('on a 390 px wide screen', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    for (const lang of ['fr', 'en'] as const) {
      test(`the menu toggle opens the menu (${lang})`, async ({ page }) => {
        await page.goto(lang === 'fr' ? '/' : '/en')
        await waitForEnhancement(page)
        const toggle = page.locator('.main-nav .nav-toggle')
        const menu = page.locator('#main-menu')
        await expect(toggle).toBeVisible()
        await expect(toggle).toHaveAttribute('aria-expanded', 'false')
        await expect(menu).toBeHidden()
        await toggle.focus()
        await page.keyboard.press('Enter')
        await expect(toggle).toHaveAttribute('aria-expanded', 'true')
        await expect(menu).toBeVisible()
        const home = menu.getByRole('link').first()
        await expect(home).toBeVisible()
        await expect(home).toHaveAttribute('href', lang === 'fr' ? '/' : '/en')
        await toggle.tap()
        await expect(toggle).toHaveAttribute('aria-expanded', 'false')
        await expect(menu).toBeHidden()
      })
    }
  })
})

test.describe('main menu with a mouse, on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 800 } })
  /** The centre of what `locator` finds: the pointer goes there without Playwright's waits. */
  async function centreOf(locator: Locator) {
    const box = await locator.boundingBox()
    if (!box) throw new Error('not laid out')
    return [box.x + box.width / 2, box.y + box.height / 2] as const
  }

  for (const lang of ['fr', 'en'] as const) {
    test(`a submenu opens on hover after a delay and closes on leaving (${lang})`, async ({
      page,
    }) => {
      // The page's clock paused: each delay is checked to the millisecond, and nothing waits.
      await page.clock.install()
      await page.clock.pauseAt(Date.now() + 1000)
      await page.goto(lang === 'fr' ? '/presentation' : '/en/presentation')
      await waitForEnhancement(page)
      const item = page.locator('.main-nav .menu > li.has-submenu').first()
      const button = item.locator(':scope > button')
      const submenu = item.locator(':scope > .submenu')
      await page.mouse.move(...(await centreOf(button)))
      await page.clock.runFor(139)
      await expect(button, 'open delay ≥ 140 ms').toHaveAttribute('aria-expanded', 'false')
      await page.clock.runFor(161)
      await expect(button).toHaveAttribute('aria-expanded', 'true')
      await expect(submenu).toBeVisible()
      // Moving down into the submenu keeps it open, however long the pointer stays.
      await page.mouse.move(...(await centreOf(submenu.locator('a').first())))
      await page.clock.runFor(1000)
      await expect(button).toHaveAttribute('aria-expanded', 'true')
      await page.mouse.move(5, 700)
      await page.clock.runFor(289)
      await expect(button, 'close delay ≥ 290 ms').toHaveAttribute('aria-expanded', 'true')
      await page.clock.runFor(211)
      await expect(button).toHaveAttribute('aria-expanded', 'false')
      await expect(submenu).toBeHidden()
    })
  }

  test('sweeping across the menu bar opens nothing', async ({ page }) => {
    await page.clock.install()
    await page.goto('/en/presentation')
    await waitForEnhancement(page)
    const bar = await page.locator('.main-nav .menu').boundingBox()
    if (!bar) throw new Error('menu bar not laid out')
    const y = bar.y + bar.height / 2
    await page.mouse.move(bar.x + 2, y)
    await page.mouse.move(bar.x + bar.width - 2, y, { steps: 4 })
    await page.mouse.move(bar.x + bar.width - 2, y + 300)
    await page.clock.runFor(400) // past the open delay (150 ms): no open was scheduled
    await expect(page.locator('.main-nav .menu button[aria-expanded="true"]')).toHaveCount(0)
  })

  test('a click opens and closes a submenu; Escape closes one opened by hover', async ({
    page,
  }) => {
    await page.clock.install()
    await page.goto('/presentation')
    await waitForEnhancement(page)
    const button = page.locator('.main-nav .menu > li.has-submenu > button').nth(1)
    await button.click()
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    // A second click on the open submenu's button closes it (the pointer is still over it).
    await page.clock.runFor(200)
    await button.click()
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await page.mouse.move(5, 700)
    await button.hover()
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Escape')
    await expect(button).toHaveAttribute('aria-expanded', 'false')
  })

  test('a submenu opened from the keyboard closes when focus leaves it', async ({ page }) => {
    await page.goto('/en/presentation')
    await waitForEnhancement(page)
    const submenuId = await tabToSubmenuButton(page)
    const button = page.locator(`.main-nav button[aria-controls="${submenuId}"]`)
    await page.keyboard.press('Enter')
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Shift+Tab')
    await expect(button).toHaveAttribute('aria-expanded', 'false')
  })

  test('every label of the French menu is French', async ({ page }) => {
    await page.goto('/presentation')
    const labels = await page
      .locator('.main-nav .menu')
      .evaluate((el) => [...el.querySelectorAll('a, button')].map((x) => x.textContent?.trim()))
    expect(labels).not.toContain('Power Systems')
    for (const english of ['Home', 'Company', 'Products', 'Contact us', 'Power Systems'])
      expect(labels, english).not.toContain(english)
  })
})

test.describe('on a phone (390 x 844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  for (const lang of ['fr', 'en'] as const) {
    test(`the header is compact and the toggle says open or close (${lang})`, async ({ page }) => {
      await page.goto(lang === 'fr' ? '/' : '/en')
      await waitForEnhancement(page)
      const header = await page.locator('header.site-header').boundingBox()
      expect(header?.height, 'header height (px)').toBeLessThanOrEqual(120)
      const [open, close] =
        lang === 'fr' ? ['Ouvrir le menu', 'Fermer le menu'] : ['Open menu', 'Close menu']
      const toggle = page.getByRole('button', { name: open, exact: true })
      await expect(toggle).toHaveAttribute('aria-expanded', 'false')
      await toggle.tap()
      const closeToggle = page.getByRole('button', { name: close, exact: true })
      await expect(closeToggle).toHaveAttribute('aria-expanded', 'true')
      // The links the slim top bar drops are in the open menu.
      for (const id of ['careers', 'pfebook'])
        await expect(page.locator(`#main-menu a[href="${pathOf(id, lang)}"]`)).toBeVisible()
      await closeToggle.tap()
      await expect(page.getByRole('button', { name: open, exact: true })).toHaveAttribute(
        'aria-expanded',
        'false',
      )
    })
  }

  test('back-to-top shows after one screen and never covers a focused field', async ({ page }) => {
    await stubThirdParty(page)
    await page.clock.install()
    await page.goto('/contact')
    await waitForEnhancement(page)
    const backToTop = page.locator('a.back-to-top')
    await expect(backToTop, 'hidden at the top of the page').toBeHidden()
    await page.evaluate(() => window.scrollTo(0, window.innerHeight * 0.5))
    await page.clock.runFor(300) // what the scroll scheduled has run
    await expect(backToTop, 'hidden before one screen').toBeHidden()
    await page.evaluate(() => window.scrollTo(0, window.innerHeight + 50))
    await expect(backToTop, 'shown after one screen').toBeVisible()
    await expect(backToTop).toHaveAttribute('href', '#top')
    // Each field of the form, focused at the bottom right of the screen, stays uncovered.
    const fields = page
      .locator('main form')
      .first()
      .locator('input:not([type="hidden"]), textarea, select')
    expect(await fields.count()).toBeGreaterThan(0)
    for (const field of await fields.all()) {
      if (!(await field.isVisible())) continue
      await field.focus()
      await expect(backToTop, 'hidden while a field has focus').toBeHidden()
    }
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await page.evaluate(() => window.scrollTo(0, window.innerHeight + 50))
    await expect(backToTop, 'back once no field has focus').toBeVisible()
    await backToTop.tap()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(10)
  })
})

test.describe('back-to-top with JavaScript off', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } })
  test('is a plain link to the top', async ({ page }) => {
    await page.goto('/contact')
    const backToTop = page.locator('a.back-to-top')
    await expect(backToTop).toBeVisible()
    await expect(backToTop).toHaveAttribute('href', '#top')
  })
})
