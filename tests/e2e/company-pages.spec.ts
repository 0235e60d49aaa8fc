// What a visitor sees and does on the company pages: the history timeline, the certificate
// tabs and their modal windows, the policy images, the FAQ and PFE Book accordions, the CSR
// statement; with a mouse, with the keyboard, and with JavaScript off.
import { expect, type Locator, type Page, test } from '@playwright/test'
import { pathOf, site, waitForEnhancement } from './helpers.ts'

/** Tabs of the certificates page and how many certificates each shows (spec section 2). */
const TABS = [
  { name: 'ISO', count: 3 },
  { name: 'VEIKI-VNL', count: 2 },
  { name: 'CESI', count: 11 },
  { name: 'KEMA', count: 5 },
]
const YEARS = [1966, 1975, 1986, 1987, 2005, 2007, 2016, 2017, 2019, 2020, 2021, 2022]

async function open(page: Page, id: string, lang: 'fr' | 'en') {
  await page.goto(pathOf(id, lang))
  await waitForEnhancement(page)
}

/** The one panel a visitor sees (hidden panels are out of the accessibility tree). */
const visiblePanel = (page: Page) => page.getByRole('tabpanel')

async function expectTabShown(page: Page, name: string, count: number) {
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await expect(visiblePanel(page)).toHaveCount(1)
  await expect(visiblePanel(page).getByRole('link')).toHaveCount(count)
}

test.describe('certificates', () => {
  test('tabs switch panels with a click, ISO first, with 3 / 2 / 11 / 5 certificates', async ({
    page,
  }) => {
    await open(page, 'certificates', 'fr')
    await expect(page.getByRole('tablist', { name: 'Certificats par organisme' })).toBeVisible()
    await expect(page.getByRole('tab')).toHaveText(TABS.map((t) => t.name))
    await expectTabShown(page, 'ISO', 3)
    for (const tab of [...TABS.slice(1), TABS[0]]) {
      if (!tab) continue
      await page.getByRole('tab', { name: tab.name, exact: true }).click()
      await expectTabShown(page, tab.name, tab.count)
      await expect(page.getByRole('tab', { selected: false })).toHaveCount(TABS.length - 1)
    }
  })

  test('arrow keys, Home and End move between tabs and show their panel', async ({ page }) => {
    await open(page, 'certificates', 'en')
    const tab = (name: string) => page.getByRole('tab', { name, exact: true })
    await tab('ISO').focus()
    await page.keyboard.press('ArrowRight')
    await expect(tab('VEIKI-VNL')).toBeFocused()
    await expectTabShown(page, 'VEIKI-VNL', 2)
    await page.keyboard.press('ArrowRight')
    await expectTabShown(page, 'CESI', 11)
    await page.keyboard.press('End')
    await expect(tab('KEMA')).toBeFocused()
    await expectTabShown(page, 'KEMA', 5)
    await page.keyboard.press('ArrowRight') // wraps to the first tab
    await expectTabShown(page, 'ISO', 3)
    await page.keyboard.press('ArrowLeft') // and back to the last
    await expectTabShown(page, 'KEMA', 5)
    await page.keyboard.press('Home')
    await expect(tab('ISO')).toBeFocused()
    await expectTabShown(page, 'ISO', 3)
    // Only the active tab is in the Tab order; Tab then enters the panel.
    await expect(tab('CESI')).toHaveAttribute('tabindex', '-1')
    await page.keyboard.press('Tab')
    await expect(visiblePanel(page).getByRole('link').first()).toBeFocused()
  })

  test('a thumbnail opens the large image in a modal; X and Escape close it, focus returns', async ({
    page,
  }) => {
    await open(page, 'certificates', 'fr')
    await page.getByRole('tab', { name: 'CESI', exact: true }).click()
    const thumb = visiblePanel(page).getByRole('link', { name: /^CESI 250 kVA · 30 kV/ })
    await expect(thumb).toHaveAccessibleName('CESI 250 kVA · 30 kV (agrandir)')

    await thumb.click()
    const dialog = page.getByRole('dialog', { name: 'CESI 250 kVA · 30 kV' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('img', { name: 'CESI 250 kVA · 30 kV' })).toHaveAttribute(
      'src',
      '/images/certificates/cesi/cesi-250-30.svg',
    )
    await expectLargeImageLoaded(dialog)
    await dialog.getByRole('button', { name: 'Fermer' }).click()
    await expect(dialog).toBeHidden()
    await expect(thumb).toBeFocused()

    // Keyboard only: Enter on the thumbnail opens, Escape closes, focus is back on it.
    await thumb.press('Enter')
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Fermer' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(thumb).toBeFocused()
    // The page stays where it was: the modal is not a navigation.
    expect(new URL(page.url()).pathname).toBe(pathOf('certificates', 'fr'))
  })

  test('the two QHSE policy images open in the same kind of modal', async ({ page }) => {
    await open(page, 'certificates', 'en')
    const policies = page.locator('#qhse-policy')
    for (const [caption, src] of [
      ['QHSE policy, French version', '/images/certificates/policy/qhse-policy-fr.svg'],
      ['QHSE policy, Arabic version', '/images/certificates/policy/qhse-policy-ar.svg'],
    ] as const) {
      const thumb = policies.getByRole('link', { name: `${caption} (enlarge)` })
      await thumb.click()
      const dialog = page.getByRole('dialog', { name: caption })
      await expect(dialog).toBeVisible()
      await expect(dialog.getByRole('img', { name: caption })).toHaveAttribute('src', src)
      await expectLargeImageLoaded(dialog)
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expect(thumb).toBeFocused()
    }
    // A click on the dimmed backdrop, outside the window, closes it too.
    const thumb = policies.getByRole('link').first()
    await thumb.click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.mouse.click(5, 5)
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(thumb).toBeFocused()
  })

  test('with JavaScript off every panel shows under its heading, thumbnails link to the images', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(pathOf('certificates', 'fr'))
    await expect(page.getByRole('tab')).toHaveCount(0)
    const headings = page.locator('.cert-panel').getByRole('heading', { level: 3 })
    await expect(headings).toHaveText([
      'Certificats ISO : systèmes de management',
      'Essais de type VEIKI-VNL',
      'Essais de type CESI',
      'Essais de type KEMA',
    ])
    for (const h of await headings.all()) await expect(h).toBeVisible()
    const thumbs = page.locator('.cert-panel').getByRole('link')
    await expect(thumbs).toHaveCount(21)
    for (const [i, tab] of TABS.entries())
      await expect(page.locator('.cert-panel').nth(i).getByRole('link')).toHaveCount(tab.count)
    for (const t of await thumbs.all()) await expect(t).toBeVisible()
    const first = page.getByRole('link', { name: 'ISO 9001:2015 (agrandir)' })
    await expect(first).toHaveAttribute('href', '/images/certificates/iso/iso-9001.svg')
    await first.click()
    await expect(page).toHaveURL(/\/images\/certificates\/iso\/iso-9001\.svg$/)
    await context.close()
  })
})

async function expectLargeImageLoaded(dialog: Locator) {
  const img = dialog.getByRole('img')
  await expect
    .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0)
}

test.describe('FAQ', () => {
  test('questions open and close with Enter and Space, and quote the figures', async ({ page }) => {
    await open(page, 'faqs', 'en')
    const summaries = page.locator('.accordion summary')
    await expect(summaries).toHaveText([
      'What is a transformer?',
      'How do I specify a transformer?',
      'What is voltage regulation?',
      'Can transformers operate in parallel?',
      "What is a transformer's impedance?",
      'What does ONAN mean?',
    ])
    const answer = page.getByText(/Voltage regulation is the change/)
    await expect(answer).toBeHidden()
    const question = summaries.filter({ hasText: 'voltage regulation' })
    await question.focus()
    await page.keyboard.press('Enter')
    await expect(answer).toBeVisible()
    await expect(page.getByText('2.5 to 5 %')).toBeVisible()
    await page.keyboard.press('Space')
    await expect(answer).toBeHidden()
    await page.keyboard.press('Space')
    await expect(answer).toBeVisible()

    await summaries.filter({ hasText: 'parallel' }).click()
    await expect(page.getByText('10 % of the impedance')).toBeVisible()
    await summaries.filter({ hasText: 'impedance?' }).click()
    await expect(page.getByText('3 to 6 %')).toBeVisible()
  })

  test('the French page quotes the same figures, French style', async ({ page }) => {
    await open(page, 'faqs', 'fr')
    for (const summary of await page.locator('.accordion summary').all()) await summary.click()
    await expect(page.getByText('entre 2,5 et 5 %')).toBeVisible()
    await expect(page.getByText('de 3 à 6 %')).toBeVisible()
    await expect(page.getByText("10 % de l'impédance")).toBeVisible()
  })

  test('a mail link to the contact address and a button to the contact page', async ({ page }) => {
    await open(page, 'faqs', 'fr')
    await expect(page.getByRole('link', { name: site.contact.email }).last()).toHaveAttribute(
      'href',
      `mailto:${site.contact.email}`,
    )
    const button = page.locator('.mail-prompt').getByRole('link', { name: 'Nous contacter' })
    await expect(button).toHaveAttribute('href', pathOf('contact', 'fr'))
  })
})

test.describe('PFE Book', () => {
  test('the first offer is open at start, the second closed; a CV goes to recruitment', async ({
    page,
  }) => {
    await open(page, 'pfebook', 'fr')
    const offers = page.locator('details.pfe-offer')
    await expect(offers).toHaveCount(2)
    await expect(offers.nth(0)).toHaveAttribute('open', '')
    await expect(offers.nth(1)).not.toHaveAttribute('open')
    await expect(offers.nth(0).locator('summary')).toHaveText(
      /PFE-01\s+Application de dimensionnement/,
    )
    await expect(offers.nth(0).getByText("Objectifs de l'application")).toBeVisible()
    await expect(offers.nth(1).getByText(/ERP/).first()).toBeHidden()
    await offers.nth(1).locator('summary').press('Enter')
    await expect(offers.nth(1).getByText(/utilisateur standard/)).toBeVisible()
    const mail = page
      .locator('.mail-prompt')
      .getByRole('link', { name: site.contact.recruitmentEmail })
    await expect(mail).toHaveAttribute('href', `mailto:${site.contact.recruitmentEmail}`)
  })
})

test.describe('history', () => {
  for (const lang of ['fr', 'en'] as const)
    test(`the timeline shows the 12 years in order (${lang})`, async ({ page }) => {
      await page.goto(pathOf('history', lang))
      const years = page.locator('.timeline time')
      await expect(years).toHaveText(YEARS.map(String))
      await expect(page.locator('.timeline h3')).toHaveCount(12)
      for (const y of await years.all()) await expect(y).toBeVisible()
    })
})

test.describe('CSR', () => {
  test('the statement is signed, the side box and the five commitments show', async ({ page }) => {
    await page.goto(pathOf('csr', 'en'))
    await expect(page.getByText('The Managing Director')).toBeVisible()
    const box = page.getByRole('region', { name: 'Our CSR approach' })
    await expect(box.locator('strong')).toHaveText([
      'Indicators and objectives',
      'CSR committee',
      'Dialogue',
      'Eco-friendly materials',
    ])
    await expect(page.locator('#commitments h3')).toHaveText([
      /Responsible governance/,
      /Environment protection/,
      /Social and human engagement/,
      /Respect of customers' interests/,
      /Stakeholder engagement/,
    ])
  })
})
