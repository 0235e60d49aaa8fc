// What a visitor sees on the news and presentation pages: the twelve articles in both
// languages (plain-text titles and categories, dates, follow-us links, two columns on a large
// screen, readable with JavaScript off), the company figures, the counters (page.clock) and values.
import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { parse } from 'yaml'
import { pathOf, site, waitForEnhancement } from './helpers.ts'

/**
 * Fake timers that only move with runFor(): after install() alone, time still flows at real
 * speed, so a slow page load would eat into the durations under test.
 */
async function pauseClock(page: Page) {
  await page.clock.install()
  await page.clock.pauseAt(Date.now() + 1000)
}

type NewsFile = { blocks: { type: string; items?: { id: string; title: string }[] }[] }
const articlesOf = (lang: 'fr' | 'en') => {
  const file = parse(
    readFileSync(new URL(`../../content/${lang}/news.yaml`, import.meta.url), 'utf8'),
  ) as NewsFile
  return file.blocks.find((b) => b.type === 'newsList')?.items ?? []
}

const FRENCH_DATES = [
  'juin 2025',
  '2 juin 2025',
  '1 mai 2025',
  '24 avril 2025',
  '23 avril 2025',
  '18 avril 2025',
  '2 décembre 2024',
  '27 septembre 2024',
  '31 mai 2024',
  '8 mai 2024',
  '18 février 2024',
  '11–15 octobre 2023',
]

const articles = (page: Page) => page.locator('article.news-article')

test.describe('news', () => {
  test('the twelve French articles, newest first, with their dates and categories', async ({
    page,
  }) => {
    await page.goto(pathOf('news', 'fr'))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Actualités')
    await expect(articles(page)).toHaveCount(12)
    await expect(articles(page).locator('time')).toHaveText(FRENCH_DATES)
    await expect(articles(page).first()).toContainText('25 MVA')
    await expect(articles(page).first()).toContainText('30/20 kV')
    await expect(articles(page).first()).toContainText('Dyn11')
    await expect(articles(page).first()).toContainText('ONAN')
    await expect(articles(page).locator('.news-category')).toHaveText(
      Array(12).fill(/^Actualités de l'(entreprise|usine)$/),
    )
  })

  test('the English list has the same twelve articles, in English', async ({ page }) => {
    const fr = articlesOf('fr')
    const en = articlesOf('en')
    expect(en.map((a) => a.id)).toEqual(fr.map((a) => a.id))
    await page.goto(pathOf('news', 'en'))
    await expect(page).toHaveTitle(/News/)
    await expect(articles(page)).toHaveCount(12)
    await expect(articles(page).locator('.news-title')).toHaveText(en.map((a) => a.title))
    await expect(articles(page).locator('time').first()).toHaveText('June 2025')
    await expect(articles(page).locator('time').last()).toHaveText(/^11\s?–\s?15 October 2023$/)
    await expect(articles(page).locator('.news-category')).toHaveText(
      Array(12).fill(/^(Company|Factory) news$/),
    )
  })

  test('titles and categories are plain text; follow-us links go to the networks', async ({
    page,
  }) => {
    await page.goto(pathOf('news', 'en'))
    await expect(articles(page).locator('.news-title a, .news-category a')).toHaveCount(0)
    const first = articles(page).first()
    for (const network of ['facebook', 'linkedin']) {
      const url = site.social.find((s) => s.network === network)?.url ?? ''
      const link = first.getByRole('link', { name: new RegExp(network, 'i') })
      await expect(link).toHaveAttribute('href', url)
      await expect(link).toHaveAttribute('target', '_blank')
    }
  })

  test('two columns on a large screen, one on a phone', async ({ page }) => {
    await page.goto(pathOf('news', 'fr'))
    const [a, b] = [
      await articles(page).nth(0).boundingBox(),
      await articles(page).nth(1).boundingBox(),
    ]
    expect(b?.y).toBe(a?.y)
    expect(b?.x).toBeGreaterThan((a?.x ?? 0) + (a?.width ?? 0))
    await page.setViewportSize({ width: 390, height: 844 })
    // Until the layout has settled: each article's carousel resizes its slides after the window
    // does (one CI run measured the first article between the two, still taller than its place).
    await expect
      .poll(async () => {
        const [c, d] = [
          await articles(page).nth(0).boundingBox(),
          await articles(page).nth(1).boundingBox(),
        ]
        return { sameColumn: d?.x === c?.x, below: (d?.y ?? 0) > (c?.y ?? 0) + (c?.height ?? 0) }
      })
      .toEqual({ sameColumn: true, below: true })
    // Nothing wider than the phone screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })

  test('an article carousel moves with its buttons', async ({ page }) => {
    await page.goto(pathOf('news', 'en'))
    await waitForEnhancement(page)
    const first = articles(page).first()
    await expect(first.locator('.swiper-slide-active img')).toHaveAttribute('alt', /in the factory/)
    await first.getByRole('button', { name: 'Next image' }).press('Enter')
    await expect(first.locator('.swiper-slide-active img')).toHaveAttribute('alt', /prepared/)
  })

  test.describe('with JavaScript off', () => {
    test.use({ javaScriptEnabled: false })

    for (const lang of ['fr', 'en'] as const)
      test(`every title and first image is readable (${lang})`, async ({ page }) => {
        await page.goto(pathOf('news', lang))
        const titles = articles(page).locator('.news-title')
        await expect(titles).toHaveText(articlesOf(lang).map((a) => a.title))
        for (const title of await titles.all()) await expect(title).toBeVisible()
        for (const article of await articles(page).all()) {
          const image = article.getByRole('img').first()
          await image.scrollIntoViewIfNeeded()
          await expect(image).toBeVisible()
        }
      })
  })
})

const COUNTERS = {
  en: ['10,000', '2,000', '60,000', '450', '30'],
  // French groups thousands with a narrow no-break space.
  fr: ['10\u202f000', '2\u202f000', '60\u202f000', '450', '30'],
}

/**
 * Resolves once an IntersectionObserver created now reports the counters; the island's own
 * observer, created earlier, has been told first (callbacks run in creation order), so its
 * animation has started when this returns.
 */
async function counterInViewNoticed(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const target = document.querySelector('.counters')
        if (!target) return resolve()
        const observer = new IntersectionObserver((entries) => {
          if (!entries.some((e) => e.isIntersecting)) return
          observer.disconnect()
          resolve()
        })
        observer.observe(target)
      }),
  )
}

test.describe('presentation', () => {
  test('about, company figures and the three values', async ({ page }) => {
    await page.goto(pathOf('presentation', 'fr'))
    await expect(page.getByRole('heading', { level: 2, name: 'Qui sommes-nous ?' })).toBeVisible()
    const figures = page.locator('#key-figures h3')
    await expect(figures).toHaveText(['6 ha', '18\u202f000 m²', '≈ 450', '+ de 30', '1966', '2007'])
    await expect(page.locator('#values h3')).toHaveText(['Collaboration', 'Respect', 'Innovation'])
    await expect(page.getByRole('region', { name: 'Images : Qui sommes-nous ?' })).toBeVisible()
  })

  for (const lang of ['fr', 'en'] as const)
    test(`counters count up to their values in ${site.timing.counterDurationMs} ms (${lang})`, async ({
      page,
    }) => {
      await pauseClock(page)
      await page.goto(pathOf('presentation', lang))
      await waitForEnhancement(page)
      const values = page.locator('.counter-value')
      await values.first().scrollIntoViewIfNeeded()
      await expect(values.first()).toHaveText('0')
      await counterInViewNoticed(page)
      await page.clock.runFor(site.timing.counterDurationMs / 2)
      const midway = Number((await values.first().textContent())?.replace(/\D/g, ''))
      expect(midway).toBeGreaterThan(0)
      expect(midway).toBeLessThan(10000)
      await page.clock.runFor(site.timing.counterDurationMs / 2 + 100)
      await expect(values).toHaveText(COUNTERS[lang])
    })

  test.describe('under reduced motion', () => {
    test.use({ reducedMotion: 'reduce' })

    test('counters show their final values at once', async ({ page }) => {
      await pauseClock(page)
      await page.goto(pathOf('presentation', 'en'))
      await waitForEnhancement(page)
      await page.locator('.counter-value').first().scrollIntoViewIfNeeded()
      await expect(page.locator('.counter-value')).toHaveText(COUNTERS.en)
    })
  })
})
