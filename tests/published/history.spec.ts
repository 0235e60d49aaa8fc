// « Historique » in the published editor on GitHub (the stand-in, a real bare repository behind
// GitHub's REST endpoints): three saves of « Formation » through the editor and a commit pushed
// with git by someone else are listed as four, newest first, each value under its field's French
// name with its words; « Rétablir » brings one value back into the form and « Publier » commits
// it alone, the later saves' changes kept; « Rétablir cette version » brings back the whole page;
// a restore the check refuses commits nothing; a host that refuses the history says so in French.
import { expect, type Locator, type Page, test } from '@playwright/test'
import { openEntry, publish, sharedEditorPage, visible } from './editorPage.ts'
import { commits, git, pushAsOther, readBranch, standIn } from './site.ts'

test.describe.configure({ mode: 'serial' })

let page: Page
sharedEditorPage((p) => {
  page = p
})

const FR = 'content/fr/training.yaml'
const EN = 'content/en/training.yaml'

/** The lines of a commit's diff of one file: added and removed, without the headers. */
function diffLines(sha: string, file: string) {
  const lines = git('show', '--format=', '--unified=0', sha, '--', file).split('\n')
  return {
    added: lines.filter((l) => l.startsWith('+') && !l.startsWith('+++')).map((l) => l.slice(1)),
    removed: lines.filter((l) => l.startsWith('-') && !l.startsWith('---')).map((l) => l.slice(1)),
  }
}

async function openHistory(): Promise<Locator> {
  await page.getByRole('button', { name: 'Historique', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Historique de « Formation »' })
  await expect(dialog.locator('.cms-history-list > li').first()).toBeVisible()
  return dialog
}

/** The commits made since `before` (newest first). */
const since = (before: string[]) => commits().filter((c) => !before.includes(c))

let firstSave = ''
/** The French title before the first save (the specs before this one may have changed it). */
let oldTitle = ''

/** `text` with `from` replaced by `to`; fails when `from` is not there. */
function replaced(text: string, from: string, to: string): string {
  expect(text).toContain(from)
  return text.replace(from, to)
}

test('three saves and a commit pushed with git: listed as four, newest first, each value named and its words shown', async () => {
  test.setTimeout(180_000)
  await openEntry(page, 'servicesMenu', 'training')
  const start = commits()
  const titles = visible(page, 'Titre de la page')
  oldTitle = await titles.nth(0).inputValue()
  await titles.nth(0).fill('Formation continue')
  expect(await publish(page)).toBeDefined()
  firstSave = since(start)[0] as string
  const banners = visible(page, 'Titre du bandeau (optionnel)')
  await banners.nth(0).fill(`${await banners.nth(0).inputValue()} professionnelle`)
  expect(await publish(page)).toBeDefined()
  await titles.nth(1).fill('Training courses')
  expect(await publish(page)).toBeDefined()
  expect(since(start)).toHaveLength(3)
  // A colleague's commit made with git, outside the editor.
  pushAsOther(
    {
      [EN]: replaced(
        readBranch(EN),
        'heading: "Training centre"',
        'heading: "Our training centre"',
      ),
    },
    'Reword the English banner',
  )
  await page.reload()
  await expect(visible(page, 'Titre de la page').first()).toHaveValue('Formation continue')
  const dialog = await openHistory()
  const saves = dialog.locator('.cms-history-list > li')
  await expect(saves.nth(0)).toContainText('par Another Writer')
  await expect(saves.nth(0)).toContainText('Reword the English banner')
  await expect(saves.nth(0)).toContainText('Anglais › Titre du bandeau')
  await expect(saves.nth(0)).toContainText('Avant : « Training centre »')
  await expect(saves.nth(0)).toContainText('Après : « Our training centre »')
  await expect(saves.nth(1)).toContainText('Anglais › Titre de la page')
  await expect(saves.nth(1)).toContainText('courses')
  await expect(saves.nth(2)).toContainText('Français › Titre du bandeau')
  await expect(saves.nth(2).locator('ins')).toHaveText('professionnelle')
  await expect(saves.nth(3)).toContainText('Français › Titre de la page')
  await expect(saves.nth(3)).toContainText('continue')
  // Each save says when, in French.
  await expect(saves.nth(3).locator('time')).toHaveText(/^\d{1,2} \p{L}+ \d{4} à \d{2}:\d{2}$/u)
  // Each of the first three is one change; none is another page's.
  for (const i of [0, 1, 2, 3]) await expect(saves.nth(i).locator('ul > li')).toHaveCount(1)
  await dialog.getByRole('button', { name: 'Fermer' }).click()
})

test('« Rétablir » a value of the first save: one commit changing that value alone, the later saves kept', async () => {
  const dialog = await openHistory()
  const first = dialog.locator('.cms-history-list > li').nth(3)
  await first.getByRole('button', { name: /^Rétablir « Français › Titre de la page »/ }).click()
  await expect(dialog).toBeHidden()
  await expect(
    page.getByRole('status').filter({ hasText: 'est rétabli dans le formulaire' }),
  ).toBeVisible()
  const titles = visible(page, 'Titre de la page')
  await expect(titles.nth(0)).toHaveValue(oldTitle)
  // The English title was translated from « Formation continue »: to review, as for any change.
  await expect(page.getByRole('region', { name: 'Traduction à revoir' })).toHaveCount(1)
  // Not saved until « Publier ».
  expect(readBranch(FR)).toContain('title: "Formation continue"')
  const start = commits()
  expect(await publish(page)).toBeDefined()
  const made = since(start)
  expect(made).toHaveLength(1)
  const sha = made[0] as string
  expect(diffLines(sha, FR)).toEqual({
    added: [`title: "${oldTitle}"`],
    removed: ['title: "Formation continue"'],
  })
  expect(diffLines(sha, EN)).toEqual({ added: [], removed: [] })
  // The later saves' values stay.
  expect(readBranch(FR)).toMatch(/^heading: ".* professionnelle"$/m)
  expect(readBranch(EN)).toContain('title: "Training courses"')
  expect(readBranch(EN)).toContain('heading: "Our training centre"')
})

test('« Rétablir cette version »: the whole page as the first save left it, in one commit', async () => {
  const dialog = await openHistory()
  const saves = dialog.locator('.cms-history-list > li')
  // The first save: below the restore, the commit pushed with git and the two later saves.
  await expect(saves.nth(4)).toContainText('Français › Titre de la page')
  await saves.nth(4).getByRole('button', { name: 'Rétablir cette version' }).click()
  await expect(dialog).toBeHidden()
  await expect(visible(page, 'Titre de la page').nth(0)).toHaveValue('Formation continue')
  await expect(visible(page, 'Titre du bandeau (optionnel)').nth(1)).toHaveValue('Training centre')
  const start = commits()
  expect(await publish(page)).toBeDefined()
  expect(since(start)).toHaveLength(1)
  expect(readBranch(FR)).toBe(readBranch(FR, firstSave))
  expect(readBranch(EN)).toBe(readBranch(EN, firstSave))
})

test('a restore the check refuses: the message at its field, nothing committed', async () => {
  // A developer's commit put a link to a page that no longer exists, the next one took it out.
  const broken = readBranch(FR).replace(
    'dans nos locaux ou sur votre site."',
    'dans nos locaux ou sur votre site. Voir [nos anciennes formations](page:formations-2019)."',
  )
  expect(broken).not.toBe(readBranch(FR))
  const linked = pushAsOther({ [FR]: broken }, 'Link the 2019 courses')
  pushAsOther({ [FR]: readBranch(FR, `${linked}~1`) }, 'The 2019 courses page is gone: unlink it')
  await page.reload()
  await expect(visible(page, 'Titre de la page').first()).toBeVisible()
  const dialog = await openHistory()
  const unlink = dialog.locator('.cms-history-list > li').first()
  await expect(unlink).toContainText('The 2019 courses page is gone')
  await unlink.getByRole('button', { name: /^Rétablir « Français › Blocs/ }).click()
  const start = commits()
  expect(await publish(page)).toBeUndefined()
  const panel = page.locator('#cms-problems [role="alert"]')
  await expect(panel).toContainText('formations-2019')
  expect(since(start)).toEqual([])
})

test('a host that refuses the history: said in French, the form still saves', async () => {
  await page.reload()
  await expect(visible(page, 'Titre de la page').first()).toBeVisible()
  await page.route('**/commits?*', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: '{"message":"Forbidden"}',
    }),
  )
  await page.getByRole('button', { name: 'Historique', exact: true }).click()
  const dialog = page
    .getByRole('dialog', { name: 'Historique de « Formation continue »' })
    .or(page.getByRole('dialog', { name: /^Historique de/ }))
  await expect(dialog.getByRole('alert')).toContainText("Le dépôt a refusé de donner l'historique")
  await page.unroute('**/commits?*')
  await dialog.getByRole('button', { name: 'Fermer' }).click()
})

test('the 20 newest at once; « Plus anciennes » lists the older ones', async () => {
  for (let i = 1; i <= 20; i++)
    pushAsOther(
      { [EN]: readBranch(EN).replace(/^description: .*$/m, `description: "Training, take ${i}."`) },
      `Description, take ${i}`,
    )
  await page.reload()
  await expect(visible(page, 'Titre de la page').first()).toBeVisible()
  const dialog = await openHistory()
  const saves = dialog.locator('.cms-history-list > li')
  await expect(saves).toHaveCount(20)
  await expect(saves.first()).toContainText('Description, take 20')
  await expect(dialog.getByText('Reword the English banner')).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Plus anciennes' }).click()
  await expect(dialog.getByText('Reword the English banner')).toHaveCount(1)
  // Each commit that changed the page's files once, up to two pages of them.
  const changed = Number(
    git('rev-list', '--count', `refs/heads/${standIn().branch}`, '--', FR, EN).trim(),
  )
  await expect(saves).toHaveCount(Math.min(changed, 40))
  await dialog.getByRole('button', { name: 'Fermer' }).click()
})
