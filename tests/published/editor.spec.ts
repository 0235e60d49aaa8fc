// The published editor, driven in Chromium as an editor does: the site built
// with CMS_BACKEND=github and served by `npm run serve` (its `_headers`: the editor's own CSP),
// Decap's GitHub backend pointed at the stand-in (tests/published/server.ts), logged in with the
// user Decap keeps in localStorage. Each task is checked against the bare repository the
// stand-in serves: its commits are what GitHub would have received. The tasks run in order on
// that repository, and the last test validates and builds a clone of it.
import { execFileSync } from 'node:child_process'
import { rmSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, type Route, test } from '@playwright/test'
import { parse } from 'yaml'
import { fillNewsArticle, NEWS_WORDS, type NewsData } from '../editorNews.ts'
import { closeProblems, openEntry, publish, sharedEditorPage, visible } from './editorPage.ts'
import { changedFiles, commits, git, PUBLISHED_SITE, REPO, readBranch, standIn } from './site.ts'

test.describe.configure({ mode: 'serial' })

/** The figures measured along the way, printed at the end (not asserted: the bench
 * checks them against their budgets). */
const timings: Record<string, number[]> = {}
const measured = (name: string, ms: number) => {
  timings[name] = [...(timings[name] ?? []), Math.round(ms)]
}
test.afterAll(() => {
  const lines = Object.entries(timings).map(([k, v]) => `  ${k}: ${v.join(', ')} ms`)
  console.log(`published editor, measured:\n${lines.join('\n')}`)
})

// One page for every task, as an editor keeps the editor open: the first visit reads the
// repository, each later form only what changed (10-15 s for each new page on a busy machine).
let page: Page
sharedEditorPage((p) => {
  page = p
})

/** The lines of a commit's diff of one file: added and removed, without the headers. */
function diffLines(sha: string, file: string) {
  const lines = git('show', '--format=', '--unified=0', sha, '--', file).split('\n')
  return {
    added: lines.filter((l) => l.startsWith('+') && !l.startsWith('+++')).map((l) => l.slice(1)),
    removed: lines.filter((l) => l.startsWith('-') && !l.startsWith('---')).map((l) => l.slice(1)),
  }
}

test('a heading changed in both languages: one commit, one line in each language file', async () => {
  const before = commits()
  measured('/admin/ first visit until the form is ready', await openEntry(page, 'menu', 'home'))
  // Reopened: a new load of the page, the repository's texts in the browser's storage.
  await page.goto('about:blank')
  measured('/admin/ reopened until the form is ready', await openEntry(page, 'menu', 'home'))
  const titles = visible(page, 'Titre de la page')
  await expect(titles).toHaveCount(2)
  await titles.nth(0).fill('Accueil du site')
  await titles.nth(1).fill('Site home')
  const ms = await publish(page)
  expect(ms, 'the branch moved').toBeDefined()
  measured('"Publier" to the commit made', ms as number)
  await expect(page.getByText('Modifications enregistrées', { exact: false })).toBeVisible()
  const after = commits()
  expect(after.length).toBe(before.length + 1)
  const sha = after[0] as string
  // The record of what French the English title was translated from, in the same commit.
  expect(changedFiles(sha)).toEqual([
    'M content/en/home.yaml',
    'M content/fr/home.yaml',
    'M content/translations/en/home.yaml',
  ])
  expect(diffLines(sha, 'content/translations/en/home.yaml').added).toEqual([
    expect.stringMatching(/^title: \{ fr: "Accueil du site", en: "[0-9a-f]+" \}$/),
  ])
  expect(diffLines(sha, 'content/fr/home.yaml')).toEqual({
    added: ['title: Accueil du site'],
    removed: ['title: Accueil'],
  })
  expect(diffLines(sha, 'content/en/home.yaml')).toEqual({
    added: ['title: Site home'],
    removed: ['title: Home'],
  })
})

test('a French title changed alone: « Traduction à revoir » at the English one, « Traduction à jour », one commit', async () => {
  const before = commits()
  await openEntry(page, 'transformersMenu', 'transformer-special')
  const titles = visible(page, 'Titre de la page')
  await expect(titles).toHaveCount(2)
  const notice = page.getByRole('region', { name: 'Traduction à revoir' })
  await expect(notice).toHaveCount(0)
  await titles.nth(0).fill('Transformateurs spéciaux sur mesure')
  await expect(notice).toHaveCount(1)
  await expect(notice.locator('del')).toHaveText('Transformateurs spéciaux')
  await expect(notice.locator('ins')).toHaveText('Transformateurs spéciaux sur mesure')
  await notice.getByRole('button', { name: 'Traduction à jour' }).click()
  await expect(page.getByText('Traduction marquée à jour')).toBeVisible()
  expect(await publish(page), 'the branch moved').toBeDefined()
  await expect(page.getByText('Modifications enregistrées', { exact: false })).toBeVisible()
  const after = commits()
  expect(after.length).toBe(before.length + 1)
  const sha = after[0] as string
  // The French title and its English's review: the English file untouched.
  expect(changedFiles(sha)).toEqual([
    'M content/fr/transformer-special.yaml',
    'M content/translations/en/transformer-special.yaml',
  ])
  expect(diffLines(sha, 'content/translations/en/transformer-special.yaml')).toEqual({
    added: ['title: { fr: "Transformateurs spéciaux sur mesure", en: "1f1a44027dbc3a" }'],
    removed: ['title: { fr: "Transformateurs spéciaux", en: "1f1a44027dbc3a" }'],
  })
})

/** A refused save: the problems panel names the field, Decap's notification says why, and the
 * branch has not moved. */
async function expectRefused(page: Page, field: string, words: string | RegExp, before: string[]) {
  expect(await publish(page), 'no commit').toBeUndefined()
  const panel = page.locator('#cms-problems [role="alert"]')
  await expect(panel).toContainText("Rien n'a été enregistré")
  await expect(panel.getByRole('button', { name: field })).toBeVisible()
  await expect(panel).toContainText(words)
  // Decap's own failure notification, with the refusal's message.
  await expect(
    page.getByText(/Échec de l'enregistrement de l'entrée.*empêche/).first(),
  ).toBeVisible()
  expect(commits()).toEqual(before)
}

test('an English title left empty is refused at its field: no commit', async () => {
  const before = commits()
  await openEntry(page, 'other-pages', 'faqs')
  const titles = visible(page, 'Titre de la page')
  await titles.nth(1).fill('')
  await expectRefused(
    page,
    'Anglais › Titre de la page',
    'Anglais › Titre de la page : ne doit pas être vide',
    before,
  )
  await expect(page.locator('#cms-problems')).toContainText('content/en/faqs.yaml:2:')
  await closeProblems(page)
})

test('a link to a page that does not exist is refused at its field: no commit', async () => {
  const before = commits()
  await openEntry(page, 'other-pages', 'faqs')
  const description = visible(page, 'Description').first()
  await description.fill(
    `${await description.inputValue()} Voir [l'ancienne page](page:ancienne-page).`,
  )
  await expectRefused(page, 'Français › Description', 'ancienne-page', before)
  await expect(page.locator('#cms-problems')).toContainText('content/fr/faqs.yaml:')
  await closeProblems(page)
})

test('a news item with two photos, in both languages: one commit of three YAML files and the photos', async () => {
  // Some sixty steps through Decap's longest form (as tests/dev/cms.spec.ts does them).
  test.setTimeout(150_000)
  const before = commits()
  await openEntry(page, 'page-news', 'news')
  const words = NEWS_WORDS
  await fillNewsArticle(page)
  const ms = await publish(page)
  expect(ms, 'the branch moved').toBeDefined()
  measured('"Publier" to the commit made', ms as number)
  const after = commits()
  expect(after.length).toBe(before.length + 1)
  const sha = after[0] as string
  expect(changedFiles(sha)).toEqual([
    'M content/data/news.yaml',
    'M content/en/news.yaml',
    'M content/fr/news.yaml',
    'M content/translations/en/news.yaml',
    'A public/images/portes-ouvertes-1.png',
    'A public/images/portes-ouvertes-2.png',
  ])
  const article = (parse(readBranch('content/data/news.yaml')) as NewsData).articles.find(
    (a) => a.id === 'open-day-2025',
  )
  expect(article).toMatchObject({
    date: '2025-07-01',
    images: ['/images/portes-ouvertes-1.png', '/images/portes-ouvertes-2.png'],
  })
  for (const lang of ['fr', 'en'] as const) {
    const text = readBranch(`content/${lang}/news.yaml`)
    expect(text).toContain(words[lang].title)
    for (const alt of words[lang].alts) expect(text).toContain(alt)
    // Lines added, none rewritten.
    expect(diffLines(sha, `content/${lang}/news.yaml`).removed).toEqual([])
  }
  expect(diffLines(sha, 'content/data/news.yaml').removed).toEqual([])
  // The photos are the bytes uploaded: PNG files.
  for (const n of [1, 2])
    expect(git('cat-file', '-p', `${sha}:public/images/portes-ouvertes-${n}.png`).slice(1, 4)).toBe(
      'PNG',
    )
})

/** The input behind a field's label; `pane` 0 is the French side, 1 the English one. */
async function fill(page: Page, label: string, value: string, pane = 0) {
  const labelled = page
    .locator('label')
    .filter({ hasText: new RegExp(`^${label}( \\(optionnel\\))?$`) })
    .nth(pane)
  const id = await labelled.getAttribute('for')
  await page.locator(`[id="${id}"]`).fill(value)
}

test('a new page under Services: one commit of its five files and their translation records', async () => {
  const before = commits()
  await page.goto('/admin/#/collections/new-page')
  await page.locator('a[href="#/collections/new-page/new"]').click()
  await expect(page).toHaveURL(/#\/collections\/new-page\/new$/)
  const idLabel = page.locator('label', { hasText: /^Identifiant de la page$/ }).first()
  await expect(idLabel).toBeVisible({ timeout: 60_000 })
  await page.waitForLoadState('networkidle')
  await fill(page, 'Identifiant de la page', 'warranty')
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
  const ms = await publish(page)
  expect(ms, 'the branch moved').toBeDefined()
  measured('"Publier" to the commit made', ms as number)
  // Decap loads the saved entry (getEntry reads the page back) and opens it: no error.
  await expect(page).toHaveURL(/#\/collections\/new-page\/entries\/warranty$/, { timeout: 20_000 })
  await expect(page.locator('#cms-problems [role="alert"]')).toHaveCount(0)
  const after = commits()
  expect(after.length).toBe(before.length + 1)
  const sha = after[0] as string
  expect(changedFiles(sha)).toEqual([
    'A content/en/warranty.yaml',
    'A content/fr/warranty.yaml',
    'M content/i18n/en.yaml',
    'M content/i18n/fr.yaml',
    'M content/routes.yaml',
    'A content/translations/en/warranty.yaml',
    'M content/translations/i18n/en.yaml',
  ])
  for (const file of ['content/routes.yaml', 'content/i18n/fr.yaml', 'content/i18n/en.yaml'])
    expect(diffLines(sha, file).removed, file).toEqual([])
  expect(readBranch('content/routes.yaml')).toContain(
    '  - { id: warranty, template: page, parent: services, fr: { path: /services/garantie }, en: { path: /en/services/warranty } }\n',
  )
})

test('a typed address, back and forward: the form is the entry the address names; « Publier » commits its files alone', async () => {
  // Decap loads an entry when its editor mounts: the editor is made anew for each address
  // (adminPlugins.mjs, entryPerAddress), or the form stays the first entry's.
  const before = commits()
  await openEntry(page, 'servicesMenu', 'training')
  const title = visible(page, 'Titre de la page').first()
  await expect(title).toHaveValue('Formation')
  await page.goto('/admin/#/collections/servicesMenu/entries/services')
  await expect(title).toHaveValue('Service après-vente et réparation')
  await page.goBack()
  await expect(page).toHaveURL(/entries\/training$/)
  await expect(title).toHaveValue('Formation')
  await page.goForward()
  await expect(page).toHaveURL(/entries\/services$/)
  await expect(title).toHaveValue('Service après-vente et réparation')
  await title.fill('Service après-vente')
  // The English too, so the translation stays up to date (the last test checks the clone).
  await visible(page, 'Titre de la page').nth(1).fill('After-sales service')
  expect(await publish(page), 'the branch moved').toBeDefined()
  const after = commits()
  expect(after.length).toBe(before.length + 1)
  const sha = after[0] as string
  expect(changedFiles(sha)).toEqual([
    'M content/en/services.yaml',
    'M content/fr/services.yaml',
    'M content/translations/en/services.yaml',
  ])
  expect(readBranch('content/fr/services.yaml')).toBe(
    readBranch('content/fr/services.yaml', before[0]).replace(
      'title: "Service après-vente et réparation"',
      'title: "Service après-vente"',
    ),
  )
})

/** Answers the save's ref update (the commit's last step) as a failing GitHub would. */
const HOST_FAILURES = [
  { answer: 502, body: 'Bad Gateway', words: "GitHub n'a pas répondu : rien n'a été enregistré." },
  {
    answer: 401,
    body: { message: 'Bad credentials' },
    words: "Votre connexion à GitHub a expiré : rien n'a été enregistré.",
  },
  {
    answer: 403,
    body: { message: 'Resource not accessible by integration' },
    words: "GitHub refuse l'enregistrement : votre compte n'a pas le droit de modifier",
  },
  {
    answer: 404,
    body: { message: 'Not Found' },
    words: 'GitHub ne trouve pas le dépôt du site',
  },
] as const

test('a host that fails the save: said in French, nothing committed, the typing kept; the next « Publier » commits once', async () => {
  const before = commits()
  await openEntry(page, 'servicesMenu', 'training')
  const title = visible(page, 'Titre de la page').first()
  const english = visible(page, 'Titre de la page').nth(1)
  await title.fill('Formation professionnelle')
  await english.fill('Professional training')
  for (const failure of HOST_FAILURES) {
    const failRefUpdate = (route: Route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: failure.answer,
            ...(typeof failure.body === 'string'
              ? { contentType: 'text/plain', body: failure.body }
              : { json: failure.body }),
          })
        : route.fallback()
    await page.route('**/git/refs/heads/**', failRefUpdate)
    await page.getByRole('button', { name: 'Publier', exact: true }).click()
    await page.getByText('Publier maintenant').click()
    const notice = page.getByText(`Échec de l'enregistrement de l'entrée : ${failure.words}`)
    await expect(notice.first(), `${failure.answer}`).toBeVisible()
    await expect(page.getByText(/API_ERROR/)).toHaveCount(0)
    await page.unroute('**/git/refs/heads/**', failRefUpdate)
    expect(commits(), `${failure.answer}: no commit`).toEqual(before)
    await expect(title).toHaveValue('Formation professionnelle')
    await expect(english).toHaveValue('Professional training')
  }
  expect(await publish(page), 'the branch moved').toBeDefined()
  const after = commits()
  expect(after.length).toBe(before.length + 1)
  expect(changedFiles(after[0] as string)).toEqual([
    'M content/en/training.yaml',
    'M content/fr/training.yaml',
    'M content/translations/en/training.yaml',
  ])
  expect(diffLines(after[0] as string, 'content/fr/training.yaml')).toEqual({
    added: ['title: "Formation professionnelle"'],
    removed: ['title: "Formation"'],
  })
})

test('a clone of the resulting repository validates and builds', () => {
  test.setTimeout(180_000)
  const clone = join(PUBLISHED_SITE, 'clone')
  rmSync(clone, { recursive: true, force: true })
  execFileSync('git', ['clone', '--quiet', '--branch', standIn().branch, standIn().repoDir, clone])
  // The build's caches are the site's (node_modules/.cache): a warm build, not a cold one.
  symlinkSync(join(PUBLISHED_SITE, 'site', 'node_modules'), join(clone, 'node_modules'))
  const run = (script: string) =>
    execFileSync(process.execPath, ['--import', 'tsx', script, '--root', clone], {
      cwd: REPO,
      stdio: 'pipe',
      env: { ...process.env, BUILD_RENDER_PROCESSES: '1' },
    })
  run('scripts/validate.ts')
  // Every English value of the clone is up to date with its French: the editor's saves and its
  // « Traduction à jour » recorded them.
  expect(run('scripts/translations.ts').toString()).toContain(
    'every English value is up to date with its French',
  )
  run('scripts/build.ts')
  const dist = join(clone, 'dist/client')
  const read = (file: string) => execFileSync('cat', [join(dist, file)], { encoding: 'utf8' })
  expect(read('index.html')).toContain('<title>Accueil du site')
  expect(read('actualites.html')).toContain('Journée portes ouvertes à l’usine')
  expect(read('en/news.html')).toContain('Factory open day')
  expect(read('services/garantie.html')).toContain('Garantie')
})
