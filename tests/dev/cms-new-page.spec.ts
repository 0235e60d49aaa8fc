// "Ajouter une page" in the editor of `npm run dev`, in Chromium: the form of the
// new-page collection, "Publier" -> "Publier maintenant", and the page is served at its two
// paths with its menu label under Services; an id a page already has is refused at its field
// and nothing is written. The dev server serves a copy (tests/dev/site.ts): what the saves
// wrote there is put back afterwards (restoreCopy).
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { DEV_SITE, REPO } from './site.ts'

const ID = 'warranty'
/** The files a new page's save writes: created ones, and changed ones (only lines added). */
const CREATED = [`content/fr/${ID}.yaml`, `content/en/${ID}.yaml`]
const CHANGED = ['content/routes.yaml', 'content/i18n/fr.yaml', 'content/i18n/en.yaml']

const inCopy = (file: string) => join(DEV_SITE, file)
const sameAsRepository = (file: string) =>
  readFileSync(inCopy(file), 'utf8') === readFileSync(join(REPO, file), 'utf8')

/**
 * Puts the copy back as the repository has it: the files the saves created are removed (their
 * folders stay), the files they changed are rewritten from the repository, only if they differ
 * (an unchanged file is not touched, so the dev server has nothing to reload for it).
 */
function restoreCopy(): void {
  for (const file of CREATED) rmSync(inCopy(file), { force: true })
  for (const file of CHANGED)
    if (!sameAsRepository(file)) writeFileSync(inCopy(file), readFileSync(join(REPO, file)))
}

test.beforeAll(restoreCopy)
// The first visit of /admin/ builds the editor's bundle when its cache is empty (a fresh clone:
// 4-6 s, more on a busy machine): done here, with time for it, not inside a test.
test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000)
  expect((await request.get('/admin/', { timeout: 170_000 })).status()).toBe(200)
})
test.afterAll(restoreCopy)

/** The input behind a field's label; `pane` 0 is the French side, 1 the English one. */
async function fill(page: Page, label: string, value: string, pane = 0) {
  const labelled = page
    .locator('label')
    .filter({ hasText: new RegExp(`^${label}( \\(optionnel\\))?$`) })
    .nth(pane)
  const id = await labelled.getAttribute('for')
  await page.locator(`[id="${id}"]`).fill(value)
}

async function openForm(page: Page) {
  await page.goto('/admin/#/collections/new-page/new')
  const idLabel = page.locator('label', { hasText: /^Identifiant de la page$/ }).first()
  await expect(idLabel).toBeVisible({ timeout: 60_000 })
  await page.waitForLoadState('networkidle')
  await expect(idLabel).toBeVisible()
}

/** Fills the form with a warranty page under Services, and publishes it. */
async function createPage(page: Page, id: string) {
  await fill(page, 'Identifiant de la page', id)
  const menu = await page
    .locator('label', { hasText: /^Place dans le menu$/ })
    .first()
    .getAttribute('for')
  await page.locator(`[id="${menu}"]`).click({ force: true })
  await page.getByText('Services', { exact: true }).first().click()
  await fill(page, 'Libellé dans le menu', 'Garantie', 0)
  await fill(page, 'Libellé dans le menu', 'Warranty', 1)
  await fill(page, 'Adresse en français', '/services/garantie')
  await fill(page, 'Adresse en anglais', '/en/services/warranty')
  await fill(page, 'Titre de la page', 'Garantie', 0)
  await fill(page, 'Titre de la page', 'Warranty', 1)
  await fill(page, 'Description', 'Nos transformateurs sont garantis deux ans.', 0)
  await fill(page, 'Description', 'Our transformers carry a two-year warranty.', 1)
  for (const pane of [0, 1]) {
    await page.getByRole('button', { name: 'Ajouter une entrée de type blocs' }).nth(pane).click()
    await page.getByRole('menuitem', { name: 'Section de texte' }).click()
  }
  await fill(page, 'Ancre', 'conditions', 0)
  await fill(page, 'Ancre', 'conditions', 1)
  await fill(page, 'Titre', 'Nos conditions de garantie', 0)
  await fill(page, 'Titre', 'Our warranty terms', 1)
  await page.getByRole('button', { name: 'Publier' }).click()
  await page.getByText('Publier maintenant').click()
}

test('an id a page already has: refused at the id field, nothing written', async ({ page }) => {
  await openForm(page)
  await createPage(page, 'training')
  const panel = page.locator('#cms-problems [role="alert"]')
  await expect(panel).toContainText("Rien n'a été enregistré : un problème à corriger")
  await expect(panel.locator('li')).toHaveCount(1)
  // The field's name is a button that takes the editor to the field.
  await expect(
    panel.getByRole('button', { name: 'Français › Identifiant de la page' }),
  ).toBeVisible()
  await expect(panel.locator('li')).toContainText('La page « training » existe déjà')
  for (const file of CHANGED) expect(sameAsRepository(file), file).toBe(true)
  expect(existsSync(inCopy('content/fr/training-1.yaml'))).toBe(false)
})

test('a page under Services: five files in one save, served in both languages', async ({
  page,
}) => {
  await openForm(page)
  await createPage(page, ID)
  // Decap loads the saved entry (getEntry reads the page back) and opens it: no error.
  await expect(page).toHaveURL(/#\/collections\/new-page\/entries\/warranty$/, { timeout: 20_000 })
  await expect(page.getByText('Publiée', { exact: true })).toBeVisible()
  await expect(page.locator('#cms-problems [role="alert"]')).toHaveCount(0)
  for (const file of CREATED) expect(existsSync(inCopy(file)), file).toBe(true)
  expect(readFileSync(inCopy('content/routes.yaml'), 'utf8')).toContain(
    '  - { id: warranty, template: page, parent: services, fr: { path: /services/garantie }, en: { path: /en/services/warranty } }\n',
  )
  for (const [path, h1, label, trail] of [
    ['/services/garantie', 'Garantie', 'Garantie', 'Service après-vente et réparation'],
    ['/en/services/warranty', 'Warranty', 'Warranty', 'After-sales service and repair'],
  ] as const) {
    await expect.poll(async () => (await page.request.get(path)).status()).toBe(200)
    await page.goto(path)
    await expect(page.locator('h1')).toHaveText(h1)
    // Last in the Services submenu (after its page and training), and after it in the breadcrumb.
    const last = page.locator('#submenu-nav-servicesMenu > li > a').last()
    await expect(last).toHaveAttribute('href', path)
    await expect(last).toHaveText(label, { useInnerText: false })
    await expect(page.locator('nav.breadcrumb li')).toHaveText(
      [path.startsWith('/en') ? 'Home' : 'Accueil', trail, h1],
      { useInnerText: false },
    )
  }
})
