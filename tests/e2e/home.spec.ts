// What a visitor sees and does on the home page: the award popup (closed by hand, by itself on
// the English page only, and with JavaScript off), the typed word, the hero's cross-fade, the
// 'Since 1966' button, the latest news cards, the carousels with the keyboard; under reduced motion.
// Time is driven with page.clock and the Web Animations API, never by sleeping.
import { expect, type Page, test } from '@playwright/test'
import { pathOf, site, waitForEnhancement } from './helpers.ts'

/**
 * Fake timers that only move with runFor(): after install() alone, time still flows at real
 * speed, so a slow page load would eat into the durations under test.
 */
async function pauseClock(page: Page) {
  await page.clock.install()
  await page.clock.pauseAt(Date.now() + 1000)
}

const popup = (page: Page, lang: 'fr' | 'en') =>
  page.getByRole('region', {
    name: lang === 'fr' ? 'Prix du progrès social 2024' : 'Social Progress Award 2024',
  })
const closeName = { fr: "Fermer l'annonce", en: 'Close the announcement' }
const HEADING = {
  fr: 'Collaboration, Respect et Innovation',
  en: 'Collaboration, Respect & Innovation',
}

async function openHome(page: Page, lang: 'fr' | 'en') {
  await page.goto(pathOf('home', lang))
  await waitForEnhancement(page)
}

test.describe('award popup', () => {
  for (const lang of ['fr', 'en'] as const)
    test(`is visible on load and its button closes it (${lang})`, async ({ page }) => {
      await openHome(page, lang)
      await expect(popup(page, lang)).toBeVisible()
      await expect(popup(page, lang).getByRole('img')).toBeVisible()
      await expect(popup(page, lang).locator('p[lang="ar"][dir="rtl"]')).toBeVisible()
      await popup(page, lang).getByRole('button', { name: closeName[lang] }).click()
      await expect(popup(page, lang)).toBeHidden()
      // Focus stays where the panel was, not lost to the top of the document.
      expect(await page.evaluate(() => document.activeElement?.className)).toBe('award-anchor')
    })

  test(`closes by itself after ${site.timing.popupAutoCloseMs} ms on /en only`, async ({
    page,
  }) => {
    await pauseClock(page)
    await openHome(page, 'en')
    await page.locator('[data-auto-close="armed"]').waitFor({ state: 'attached' })
    await page.clock.runFor(site.timing.popupAutoCloseMs - 500)
    await expect(popup(page, 'en')).toBeVisible()
    await page.clock.runFor(600)
    await expect(popup(page, 'en')).toBeHidden()
  })

  test('stays open on the French home page', async ({ page }) => {
    await pauseClock(page)
    await openHome(page, 'fr')
    await expect(page.locator('[data-auto-close]')).toHaveAttribute('data-auto-close', 'off')
    await page.clock.runFor(site.timing.popupAutoCloseMs * 2)
    await expect(popup(page, 'fr')).toBeVisible()
  })

  test('waits while the pointer is on it', async ({ page }) => {
    await pauseClock(page)
    await openHome(page, 'en')
    await popup(page, 'en').hover()
    await expect(page.locator('[data-auto-close]')).toHaveAttribute('data-auto-close', 'off')
    await page.clock.runFor(site.timing.popupAutoCloseMs * 2)
    await expect(popup(page, 'en')).toBeVisible()
  })
})

test.describe('hero', () => {
  test('the typed word cycles Respect -> Innovation; the h1 name stays the same', async ({
    page,
  }) => {
    await pauseClock(page)
    await openHome(page, 'en')
    const word = page.locator('.typed-word')
    const h1 = page.getByRole('heading', { level: 1 })
    await page.locator('.typed-word[data-running="true"]').waitFor()
    await expect(word).toHaveText('Respect')
    await expect(h1).toHaveAccessibleName(HEADING.en)
    await page.clock.runFor(site.timing.typedWordMs + 500)
    await expect(word).toHaveText('Innovation')
    await expect(h1).toHaveAccessibleName(HEADING.en)
    await page.clock.runFor(site.timing.typedWordMs)
    await expect(word).toHaveText('Respect')
  })

  test('image 2 fades in and out over a cycle of two rotations', async ({ page }) => {
    await openHome(page, 'fr')
    const { rotation, fade } = {
      rotation: site.timing.heroRotationMs,
      fade: site.timing.heroFadeMs,
    }
    const probe = await page.evaluate(
      ({ rotation, fade }) => {
        const img = document.querySelector<HTMLElement>('.hero-image-2')
        const animation = img?.getAnimations()[0] as CSSAnimation | undefined
        if (!img || !animation) return null
        animation.pause()
        const opacityAt = (t: number) => {
          animation.currentTime = t
          return Math.round(Number(getComputedStyle(img).opacity) * 100) / 100
        }
        const timing = animation.effect?.getComputedTiming()
        return {
          name: animation.animationName,
          duration: timing?.duration,
          iterations: timing?.iterations,
          start: opacityAt(fade / 2),
          fadingIn: opacityAt(rotation - fade / 2),
          shown: opacityAt(rotation + fade / 2),
          fadingOut: opacityAt(2 * rotation - fade / 2),
          nextCycle: opacityAt(2 * rotation + fade / 2),
        }
      },
      { rotation, fade },
    )
    expect(probe).toEqual({
      name: 'hero-clock',
      duration: 2 * rotation,
      iterations: Infinity,
      start: 0,
      fadingIn: 0.5,
      shown: 1,
      fadingOut: 0.5,
      nextCycle: 0,
    })
  })

  for (const lang of ['fr', 'en'] as const)
    test(`'Since ${'1966'}' leads to the history page (${lang})`, async ({ page }) => {
      await openHome(page, lang)
      await page.getByRole('link', { name: lang === 'fr' ? 'Depuis 1966' : 'Since 1966' }).click()
      await expect(page).toHaveURL(pathOf('history', lang))
    })
})

test.describe('under reduced motion', () => {
  test.use({ reducedMotion: 'reduce' })

  test('no hero animation, a static word, carousels wait for play', async ({ page }) => {
    await pauseClock(page)
    await openHome(page, 'en')
    const hero = await page.evaluate(() => {
      const img = document.querySelector<HTMLElement>('.hero-image-2')
      return img
        ? { animations: img.getAnimations().length, opacity: getComputedStyle(img).opacity }
        : null
    })
    expect(hero).toEqual({ animations: 0, opacity: '0' })
    await page.clock.runFor(site.timing.typedWordMs * 3)
    await expect(page.locator('.typed-word')).toHaveText('Respect')
    await expect(page.locator('.typed-word')).toHaveAttribute('data-running', 'false')
    const clients = page.getByRole('region', { name: 'They trust us' })
    await expect(clients.getByRole('button', { name: 'Play the carousel' })).toBeVisible()
  })
})

test.describe('latest news', () => {
  for (const lang of ['fr', 'en'] as const)
    test(`four cards link to articles of the news page (${lang})`, async ({ page }) => {
      await page.goto(pathOf('news', lang))
      const articleIds = await page
        .locator('article.news-article')
        .evaluateAll((els) => els.map((e) => e.id))
      await page.goto(pathOf('home', lang))
      const hrefs = await page
        .locator('#latest-news .news-card h3 a')
        .evaluateAll((els) => els.map((e) => e.getAttribute('href')))
      expect(hrefs).toEqual(articleIds.slice(0, 4).map((id) => `${pathOf('news', lang)}#${id}`))
      await page.locator('#latest-news .news-card h3 a').nth(3).click()
      const target = articleIds[3] ?? ''
      await expect(page).toHaveURL(`${pathOf('news', lang)}#${target}`)
      await expect(page.locator(`#${target}`)).toBeInViewport()
    })
})

test.describe('carousels', () => {
  test('the next button moves a carousel with Enter or Space', async ({ page }) => {
    await openHome(page, 'en')
    const clients = page.getByRole('region', { name: 'They trust us' })
    const active = clients.locator('.swiper-slide-active img')
    const next = clients.getByRole('button', { name: 'Next image' })
    await next.focus() // focus inside stops the autoplay
    await expect(clients.getByRole('button', { name: 'Play the carousel' })).toBeVisible()
    const before = Number((await active.getAttribute('alt'))?.replace('Client ', ''))
    await page.keyboard.press('Enter')
    await expect(active).toHaveAttribute('alt', `Client ${String(before + 1).padStart(2, '0')}`)

    const transformers = page.getByRole('region', { name: 'Images: Transformer' })
    await transformers.getByRole('button', { name: 'Next image' }).focus()
    await page.keyboard.press(' ')
    await expect(transformers.locator('.swiper-slide-active img')).toHaveAttribute(
      'alt',
      /Power transformer/,
    )
    await transformers.getByRole('button', { name: 'Previous image' }).press('Enter')
    await expect(transformers.locator('.swiper-slide-active img')).toHaveAttribute(
      'alt',
      /distribution transformer/,
    )
  })

  test('5 customer logos and 3 certificates per row on a large screen', async ({ page }) => {
    await openHome(page, 'fr')
    const inView = (name: string) =>
      page
        .getByRole('region', { name })
        .locator('.swiper-slide-fully-visible, .swiper-slide-visible')
    await page.getByRole('region', { name: 'Ils nous font confiance' }).scrollIntoViewIfNeeded()
    await expect(inView('Ils nous font confiance')).toHaveCount(5)
    const certificates = page.getByRole('region', { name: 'Nos certifications' })
    await expect(certificates.getByRole('img')).toHaveCount(3)
    await expect(inView('Nos certifications')).toHaveCount(3)
    // All three fit: no buttons to move them.
    await expect(certificates.getByRole('button')).toHaveCount(0)
    await expect(
      page.getByRole('region', { name: 'Ils nous font confiance' }).getByRole('img'),
    ).toHaveCount(50)
  })
})

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('the popup can still be closed and the logos scroll sideways', async ({ page }) => {
    await page.goto('/')
    await expect(popup(page, 'fr')).toBeVisible()
    await popup(page, 'fr').getByRole('link', { name: closeName.fr }).click()
    await expect(popup(page, 'fr')).toBeHidden()
    const row = page.getByRole('region', { name: 'Ils nous font confiance' }).locator('.swiper')
    const { scrollable, firstVisible } = await row.evaluate((el) => ({
      scrollable: el.scrollWidth > el.clientWidth,
      firstVisible: el.querySelector('img')?.getBoundingClientRect().width ?? 0,
    }))
    expect(scrollable).toBe(true)
    expect(firstVisible).toBeGreaterThan(100)
    await expect(row).toHaveAttribute('tabindex', '0')
  })
})
