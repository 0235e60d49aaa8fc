// The translations « à revoir » in the dev editor, driven in Chromium against
// `npm run dev` serving a copy of the content (tests/dev/site.ts): a French value changed alone
// shows « Traduction à revoir » at its English field with the French before and now; « Traduction
// à jour » records the review in the same save as the French; the site's list names every
// outdated value; `npm run translations` on the copy agrees with the editor.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { axeViolations } from './axe.ts'
import { onFreshCopyWithEditor, openEntry, publish, visible } from './editorSteps.ts'
import { DEV_SITE, editSite, REPO, readSite } from './site.ts'

test.describe.configure({ mode: 'serial' })

onFreshCopyWithEditor()

/** `npm run translations` on the copy: what it lists. */
const translationsOfCopy = () =>
  execFileSync('npx', ['tsx', join(REPO, 'scripts/translations.ts'), '--root', DEV_SITE], {
    cwd: REPO,
    encoding: 'utf8',
  })

test('a French title changed alone: « Traduction à revoir » at the English title, then « Traduction à jour » in the same save', async ({
  page,
}) => {
  await openEntry(page, 'menu', 'home')
  const titles = visible(page, 'Titre de la page')
  await expect(titles).toHaveCount(2)
  const notice = page.getByRole('region', { name: 'Traduction à revoir' })
  await expect(notice).toHaveCount(0)
  await titles.nth(0).fill('Accueil du site')
  // The English column says its French changed, with both French texts.
  await expect(notice).toHaveCount(1)
  await expect(notice).toContainText('Français avant')
  await expect(notice.locator('del')).toHaveText('Accueil')
  await expect(notice.locator('ins')).toHaveText('Accueil du site')
  expect(await axeViolations(page, '.cms-translation')).toEqual([])
  await notice.getByRole('button', { name: 'Traduction à jour' }).click()
  await expect(notice).toHaveCount(0)
  await expect(page.getByText('Traduction marquée à jour')).toBeVisible()
  expect((await publish(page)).status()).toBe(200)
  await expect(page.getByText('Modifications enregistrées', { exact: false })).toBeVisible()
  // The French title and the record of its English, in the one save; the English unchanged.
  expect(readSite('content/fr/home.yaml')).toContain('\ntitle: Accueil du site\n')
  expect(readSite('content/en/home.yaml')).toBe(
    readFileSync(join(REPO, 'content/en/home.yaml'), 'utf8'),
  )
  expect(readSite('content/translations/en/home.yaml')).toMatch(
    /^title: \{ fr: "Accueil du site", en: "[0-9a-f]+" \}$/m,
  )
  expect(translationsOfCopy()).toContain('every English value is up to date')
})

test('a French title in error is not yet a translation to review: its notice goes, and comes back once it is fixed', async ({
  page,
}) => {
  await openEntry(page, 'servicesMenu', 'training')
  const titles = visible(page, 'Titre de la page')
  const notice = page.getByRole('region', { name: 'Traduction à revoir' })
  await titles.nth(0).fill('Formation continue')
  await expect(notice).toHaveCount(1)
  // Emptied, the French title is a mistake (one message, at its field), not a change to translate.
  await titles.nth(0).fill('')
  await expect(notice).toHaveCount(0)
  await titles.nth(0).fill('Formation continue')
  await expect(notice).toHaveCount(1)
})

test("a news article's French headline changed alone: the site's list names its English headline, a click away", async ({
  page,
}) => {
  // A colleague's French edit, as a pull brings it: the English headline is now out of date.
  editSite(
    'content/fr/news.yaml',
    'title: Un transformateur de puissance de 25 MVA livré au Congo',
    'title: Un transformateur de 25 MVA livré en République du Congo',
  )
  expect(translationsOfCopy()).toContain('blocks.articles.items.transformer-25-mva-congo.title')
  await openEntry(page, 'menu', 'home')
  // From the keyboard: the button, then the dialog's first link, which has the focus.
  await page.getByRole('button', { name: 'Traductions à revoir (1)' }).focus()
  await page.keyboard.press('Enter')
  const list = page.getByRole('dialog', { name: 'Une traduction à revoir' })
  await expect(list).toContainText('content/en/news.yaml')
  await expect(list).toContainText(
    'Avant : « Un transformateur de puissance de 25 MVA livré au Congo »',
  )
  await expect(list).toContainText(
    'Maintenant : « Un transformateur de 25 MVA livré en République du Congo »',
  )
  expect(await axeViolations(page, '.cms-translations')).toEqual([])
  // Named by its fields' labels, the block's kind read from the file.
  const link = list.getByRole('link', {
    name: 'Anglais › Blocs › n° 1 (Liste des actualités) › Articles › n° 1 › Titre',
  })
  await expect(link).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(list).toBeHidden()
  // The news page's form, unfolded to the English headline, focused, with its notice.
  const notice = page.getByRole('region', { name: 'Traduction à revoir' })
  await expect(notice).toHaveCount(1)
  await expect(notice.locator('ins')).toHaveText(
    'Un transformateur de 25 MVA livré en République du Congo',
  )
  const english = page.locator(':focus')
  await expect(english).toHaveValue('A 25 MVA power transformer delivered to Congo')
  await english.fill('A 25 MVA transformer delivered to the Republic of the Congo')
  await expect(notice).toHaveCount(0)
  expect((await publish(page)).status()).toBe(200)
  await expect(page.getByText('Modifications enregistrées', { exact: false })).toBeVisible()
  expect(readSite('content/en/news.yaml')).toContain(
    'title: A 25 MVA transformer delivered to the Republic of the Congo',
  )
  expect(translationsOfCopy()).toContain('every English value is up to date')
  await expect(page.getByRole('button', { name: /^Traductions à revoir/ })).toHaveCount(0)
})

test('a save that changes a French value and not its English says so, and leaves it listed', async ({
  page,
}) => {
  await openEntry(page, 'menu', 'home')
  const descriptions = visible(page, 'Description')
  await expect(descriptions).toHaveCount(2)
  await descriptions.nth(0).fill('Le premier fabricant tunisien de transformateurs.')
  expect((await publish(page)).status()).toBe(200)
  await expect(page.getByRole('status').filter({ hasText: 'Enregistré.' })).toContainText(
    '1 traduction à revoir sur cette page',
  )
  const listed = translationsOfCopy()
  expect(listed).toMatch(/content\/en\/home\.yaml:3:\d+ +description/)
  expect(listed).toContain('1 outdated translation in 1 file')
  await expect(page.getByRole('button', { name: 'Traductions à revoir (1)' })).toBeVisible()
  // The French changed again, the cursor put at the end of the English meanwhile: the notice
  // follows the French, and shown, leaves the cursor where it was (Decap's input puts it back
  // where the last keystroke left it at each render).
  const notice = page.getByRole('region', { name: 'Traduction à revoir' })
  // Focused first: Decap's input, typed into before, puts its caret back where the last keystroke
  // left it as it takes the focus, which would undo fill()'s selection of the old text.
  await descriptions.nth(0).focus()
  await descriptions.nth(0).fill('Le premier fabricant tunisien de transformateurs, depuis 1966.')
  await descriptions.nth(1).press('End')
  await expect(notice.locator('ins')).toHaveText(
    'Le premier fabricant tunisien de transformateurs, depuis 1966.',
  )
  await descriptions.nth(1).pressSequentially(' Since 1966.')
  await expect(descriptions.nth(1)).toHaveValue(/ Since 1966\.$/)
  // The notice leaves « Publier » free: the English translated in a second save, nothing left.
  await expect(notice).toHaveCount(0)
  expect((await publish(page)).status()).toBe(200)
  await expect(page.getByRole('status').filter({ hasText: 'Enregistré.' })).toHaveCount(0)
  expect(translationsOfCopy()).toContain('every English value is up to date')
  await expect(page.getByRole('button', { name: /^Traductions à revoir/ })).toHaveCount(0)
})
