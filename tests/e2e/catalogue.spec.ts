// What a buyer sees and does on the catalogue, power systems, services and training pages:
// detail windows, the gallery, the 24 kV <-> 36 kV buttons, the brochure PDFs, the ratings tables
// on a phone; with a mouse, with the keyboard, and with JavaScript off.
import { expect, type Page, test } from '@playwright/test'
import { pathOf, waitForEnhancement } from './helpers.ts'

/** The routes of this area (content/routes.yaml ids). */
const CATALOGUE_PAGES = [
  'products',
  'transformers',
  'transformer-dist-24',
  'transformer-dist-36',
  'transformer-power',
  'transformer-single-phase',
  'transformer-special',
  'power-systems',
  'ais',
  'protection-cabinet',
  'energy-management',
  'active-filter',
  'capacitor-banks',
  'services',
  'training',
]
const LANGS = ['fr', 'en'] as const
const WORDS = {
  fr: { details: 'Détails', close: 'Fermer', enlarge: 'Agrandir', closeX: 'Fermer' },
  en: { details: 'Details', close: 'Close', enlarge: 'Enlarge', closeX: 'Close' },
}

async function open(page: Page, id: string, lang: 'fr' | 'en') {
  await page.goto(pathOf(id, lang))
  await waitForEnhancement(page)
}

test.describe('detail windows', () => {
  for (const lang of LANGS) {
    test(`energy management (${lang}): the four windows open, close with Escape and give focus back`, async ({
      page,
    }) => {
      await open(page, 'energy-management', lang)
      const titles =
        lang === 'fr'
          ? [
              'Description technique',
              'Architecture',
              'Spécifications techniques',
              'Plateforme de supervision',
            ]
          : [
              'Technical description',
              'Architecture',
              'Technical specifications',
              'Monitoring platform',
            ]
      for (const title of titles) {
        const button = page.getByRole('button', { name: `${WORDS[lang].details} – ${title}` })
        await button.click()
        const dialog = page.getByRole('dialog', { name: title })
        await expect(dialog).toBeVisible()
        await page.keyboard.press('Escape')
        await expect(dialog).toBeHidden()
        await expect(button).toBeFocused()
      }
    })
  }

  test('the specifications window shows the monitoring facts as a table', async ({ page }) => {
    await open(page, 'energy-management', 'en')
    await page.getByRole('button', { name: 'Details – Technical specifications' }).click()
    const table = page.getByRole('dialog').getByRole('table')
    for (const [label, value] of [
      ['Enclosure protection', 'IP 54'],
      ['Communication', 'Modbus TCP/IP'],
      ['Temperature probes', 'Pt100'],
      ['Analogue inputs', '4–20 mA'],
      ['Data transmission', 'GSM/GPRS or Ethernet'],
    ])
      await expect(table.getByRole('row', { name: `${label} ${value}` })).toBeVisible()
  })

  for (const lang of LANGS) {
    test(`capacitor banks (${lang}): ${WORDS[lang].details} opens SCEFix and SCEVar, ${WORDS[lang].close} closes`, async ({
      page,
    }) => {
      await open(page, 'capacitor-banks', lang)
      for (const family of ['SCEFix', 'SCEVar']) {
        const button = page.getByRole('button', {
          name: new RegExp(`^${WORDS[lang].details} – ${family}`),
        })
        await expect(button).toContainText(WORDS[lang].details)
        await button.click()
        const dialog = page.getByRole('dialog', { name: new RegExp(`^${family}`) })
        await expect(dialog).toBeVisible()
        for (const variant of ['N', 'H', 'FN', 'FH', 'FNS', 'FHS'])
          await expect(
            dialog.locator('strong', { hasText: new RegExp(`^${variant}$`) }),
          ).toHaveCount(1)
        await expect(dialog).toContainText('7 %')
        await expect(dialog).toContainText('14 %')
        // The text button at the foot of the window (the X button carries the same name).
        await dialog.getByText(WORDS[lang].close, { exact: true }).click()
        await expect(dialog).toBeHidden()
        await expect(button).toBeFocused()
      }
      // The X button closes it too.
      await page
        .getByRole('button', { name: new RegExp(`^${WORDS[lang].details} – SCEVar`) })
        .click()
      await page
        .getByRole('dialog')
        .getByRole('button', { name: WORDS[lang].closeX })
        .first()
        .click()
      await expect(page.getByRole('dialog')).toBeHidden()
    })
  }

  test('with JavaScript off the details are in the cards and no dead button shows', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(pathOf('capacitor-banks', 'fr'))
    const card = page.locator('#scefix')
    await expect(card).toContainText('FNS et FHS')
    await expect(card.getByRole('button')).toBeHidden()
    await context.close()
  })
})

test.describe('AIS gallery', () => {
  test('four configurations; Enlarge opens the large image, Escape closes, focus returns', async ({
    page,
  }) => {
    await open(page, 'ais', 'en')
    const links = page.getByRole('link', { name: /^Enlarge – / })
    await expect(links).toHaveCount(4)
    const second = links.nth(1)
    const href = await second.getAttribute('href')
    await second.click()
    const dialog = page.getByRole('dialog', { name: 'Double incomer with voltage measurement' })
    await expect(dialog).toBeVisible()
    await expect(dialog.locator('img')).toHaveAttribute('src', href ?? '')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(second).toBeFocused()
  })

  test('with JavaScript off, Agrandir opens the image itself', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(pathOf('ais', 'fr'))
    const link = page.getByRole('link', { name: /^Agrandir – / }).first()
    await link.click()
    await expect(page).toHaveURL(/\/images\/catalogue\/ais\/config-1\.svg$/)
    await context.close()
  })
})

test.describe('links between ranges', () => {
  for (const lang of LANGS) {
    test(`24 kV <-> 36 kV buttons (${lang})`, async ({ page }) => {
      const to36 = lang === 'fr' ? 'Voir la gamme 36 kV' : 'See the 36 kV range'
      const to24 = lang === 'fr' ? 'Voir la gamme 24 kV' : 'See the 24 kV range'
      await page.goto(pathOf('transformer-dist-24', lang))
      await page.getByRole('link', { name: to36 }).first().click()
      await expect(page).toHaveURL(new RegExp(`${pathOf('transformer-dist-36', lang)}$`))
      await expect(page.getByRole('heading', { level: 1 })).toContainText('36 kV')
      await page.getByRole('link', { name: to24 }).first().click()
      await expect(page).toHaveURL(new RegExp(`${pathOf('transformer-dist-24', lang)}$`))
      await expect(page.getByRole('heading', { level: 1 })).toContainText('24 kV')
    })
  }

  test('the energy study card leads to the contact page; capacitor banks by the correct path', async ({
    page,
  }) => {
    await page.goto(pathOf('products', 'fr'))
    await page.locator('#etude-energetique').getByRole('link', { name: 'Détails' }).click()
    await expect(page).toHaveURL(new RegExp(`${pathOf('contact', 'fr')}$`))
    for (const lang of LANGS) {
      await page.goto(pathOf('power-systems', lang))
      const card = page.locator('#batteries-condensateurs')
      await expect(card.getByRole('link').first()).toHaveAttribute(
        'href',
        pathOf('capacitor-banks', lang),
      )
      await expect(page.locator('a[href="/batterie_condencateur"]')).toHaveCount(0)
    }
  })

  test('the single-phase page carries the title of the spec', async ({ page }) => {
    await page.goto(pathOf('transformer-single-phase', 'fr'))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Nos Gammes de Transformateurs Monophasés',
    )
  })

  test('each special transformer section has its own Contact and Catalogue buttons', async ({
    page,
  }) => {
    await page.goto(pathOf('transformer-special', 'en'))
    for (const id of ['mise-a-la-terre', 'isolement', 'autotransformateurs']) {
      const section = page.locator(`#${id}`)
      await expect(section.getByRole('link', { name: 'Contact us' })).toHaveAttribute(
        'href',
        pathOf('contact', 'en'),
      )
      await expect(section.getByRole('link', { name: 'Catalogue (PDF)' })).toHaveAttribute(
        'href',
        '/docs/catalogue-transformateurs-2024.pdf',
      )
    }
  })
})

test.describe('brochures', () => {
  test('every PDF link of the area downloads a real PDF', async ({ page, request }) => {
    test.setTimeout(120_000)
    const pdfs = new Set<string>()
    for (const id of CATALOGUE_PAGES)
      for (const lang of LANGS) {
        // The links are in the page as served: no need to wait for its images.
        await page.goto(pathOf(id, lang), { waitUntil: 'domcontentloaded' })
        const links = await page
          .locator('a[href$=".pdf"]')
          .evaluateAll((all) =>
            all.map((a) => [a.getAttribute('href'), a.getAttribute('download')]),
          )
        for (const [href, download] of links) {
          expect(download, `${href} on ${id} (${lang}) is offered as a download`).toBe('')
          pdfs.add(href ?? '')
        }
      }
    // Transformer catalogue 2024, energy management, capacitor banks, CP1T-CP4T, AIS brochure.
    expect(pdfs.size).toBe(8)
    for (const href of pdfs) {
      const response = await request.get(href)
      expect(response.status(), href).toBe(200)
      expect(response.headers()['content-type'], href).toContain('application/pdf')
      const body = await response.body()
      expect(body.subarray(0, 5).toString('latin1'), href).toBe('%PDF-')
      expect(body.toString('latin1'), href).toContain('SAMPLE')
    }
  })

  test('the transformer catalogue button offers the file as a download', async ({ page }) => {
    await page.goto(pathOf('transformer-dist-24', 'fr'))
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Catalogue (PDF)' }).first().click(),
    ])
    expect(download.suggestedFilename()).toBe('catalogue-transformateurs-2024.pdf')
  })
})

test.describe('ratings tables on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  for (const lang of LANGS)
    for (const id of ['transformer-dist-24', 'transformer-power']) {
      test(`${id} (${lang}): the table scrolls inside its focusable region, never the page`, async ({
        page,
      }) => {
        await page.goto(pathOf(id, lang))
        const table = page.locator('table.ratings-table')
        const caption = ((await table.locator('caption').textContent()) ?? '').trim()
        const region = page.getByRole('region', { name: caption })
        await expect(region).toHaveAttribute('tabindex', '0')
        await region.focus()
        await expect(region).toBeFocused()
        const sizes = await region.evaluate((el) => ({
          scroll: el.scrollWidth,
          client: el.clientWidth,
        }))
        expect(sizes.scroll).toBeGreaterThan(sizes.client)
        await page.keyboard.press('ArrowRight')
        await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0)
        const pageWidth = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
        }))
        expect(pageWidth.scroll).toBeLessThanOrEqual(pageWidth.client)
        expect(await page.evaluate(() => window.scrollX)).toBe(0)
      })
    }
})

test.describe('what the spec lists is on the pages', () => {
  test('training: three formats, 12 domain cards each with a Contact button, two contact cards', async ({
    page,
  }) => {
    await page.goto(pathOf('training', 'en'))
    const formats = page.locator('#formules li')
    await expect(formats).toHaveCount(3)
    await expect(formats.getByRole('heading')).toHaveText([
      'Inter-company',
      'Intra-company',
      'Tailor-made, with audit',
    ])
    const domains = page.locator('#domaines li')
    await expect(domains).toHaveCount(12)
    for (const card of await domains.all())
      await expect(card.getByRole('link', { name: 'Contact us' })).toHaveAttribute(
        'href',
        pathOf('contact', 'en'),
      )
    await expect(page.locator('#contacts-formation li')).toHaveCount(2)
  })

  test('after-sales: four numbered blocks, the energy audit, a sales representative card', async ({
    page,
  }) => {
    await page.goto(pathOf('services', 'fr'))
    await expect(page.locator('#prestations .card-number')).toHaveText(['01 ', '02 ', '03 ', '04 '])
    await expect(page.locator('#reparation')).toContainText('36 kV et 30 MVA')
    await expect(page.locator('#audit-energetique')).toBeVisible()
    const card = page.locator('#representant li')
    await expect(card).toHaveCount(1)
    await expect(card.getByRole('link', { name: /^sav@example\.com$/ })).toHaveAttribute(
      'href',
      'mailto:sav@example.com',
    )
  })

  test('protection box: CP1T to CP4T each with its catalogue, relays named, English banner marked as English', async ({
    page,
  }) => {
    await page.goto(pathOf('protection-cabinet', 'fr'))
    for (const n of [1, 2, 3, 4])
      await expect(
        page.locator(`#cp${n}t`).getByRole('link', { name: `Catalogue CP${n}T (PDF)` }),
      ).toHaveAttribute('href', `/docs/catalogue-coffret-protection-cp${n}t.pdf`)
    await expect(page.locator('#presentation')).toContainText('DMCR')
    await expect(page.locator('#presentation')).toContainText('DGPT2')
    await expect(page.locator('#presentation')).toContainText('Buchholz')
    await expect(page.locator('#avantages li')).toHaveCount(3)
    await expect(page.locator('#promotion')).toHaveAttribute('lang', 'en')
  })

  test('AIS: the four SME functions and the rated values of spec section 3', async ({ page }) => {
    await page.goto(pathOf('ais', 'fr'))
    for (const id of ['sme01', 'sme02', 'sme03', 'sme05'])
      await expect(page.locator(`#${id}`)).toBeVisible()
    const facts = page.locator('#caracteristiques table')
    for (const text of [
      '36 kV',
      '70 kV',
      '80 kV',
      '170/195 kV',
      '16 kA',
      '40 kA',
      '630 A',
      '50 Hz',
      'IP3X',
      'IK07',
      'IAC AFL',
      'IEC 62271-200',
    ])
      await expect(facts).toContainText(text)
  })

  test('power transformer: service voltages and vector groups; French decimals', async ({
    page,
  }) => {
    await page.goto(pathOf('transformer-power', 'fr'))
    const facts = page.locator('#caracteristiques table')
    await expect(facts.getByRole('row', { name: /Couplages/ })).toContainText('Dyn11, YNd11, YNyn0')
    await expect(facts.getByRole('row', { name: /classe 24 kV/ })).toContainText(
      '5,5, 10, 11, 15, 20 kV',
    )
    await expect(facts.getByRole('row', { name: /classe 36 kV/ })).toContainText(
      '30, 31,5, 33, 34,5 kV',
    )
    await expect(facts.getByRole('row', { name: /Refroidissement/ })).toContainText('ONAN / ONAF')
  })

  test('energy management: SEMS and IEMS, the measured quantities, harmonics to rank 63, why and standards', async ({
    page,
  }) => {
    await page.goto(pathOf('energy-management', 'en'))
    await expect(page.locator('#sems')).toBeVisible()
    await expect(page.locator('#iems')).toBeVisible()
    const features = page.locator('#fonctionnalites li')
    await expect(features).toHaveCount(10)
    await expect(features.nth(1)).toContainText('U, V, A, P, Q, S, EA, ER, F, PF')
    await expect(features.nth(2)).toContainText('THDI and THDU harmonics up to rank 63')
    await expect(page.locator('#pourquoi li')).not.toHaveCount(0)
    await expect(page.locator('#normes li')).not.toHaveCount(0)
    await expect(page.getByRole('link', { name: /brochure \(PDF\)/i }).first()).toHaveAttribute(
      'href',
      '/docs/brochure-gestion-energie.pdf',
    )
  })

  test('carousels: three certificate logos, three protection box photos, two capacitor bank photos, 40 training customers', async ({
    page,
  }) => {
    const distinctImages = async (id: string, pageId: string) => {
      await open(page, pageId, 'fr')
      const alts = await page
        .locator(`#${id} img`)
        .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')))
      return new Set(alts).size
    }
    expect(await distinctImages('certifications', 'transformers')).toBe(3)
    expect(await distinctImages('galerie', 'protection-cabinet')).toBe(3)
    expect(await distinctImages('galerie', 'capacitor-banks')).toBe(2)
    expect(await distinctImages('clients', 'training')).toBe(40)
  })
})
