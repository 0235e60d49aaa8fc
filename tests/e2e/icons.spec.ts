// Icons and share images as browsers and social networks fetch them: the files the <head> of
// every page names exist, with the right type and size (real images, decoded by sharp).
import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { canonicalPaths, site } from './helpers.ts'

const meta = (name: string) => `meta[property="${name}"], meta[name="${name}"]`

test.describe('icons and share images', () => {
  for (const r of canonicalPaths.filter((p) =>
    ['home', 'transformer-dist-24', 'contact'].includes(p.id),
  ))
    test(`${r.path} names a 1200x630 JPEG share image of its own, with alt text`, async ({
      page,
      request,
    }) => {
      await page.goto(r.path)
      const image = await page.locator(meta('og:image')).getAttribute('content')
      expect(image).toBe(`${site.siteUrl}/og/${r.lang}/${r.id}.jpg`)
      await expect(page.locator(meta('og:image:width'))).toHaveAttribute('content', '1200')
      await expect(page.locator(meta('og:image:height'))).toHaveAttribute('content', '630')
      await expect(page.locator(meta('og:image:type'))).toHaveAttribute('content', 'image/jpeg')
      // The alt text is the page's title (the document title without the company name).
      const alt = (await page.locator(meta('og:image:alt')).getAttribute('content')) ?? ''
      expect(alt.length).toBeGreaterThan(2)
      expect(await page.title()).toBe(`${alt} | ${site.company.name}`)
      await expect(page.locator(meta('twitter:card'))).toHaveAttribute(
        'content',
        'summary_large_image',
      )
      const res = await request.get(new URL(image ?? '').pathname)
      expect(res.status()).toBe(200)
      expect(res.headers()['content-type']).toBe('image/jpeg')
      const info = await sharp(await res.body()).metadata()
      expect([info.format, info.width, info.height]).toEqual(['jpeg', 1200, 630])
    })

  test('favicon.ico holds 16, 32 and 48 px images, and every icon of the head exists', async ({
    page,
    request,
  }) => {
    const ico = await request.get('/favicon.ico')
    expect(ico.status()).toBe(200)
    expect(ico.headers()['content-type']).toBe('image/x-icon')
    const body = await ico.body()
    expect([body.readUInt16LE(2), body.readUInt16LE(4)]).toEqual([1, 3])
    expect([0, 1, 2].map((i) => body.readUInt8(6 + 16 * i))).toEqual([16, 32, 48])

    await page.goto('/en')
    const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')
    const touchInfo = await sharp(await (await request.get(touch ?? '')).body()).metadata()
    expect([touchInfo.format, touchInfo.width, touchInfo.height, touchInfo.hasAlpha]).toEqual([
      'png',
      180,
      180,
      false,
    ])
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href')
    const manifest = await request.get(manifestHref ?? '')
    expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json(;|$)/)
    const { icons, name } = (await manifest.json()) as {
      name: string
      icons: { src: string; sizes: string; type: string }[]
    }
    expect(name).toBe(site.company.name)
    for (const icon of icons.filter((i) => i.type === 'image/png')) {
      const info = await sharp(await (await request.get(icon.src)).body()).metadata()
      expect(`${info.width}x${info.height}`).toBe(icon.sizes)
    }
    expect(icons.map((i) => i.sizes)).toEqual(['any', '192x192', '512x512'])
  })
})
