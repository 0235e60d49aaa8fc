// The editor at /admin/, driven in Chromium as an editor does, against `npm run dev`
// serving a copy of the content (tests/dev/site.ts): each task is done in Decap CMS's own
// form, then the files are read back. The tasks run in order on the same copy, and the last test
// builds the result with `npm run build -- --root <copy>`; refused saves must leave the files
// as they were.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { parse } from 'yaml'
import { problemsPage } from '../../templates/admin/preview/problemsPage.ts'
import { fillNewsArticle, NEWS_WORDS, type NewsData } from '../editorNews.ts'
import { axeViolations } from './axe.ts'
import { onFreshCopyWithEditor, openEntry, publish, visible } from './editorSteps.ts'
import { DEV_SITE, REPO, readSite } from './site.ts'

test.describe.configure({ mode: 'serial' })

onFreshCopyWithEditor()

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

/**
 * "Publier" for a save the editor must refuse: the save path runs in the browser (the editor's
 * own backend), so a refused save sends nothing to the endpoint; the panel lists why.
 */
async function publishRefused(page: Page) {
  const writes: string[] = []
  page.on('request', (r) => {
    if ((r.postData() ?? '').includes('persistEntry')) writes.push(r.url())
  })
  await page.getByRole('button', { name: 'Publier', exact: true }).click()
  await page.getByText('Publier maintenant').click()
  const panel = page.getByRole('alert').filter({ hasText: "Rien n'a été enregistré" })
  await expect(panel).toBeVisible()
  expect(writes).toEqual([])
  return panel
}

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
  // « En ligne » once the dev server has read the save (its /build.json): at
  // most one read per 5 s, so within two of them; the link is the page, which serves the save.
  const box = page.getByRole('complementary', { name: 'Mise en ligne' })
  await expect(box).toContainText('En ligne', { timeout: 15_000 })
  await expect(page.locator('.cms-live-announce')).toHaveText('En ligne')
  const link = box.getByRole('link', { name: 'Voir la page en ligne' })
  const href = (await link.getAttribute('href')) ?? ''
  expect(new URL(href).pathname).toBe('/')
  expect(await (await page.request.get(href)).text()).toContain('Accueil du site')
})

test('a catalogue page with its ratings table, read and written back by the form: one line changes', async ({
  page,
}) => {
  // Decap serialises the whole entry, every block and table row; only the edited value moves.
  await openEntry(page, 'transformersMenu', 'transformer-dist-24')
  const title = visible(page, 'Titre de la page').first()
  await title.fill('Transformateurs de distribution 24 kV')
  expect((await publish(page)).status()).toBe(200)
  const { added, removed } = changedLines('content/fr/transformer-dist-24.yaml')
  // The value keeps the quoting it had.
  expect(added).toEqual(['title: "Transformateurs de distribution 24 kV"'])
  expect(removed).toHaveLength(1)
  expect(readSite('content/en/transformer-dist-24.yaml')).toBe(
    original('content/en/transformer-dist-24.yaml'),
  )
})

test("a page's form opens on what it holds: its blocks collapsed under their headings, each opened from the keyboard", async ({
  page,
}) => {
  await openEntry(page, 'transformersMenu', 'transformer-dist-24')
  // Each block says what it is (its heading, under its kind), its fields hidden.
  await expect(
    page.getByText('Nos transformateurs de distribution triphasés 24 kV', { exact: true }).first(),
  ).toBeVisible()
  await expect(page.getByText('Tableau des valeurs', { exact: true }).first()).toBeVisible()
  // Every field is named in French to a screen reader (Decap's French lacked the phrase: its
  // English "string field" showed; templates/admin/decap/frenchPhrases.ts).
  await expect(page.locator('[aria-label^="Champ "]').first()).toBeAttached()
  await expect(page.locator('[aria-label$=" field"]')).toHaveCount(0)
  const subheading = page.getByLabel(/^Surtitre/).filter({ visible: true })
  await expect(subheading).toHaveCount(0)
  // The lists inside a block (its buttons) are not built before they are opened.
  await expect(page.getByLabel(/^Texte du bouton/)).toHaveCount(0)
  // From the banner's heading, the keyboard reaches the first block's own button and opens it.
  // Decap names neither button of a block's bar; the editor's wrapper does
  // (templates/admin/decap/ListItemTopBar.tsx), and says whether the block is open.
  const toggle = page.locator('button[class*="TopBarButton"]').first()
  await expect(toggle).toHaveAccessibleName('Déplier')
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  const blockBar = toggle.locator('..')
  await expect(blockBar.getByRole('button')).toHaveCount(2)
  await expect(blockBar.getByRole('button').last()).toHaveAccessibleName('Supprimer')
  await page
    .getByLabel(/^Titre du bandeau/)
    .filter({ visible: true })
    .first()
    .focus()
  for (let i = 0; i < 10 && !(await toggle.evaluate((b) => b === document.activeElement)); i++)
    await page.keyboard.press('Tab')
  await expect(toggle).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(subheading).toHaveCount(1)
  await expect(toggle).toHaveAccessibleName('Replier')
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  // Its buttons: one bar with its button named in French, opened with one key, each button
  // then named by its text.
  const bar = page.getByText('3 boutons', { exact: true }).first()
  await expect(bar).toBeVisible()
  await bar.getByRole('button', { name: 'Déplier' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Nous contacter', { exact: true }).first()).toBeVisible()
  await expect(bar.getByRole('button', { name: 'Replier' })).toBeVisible()
})

// The preview is rendered in the browser (templates/admin/preview/), as in the published editor;
// the pane on its own: tests/unit/sitePreview.test.ts.
test('the preview is the page as the site renders it, in the language edited, following each key', async ({
  page,
}) => {
  await openEntry(page, 'transformersMenu', 'transformer-dist-36')
  // One column and the preview beside it.
  await page.getByTitle('Édition multilingue').click()
  const preview = page.frameLocator('iframe').first().frameLocator('iframe[data-preview-lang]')
  if (!(await page.locator('iframe').count()))
    await page.getByTitle('Aperçu', { exact: true }).click()
  // The site's own page: its header, its breadcrumb, its ratings table.
  await expect(preview.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(preview.locator('nav.breadcrumb a').first()).toBeVisible()
  await expect(preview.locator('table').first()).toBeVisible()
  const heading = page
    .getByLabel(/^Titre du bandeau/)
    .filter({ visible: true })
    .first()
  await heading.fill('Distribution 36 kV')
  await heading.press('End')
  await heading.pressSequentially(' à jour')
  await expect(preview.locator('h1')).toHaveText('Distribution 36 kV à jour')
  // A problem in the edited text: the pane lists it instead of the page.
  const description = visible(page, 'Description').first()
  await description.fill('[lien](page:nulle-part)')
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText(
    'Cette version ne peut pas encore être affichée',
  )
  // The English column: the English page.
  await page.getByRole('button', { name: 'Écrire en FR' }).click()
  await page.getByRole('menuitem', { name: 'en', exact: true }).click()
  await expect(preview.locator('html')).toHaveAttribute('lang', 'en')
  expect(readSite('content/fr/transformer-dist-36.yaml')).toBe(
    original('content/fr/transformer-dist-36.yaml'),
  )
})

test('an English title left empty is refused at its field, nothing written', async ({ page }) => {
  const before = readSite('content/en/faqs.yaml')
  await openEntry(page, 'other-pages', 'faqs')
  const titles = visible(page, 'Titre de la page')
  await titles.nth(1).fill('')
  const panel = await publishRefused(page)
  // In French, at its field and file:line; no English of validate's.
  await expect(panel).toContainText('Anglais › Titre de la page : ne doit pas être vide')
  await expect(panel).not.toContainText('must be')
  await expect(panel).toContainText('content/en/faqs.yaml:2:')
  // Decap's own failure notification says it in French too.
  await expect(
    page.getByText(/empêche l'enregistrement : ne doit pas être vide/).first(),
  ).toBeVisible()
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
  const panel = await publishRefused(page)
  // One problem, at the French description, in the checker's words.
  await expect(panel).toContainText("Rien n'a été enregistré : un problème à corriger")
  await expect(panel.getByRole('listitem')).toHaveCount(1)
  await expect(panel.getByRole('button', { name: 'Français › Description' })).toBeVisible()
  await expect(panel).toContainText('« ancienne-page » inconnu')
  await expect(panel).toContainText('content/fr/faqs.yaml:')
  // The project's parts of the editor: the problems panel passes axe.
  expect(await axeViolations(page, '#cms-problems')).toEqual([])
  expect(readSite('content/fr/faqs.yaml')).toBe(before)
  // Back to the collection (the toolbar's link; Decap asks before it drops the unsaved change):
  // the problems of this form go with it.
  page.once('dialog', (dialog) => dialog.accept())
  await page
    .getByRole('link', { name: /Autres pages/ })
    .first()
    .click()
  await expect(page).toHaveURL(/#\/collections\/other-pages$/)
  await expect(panel).toBeHidden()
})

/** The editor's saves that the endpoint wrote (200), as they come. */
function savedAnswers(page: Page) {
  return page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/cms/v1') &&
      (r.request().postData() ?? '').includes('persistEntry') &&
      r.status() === 200,
  )
}

test('a file changed on the disk while its form is open: the two changes merged, nothing lost', async ({
  page,
}) => {
  const EN = 'content/en/faqs.yaml'
  await openEntry(page, 'other-pages', 'faqs')
  const titles = visible(page, 'Titre de la page')
  await titles.nth(0).fill('Questions fréquentes sur les transformateurs')
  // Meanwhile a developer edits another value of the page in a text editor.
  const edited = readSite(EN).replace(/^heading: FAQ$/m, 'heading: FAQ (edited on disk)')
  writeFileSync(join(DEV_SITE, EN), edited)
  const saved = savedAnswers(page)
  await page.getByRole('button', { name: 'Publier', exact: true }).click()
  await page.getByText('Publier maintenant').click()
  await saved
  expect(readSite('content/fr/faqs.yaml')).toMatch(
    /^title: Questions fréquentes sur les transformateurs$/m,
  )
  // The disk's change is kept: the form's old English heading did not overwrite it.
  expect(readSite(EN)).toBe(edited)
})

test('the same value changed on the disk and in the form: refused at its field, the typing kept', async ({
  page,
}) => {
  const EN = 'content/en/faqs.yaml'
  await openEntry(page, 'other-pages', 'faqs')
  const titles = visible(page, 'Titre de la page')
  await titles.nth(1).fill('Questions (form)')
  const edited = readSite(EN).replace(/^title: .*$/m, 'title: Questions (disk)')
  writeFileSync(join(DEV_SITE, EN), edited)
  // The save planned on the form's reading is refused by the store (the file moved), planned
  // again on the file as it is now, and refused at the field: nothing is written.
  await page.getByRole('button', { name: 'Publier', exact: true }).click()
  await page.getByText('Publier maintenant').click()
  const panel = page.getByRole('alert').filter({ hasText: "Rien n'a été enregistré" })
  await expect(panel).toContainText('Modifié entre-temps')
  await expect(panel).toContainText('« Questions (disk) »')
  await expect(panel.getByRole('button', { name: 'Anglais › Titre de la page' })).toBeVisible()
  await expect(titles.nth(1)).toHaveValue('Questions (form)')
  expect(readSite(EN)).toBe(edited)
  // Publishing again keeps the editor's value, now that the other one was shown.
  const saved = savedAnswers(page)
  await page.getByRole('button', { name: 'Publier', exact: true }).click()
  await page.getByText('Publier maintenant').click()
  await saved
  expect(readSite(EN)).toMatch(/^title: Questions \(form\)$/m)
})

test("the editor's generated labels and the preview's problem page pass axe", async ({ page }) => {
  await openEntry(page, 'transformersMenu', 'transformer-dist-24')
  // Every field the generated configuration makes has its label (Decap renders the markup).
  expect(await axeViolations(page, 'body', ['label', 'form-field-multiple-labels'])).toEqual([])
  // The preview of an entry with a problem: the list of problems, a page of the project's own.
  const html = problemsPage(['content/fr/faqs.yaml:2:8  title  ne doit pas être vide'])
  expect(html).toContain('Cette version ne peut pas encore être affichée')
  await page.setContent(html)
  expect(await axeViolations(page, 'html')).toEqual([])
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

test("the media library's own upload: a clean name, its bytes checked, written by the editor's save path", async ({
  page,
}) => {
  const actions: string[] = []
  page.on('request', (r) => {
    if (r.url().endsWith('/api/cms/v1')) actions.push(JSON.parse(r.postData() ?? '{}').action)
  })
  await page.goto('/admin/#/collections/other-pages')
  await page.getByRole('button', { name: 'Media', exact: true }).click()
  const chooser = page.waitForEvent('filechooser')
  await page.getByText('Téléverser une nouvelle ressource').click()
  const sharp = (await import('sharp')).default
  const buffer = await sharp({
    create: { width: 40, height: 30, channels: 3, background: '#0b4f8a' },
  })
    .png()
    .toBuffer()
  await (await chooser).setFiles({ name: 'Salon Été 2026.PNG', mimeType: 'image/png', buffer })
  await expect(page.getByText('salon-ete-2026.png')).toBeVisible()
  expect(readFileSync(join(DEV_SITE, 'public/images/salon-ete-2026.png'))).toEqual(buffer)
  // Planned in the browser, written by the store's all-or-nothing write: no upload action.
  expect(actions).toContain('persistEntry')
  expect(actions).not.toContain('persistMedia')
  // Deleted again from the media library, by the same path: nothing names it (the new file is
  // the one selected).
  page.once('dialog', (dialog) => dialog.accept())
  await page.getByRole('button', { name: 'Supprimer les éléments sélectionnés' }).click()
  await expect(page.getByText('salon-ete-2026.png')).toBeHidden()
  expect(existsSync(join(DEV_SITE, 'public/images/salon-ete-2026.png'))).toBe(false)
  expect(actions).not.toContain('deleteFiles')
})

test('add a news item with two photos, in both languages, in one save', async ({ page }) => {
  // Some sixty steps through Decap's longest form: 40-60 s on two quiet cores, over a minute
  // when another job shares them (a limit on the test, not a measure of the editor).
  test.setTimeout(150_000)
  await openEntry(page, 'page-news', 'news')
  const words = NEWS_WORDS
  await fillNewsArticle(page)
  const answer = await publish(page)
  expect(answer.status(), await answer.text()).toBe(200)
  const article = (parse(readSite('content/data/news.yaml')) as NewsData).articles.find(
    (a) => a.id === 'open-day-2025',
  )
  expect(article).toMatchObject({
    date: '2025-07-01',
    images: ['/images/portes-ouvertes-1.png', '/images/portes-ouvertes-2.png'],
  })
  for (const lang of ['fr', 'en'] as const) {
    const text = readSite(`content/${lang}/news.yaml`)
    expect(text).toContain(words[lang].title)
    for (const alt of words[lang].alts) expect(text).toContain(alt)
    expect(changedLines(`content/${lang}/news.yaml`).removed).toEqual([])
  }
  expect(changedLines('content/data/news.yaml').removed).toEqual([])
  for (const n of [1, 2])
    expect(existsSync(join(DEV_SITE, `public/images/portes-ouvertes-${n}.png`))).toBe(true)
})

test('the endpoint that writes files takes JSON posts from its own origin only', async ({
  request,
}) => {
  const save = {
    action: 'persistEntry',
    params: { dataFiles: [{ path: 'content/site.yaml', raw: 'x: 1' }] },
  }
  // A page of another site can post a form (text/plain) without asking: refused before reading it.
  const form = await request.post('/api/cms/v1', {
    headers: { 'Content-Type': 'text/plain' },
    data: JSON.stringify(save),
  })
  expect(form.status()).toBe(415)
  // JSON from another origin (a preflight this server never grants would stop a browser anyway).
  const elsewhere = await request.post('/api/cms/v1', {
    headers: { Origin: 'http://evil.example' },
    data: save,
  })
  expect(elsewhere.status()).toBe(403)
  // An opaque origin (a sandboxed frame, a redirect across sites): refused as well, not a 500.
  const opaque = await request.post('/api/cms/v1', { headers: { Origin: 'null' }, data: save })
  expect(opaque.status()).toBe(403)
  expect((await request.get('/api/cms/v1')).status()).toBe(405)
  // A path outside content/ is refused as such.
  const outside = await request.post('/api/cms/v1', {
    data: { action: 'getEntry', params: { path: '../package.json' } },
  })
  expect(outside.status()).toBe(422)
  expect(readSite('content/site.yaml')).toBe(original('content/site.yaml'))
})

test('the edited copy builds, with the new heading, the news item and the catalogue redirect', () => {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--root', DEV_SITE], {
    cwd: REPO,
    stdio: 'pipe',
    env: { ...process.env, BUILD_RENDER_PROCESSES: '1' },
  })
  const dist = join(DEV_SITE, 'dist/client')
  expect(readFileSync(join(dist, 'index.html'), 'utf8')).toContain('<title>Accueil du site')
  const news = readFileSync(join(dist, 'actualites.html'), 'utf8')
  expect(news).toContain('Journée portes ouvertes à l’usine')
  expect(news).toMatch(/portes-ouvertes-1[^"]*\.(png|webp|avif)/)
  expect(readFileSync(join(dist, 'en/news.html'), 'utf8')).toContain('Factory open day')
  expect(readFileSync(join(dist, '_redirects'), 'utf8')).toMatch(
    /\/docs\/catalogue-transformateurs-2024\.pdf\s+\/docs\/catalogue-transformateurs-2026\.pdf\s+301/,
  )
})
