// « Historique » in the dev editor: the history is the local repository's (the dev server reads
// it with git), so a copy without git says so in French and saves as usual; with git, three
// commits of « Formation » are listed as three (and the first, the copy's), each value named and
// its words shown; « Rétablir » puts a value of the first back into the form and « Publier » writes
// it alone to the disk, the later commits' values kept; a restore the check refuses writes
// nothing.
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { axeViolations } from './axe.ts'
import { onFreshCopyWithEditor, openEntry, publish, visible } from './editorSteps.ts'
import { DEV_SITE, editSite, readSite } from './site.ts'

test.describe.configure({ mode: 'serial' })

onFreshCopyWithEditor()

const FR = 'content/fr/training.yaml'
const EN = 'content/en/training.yaml'

const git = (...args: string[]) =>
  execFileSync('git', ['-C', DEV_SITE, ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Sonia Développeuse',
      GIT_AUTHOR_EMAIL: 'sonia@example.invalid',
      GIT_COMMITTER_NAME: 'Sonia Développeuse',
      GIT_COMMITTER_EMAIL: 'sonia@example.invalid',
    },
  })

/** A commit of the copy's files as they are, with `message`. */
const commitAll = (message: string) => {
  git('add', '-A', 'content', 'public')
  git('commit', '-q', '-m', message)
}

test.afterAll(() => rmSync(join(DEV_SITE, '.git'), { recursive: true, force: true }))

async function openHistory(page: Page) {
  await page.getByRole('button', { name: 'Historique', exact: true }).click()
  return page.getByRole('dialog', { name: /^Historique de « Formation/ })
}

test('a copy without git: the panel says so in French and what to do', async ({ page }) => {
  await openEntry(page, 'servicesMenu', 'training')
  const dialog = await openHistory(page)
  await expect(dialog.getByRole('alert')).toContainText(
    "Cette copie du site n'a pas d'historique : ce n'est pas un dépôt git",
  )
  await expect(dialog.getByRole('alert')).toContainText('git clone')
  await dialog.getByRole('button', { name: 'Fermer' }).click()
  await expect(dialog).toBeHidden()
})

test('three commits listed as three, named and worded; « Rétablir » of the first writes that value alone', async ({
  page,
}) => {
  git('init', '-q', '-b', 'main')
  commitAll('Le contenu du site')
  editSite(FR, 'title: "Formation"', 'title: "Formation continue"')
  commitAll('Titre de la formation')
  editSite(EN, 'title: "Training"', 'title: "Training courses"')
  commitAll('English title')
  editSite(FR, 'heading: "Centre de formation"', 'heading: "Centre de formation professionnelle"')
  commitAll('Bandeau')
  await openEntry(page, 'servicesMenu', 'training')
  const dialog = await openHistory(page)
  const saves = dialog.locator('.cms-history-list > li')
  await expect(saves).toHaveCount(4)
  await expect(saves.nth(0)).toContainText('par Sonia Développeuse')
  await expect(saves.nth(0)).toContainText('Français › Titre du bandeau')
  await expect(saves.nth(0).locator('ins')).toHaveText('professionnelle')
  await expect(saves.nth(1)).toContainText('Anglais › Titre de la page')
  await expect(saves.nth(2)).toContainText('Français › Titre de la page')
  // Too short for a word diff to help: the value before and after.
  await expect(saves.nth(2)).toContainText('Avant : « Formation »')
  await expect(saves.nth(2)).toContainText('Après : « Formation continue »')
  for (const i of [0, 1, 2]) await expect(saves.nth(i).locator('ul > li')).toHaveCount(1)
  expect(await axeViolations(page, '.cms-history-dialog')).toEqual([])

  const frBefore = readSite(FR)
  await saves
    .nth(2)
    .getByRole('button', { name: /^Rétablir « Français › Titre de la page »/ })
    .click()
  await expect(dialog).toBeHidden()
  await expect(visible(page, 'Titre de la page').nth(0)).toHaveValue('Formation')
  // In the form only, until « Publier ».
  expect(readSite(FR)).toBe(frBefore)
  expect((await publish(page)).status()).toBe(200)
  expect(readSite(FR)).toBe(frBefore.replace('title: "Formation continue"', 'title: "Formation"'))
  expect(readSite(EN)).toContain('title: "Training courses"')
})

test('a restore the check refuses: at its field, nothing written', async ({ page }) => {
  editSite(
    FR,
    'dans nos locaux ou sur votre site."',
    'dans nos locaux ou sur votre site. Voir [nos anciennes formations](page:formations-2019)."',
  )
  commitAll('Lien vers les formations 2019')
  editSite(FR, ' Voir [nos anciennes formations](page:formations-2019).', '')
  commitAll('La page des formations 2019 est supprimée')
  await openEntry(page, 'servicesMenu', 'training')
  const dialog = await openHistory(page)
  const unlink = dialog.locator('.cms-history-list > li').first()
  await expect(unlink).toContainText('La page des formations 2019 est supprimée')
  await unlink.getByRole('button', { name: /^Rétablir « Français › Blocs/ }).click()
  const before = readSite(FR)
  const answer = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/cms/v1') && (r.request().postData() ?? '').includes('persistEntry'),
    { timeout: 5_000 },
  )
  await page.getByRole('button', { name: 'Publier', exact: true }).click()
  await page.getByText('Publier maintenant').click()
  const panel = page.getByRole('alert').filter({ hasText: "Rien n'a été enregistré" })
  await expect(panel).toContainText('formations-2019')
  await expect(answer).rejects.toThrow()
  expect(readSite(FR)).toBe(before)
})
