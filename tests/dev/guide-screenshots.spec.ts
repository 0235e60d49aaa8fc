// The screenshots of the editor's guide (docs/editor-guide/, served at /admin/aide/), made from
// the real editor of `npm run dev` on the dev tests' copy of the content: each test brings the
// editor to the state the guide describes, checks it is there, and writes the PNG the guide
// shows (tests/dev/guideShots.ts). So a change of the editor changes its pictures at the next
// `npm run test:dev`; commit them with it (an unchanged editor leaves them as they are: shoot()).
// Nothing is saved: the copy stays as it was.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { openEntry } from './editorSteps.ts'
import { GUIDE_SHOTS, type GuideShot } from './guideShots.ts'
import { DEV_SITE, editSite, REPO, resetSite } from './site.ts'

test.describe.configure({ mode: 'serial' })
test.use({ viewport: { width: 1280, height: 800 } })

const made = new Set<GuideShot>()
test.beforeAll(async ({ request }) => {
  resetSite()
  test.setTimeout(180_000)
  expect((await request.get('/admin/', { timeout: 170_000 })).status()).toBe(200)
})
test.afterAll(() => {
  resetSite()
  // Every screenshot the guide names was made by this run.
  expect([...made].sort()).toEqual([...GUIDE_SHOTS].sort())
})

/**
 * Writes the screenshot the guide shows, unless the committed one has the same pixels but for
 * noise (at most 0.05 % of the bytes: a caret's or a hover's anti-aliasing; a renamed label
 * changes several times more), so a run on an unchanged editor leaves git clean. The top two
 * rows, Decap's loading bar, are left out.
 */
async function shoot(page: Page, name: GuideShot) {
  const shot = await page.screenshot({
    animations: 'disabled',
    caret: 'hide',
    clip: { x: 0, y: 2, width: 1280, height: 798 },
  })
  const file = join(REPO, 'docs/editor-guide/images', `${name}.png`)
  if (!existsSync(file) || (await differingShare(shot, readFileSync(file))) > 0.0005)
    writeFileSync(file, shot)
  made.add(name)
}

/** The share of the pixels' bytes that differ between two PNGs (1 when their sizes differ). */
async function differingShare(a: Buffer, b: Buffer): Promise<number> {
  const sharp = (await import('sharp')).default
  const [x, y] = await Promise.all(
    [a, b].map((png) => sharp(png).raw().toBuffer({ resolveWithObject: true })),
  )
  if (!x || !y || x.info.width !== y.info.width || x.info.height !== y.info.height) return 1
  let differing = 0
  for (let i = 0; i < x.data.length; i++) if (x.data[i] !== y.data[i]) differing++
  return differing / x.data.length
}

test('the guide link on every screen, and the guide itself', async ({ page }) => {
  await page.goto('/admin/#/collections/menu')
  const help = page.getByRole('link', { name: /^Aide/ })
  await expect(help).toHaveAttribute('href', '/admin/aide/')
  // First in the keyboard's order.
  await page.keyboard.press('Tab')
  await expect(help).toBeFocused()
  await expect(page.getByRole('link', { name: /Accueil/ }).first()).toBeVisible()
  await shoot(page, 'pages')
})

test('a page in both languages, then its preview', async ({ page }) => {
  await openEntry(page, 'menu', 'home')
  await expect(
    page.getByLabel('Titre de la page', { exact: true }).filter({ visible: true }),
  ).toHaveCount(2)
  await expect(page.getByRole('link', { name: /^Aide/ })).toBeVisible()
  await shoot(page, 'page-deux-langues')
  await page.getByTitle('Édition multilingue').click()
  if (!(await page.locator('iframe').count()))
    await page.getByTitle('Aperçu', { exact: true }).click()
  const preview = page.frameLocator('iframe').first().frameLocator('iframe[data-preview-lang]')
  await expect(preview.locator('h1').first()).toBeVisible()
  await shoot(page, 'apercu')
})

test('a news article being added, with its photos', async ({ page }) => {
  await openEntry(page, 'page-news', 'news')
  await expect(page.getByText('Liste des actualités').first()).toBeVisible()
  await shoot(page, 'actualite')
})

test('a document and its file', async ({ page }) => {
  await openEntry(page, 'settings', 'documents')
  await page.locator('button[class*="TopBarButton"]').first().click()
  await expect(
    page.getByRole('button', { name: 'Choisir un fichier différent' }).first(),
  ).toBeVisible()
  await shoot(page, 'document')
})

test('a refused save: the problem at its field, in French', async ({ page }) => {
  await openEntry(page, 'other-pages', 'faqs')
  const titles = page.getByLabel('Titre de la page', { exact: true }).filter({ visible: true })
  await titles.nth(1).fill('')
  await page.getByRole('button', { name: 'Publier', exact: true }).click()
  await page.getByText('Publier maintenant').click()
  const panel = page.getByRole('alert').filter({ hasText: "Rien n'a été enregistré" })
  await expect(panel).toContainText('Anglais › Titre de la page : ne doit pas être vide')
  await shoot(page, 'refus')
})

test('a French title changed: « Traduction à revoir » at the English one', async ({ page }) => {
  await openEntry(page, 'menu', 'home')
  const titles = page.getByLabel('Titre de la page', { exact: true }).filter({ visible: true })
  await titles.nth(0).fill('Accueil du site')
  const notice = page.getByRole('region', { name: 'Traduction à revoir' })
  await expect(notice.locator('ins')).toHaveText('Accueil du site')
  await shoot(page, 'traduction-a-revoir')
})

test('the history of a page: three saves, each value with its words and « Rétablir »', async ({
  page,
}) => {
  // Three saves of « Formation », as commits of the copy (the dev editor reads the local git).
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', DEV_SITE, ...args], {
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Équipe communication',
        GIT_AUTHOR_EMAIL: 'communication@example.invalid',
        GIT_COMMITTER_NAME: 'Équipe communication',
        GIT_COMMITTER_EMAIL: 'communication@example.invalid',
      },
    })
  const save = (file: string, from: string, to: string, message: string) => {
    editSite(file, from, to)
    git('add', '-A', 'content', 'public')
    git('commit', '-q', '-m', message)
  }
  try {
    git('init', '-q', '-b', 'main')
    git('add', '-A', 'content', 'public')
    git('commit', '-q', '-m', 'Le site')
    const fr = 'content/fr/training.yaml'
    save(fr, 'title: "Formation"', 'title: "Formation continue"', 'Update Services “training”')
    save(
      fr,
      'heading: "Développer les compétences de vos équipes"',
      'heading: "Développer les compétences de toutes vos équipes"',
      'Update Services “training”',
    )
    save(
      'content/en/training.yaml',
      'heading: "Developing your teams\' skills"',
      'heading: "Developing the skills of your teams"',
      'Update Services “training”',
    )
    await openEntry(page, 'servicesMenu', 'training')
    await page.getByRole('button', { name: 'Historique', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: /^Historique de/ })
    await expect(dialog.locator('.cms-history-list > li')).toHaveCount(4)
    await expect(dialog.locator('.cms-history-list > li').nth(1).locator('ins')).toHaveText(
      'toutes',
    )
    await shoot(page, 'historique')
  } finally {
    rmSync(join(DEV_SITE, '.git'), { recursive: true, force: true })
  }
})

test('the guide, at /admin/aide/ of the dev server, shows every screenshot', async ({ page }) => {
  await page.goto('/admin/aide/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aide de l’éditeur du site')
  const images = await page.locator('main img').all()
  expect(images).toHaveLength(GUIDE_SHOTS.length)
  for (const img of images) {
    await img.scrollIntoViewIfNeeded()
    await expect
      .poll(() => img.evaluate((i) => (i as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0)
  }
  await page.getByRole('link', { name: /Retour à l’éditeur/ }).click()
  await expect(page).toHaveURL(/\/admin\/$/)
})
