// The editor at /admin/ (issue 18), driven in Chromium as an editor does, against `npm run dev`
// serving a copy of the content (tests/dev/site.ts): each task is done in Decap CMS's own
// form, then the files are read back. The tasks run in order on the same copy, and the last test
// builds the result with `npm run build -- --root <copy>`; refused saves must leave the files
// as they were.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { DEV_SITE, REPO, readSite, resetSite } from './site.ts'

test.describe.configure({ mode: 'serial' })

test.beforeAll(() => resetSite())
test.afterAll(() => resetSite())

const original = (file: string) => readFileSync(join(REPO, file), 'utf8')

/** The lines of a file of the copy that differ from the repository's. */
function changedLines(file: string) {
  const before = original(file).split('\n')
  const after = readSite(file).split('\n')
  return {
    added: after.filter((l) => !before.includes(l)),
    removed: before.filter((l) => !after.includes(l)),
  }
}

/** Opens an entry of the editor once its form is there. */
async function openEntry(page: Page, collection: string, entry: string) {
  await page.goto(`/admin/#/collections/${collection}/entries/${entry}`)
  await expect(page.getByRole('button', { name: /^Publi/ }).first()).toBeVisible({
    timeout: 30_000,
  })
}

/** The editor's "Publier" › "Publier maintenant", and the backend's answer. */
async function publish(page: Page) {
  const answer = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/cms/v1') && (r.request().postData() ?? '').includes('persistEntry'),
  )
  await page.getByRole('button', { name: 'Publier', exact: true }).click()
  await page.getByText('Publier maintenant').click()
  return answer
}

const visible = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).filter({ visible: true })

test('change a page heading in both languages: one line in each language file', async ({
  page,
}) => {
  await openEntry(page, 'menu', 'home')
  const titles = visible(page, 'Titre de la page')
  await expect(titles).toHaveCount(2)
  await titles.nth(0).fill('Accueil du site')
  await titles.nth(1).fill('Site home')
  expect((await publish(page)).status()).toBe(200)
  await expect(page.getByText('Modifications enregistrées', { exact: false })).toBeVisible()
  expect(changedLines('content/fr/home.yaml')).toEqual({
    added: ['title: Accueil du site'],
    removed: ['title: Accueil'],
  })
  expect(changedLines('content/en/home.yaml')).toEqual({
    added: ['title: Site home'],
    removed: ['title: Home'],
  })
})

test('an English title left empty is refused at its field, nothing written', async ({ page }) => {
  const before = readSite('content/en/faqs.yaml')
  await openEntry(page, 'other-pages', 'faqs')
  const titles = visible(page, 'Titre de la page')
  await titles.nth(1).fill('')
  const answer = await publish(page)
  expect(answer.status()).toBe(422)
  const panel = page.getByRole('alert').filter({ hasText: "Rien n'a été enregistré" })
  await expect(panel).toContainText('title must be a non-empty string')
  await expect(panel).toContainText('content/en/faqs.yaml:2:')
  // The field's name takes the editor to the English title.
  await panel.getByRole('button', { name: 'Anglais › Titre de la page' }).click()
  await expect(titles.nth(1)).toBeFocused()
  expect(readSite('content/en/faqs.yaml')).toBe(before)
})

test('a link to a removed page is refused at its field, in the checker words, nothing written', async ({
  page,
}) => {
  const before = readSite('content/fr/faqs.yaml')
  await openEntry(page, 'other-pages', 'faqs')
  const description = visible(page, 'Description').first()
  await description.fill(
    `${await description.inputValue()} Voir [l'ancienne page](page:ancienne-page).`,
  )
  const answer = await publish(page)
  expect(answer.status()).toBe(422)
  const body = (await answer.json()) as { problems: { message: string; field: string[] }[] }
  expect(body.problems).toHaveLength(1)
  expect(body.problems[0]?.field).toEqual(['fr', 'description'])
  const panel = page.getByRole('alert').filter({ hasText: "Rien n'a été enregistré" })
  await expect(panel.getByRole('button', { name: 'Français › Description' })).toBeVisible()
  await expect(panel).toContainText(body.problems[0]?.message as string)
  await expect(panel).toContainText('content/fr/faqs.yaml:')
  expect(readSite('content/fr/faqs.yaml')).toBe(before)
})

test('replace the catalogue PDF: the new file, the old URL kept as a redirect', async ({
  page,
}) => {
  await openEntry(page, 'settings', 'documents')
  // The first document is the transformer catalogue.
  await page.locator('button[class*="TopBarButton"]').first().click()
  await page.getByRole('button', { name: 'Choisir un fichier différent' }).first().click()
  const chooser = page.waitForEvent('filechooser')
  await page.getByText('Téléverser une nouvelle ressource').click()
  await (await chooser).setFiles({
    name: 'Catalogue transformateurs 2026.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7\n% 2026 edition\n%%EOF\n'),
  })
  await page.getByRole('button', { name: 'Choisir les éléments sélectionnés' }).click()
  expect((await publish(page)).status()).toBe(200)
  const docs = readSite('content/data/documents.yaml')
  expect(docs).toContain('file: /docs/catalogue-transformateurs-2026.pdf')
  expect(docs).toMatch(/formerly:\n\s+- \/docs\/catalogue-transformateurs-2024\.pdf/)
  expect(existsSync(join(DEV_SITE, 'public/docs/catalogue-transformateurs-2026.pdf'))).toBe(true)
  expect(existsSync(join(DEV_SITE, 'public/docs/catalogue-transformateurs-2024.pdf'))).toBe(false)
})

test('the edited copy builds, with the new heading and the catalogue redirect', () => {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--root', DEV_SITE], {
    cwd: REPO,
    stdio: 'pipe',
    env: { ...process.env, BUILD_RENDER_PROCESSES: '1' },
  })
  const dist = join(DEV_SITE, 'dist/client')
  expect(readFileSync(join(dist, 'index.html'), 'utf8')).toContain('<title>Accueil du site')
  expect(readFileSync(join(dist, '_redirects'), 'utf8')).toMatch(
    /\/docs\/catalogue-transformateurs-2024\.pdf\s+\/docs\/catalogue-transformateurs-2026\.pdf\s+301/,
  )
})
