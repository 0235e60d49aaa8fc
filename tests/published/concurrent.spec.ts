// Concurrent edits in the published editor: while a page's form is open,
// another person pushes a commit to the repository (git's plumbing on the stand-in's bare
// repository, as a push would land). A change to another value of the page is merged: the save
// makes one commit, on top of the other person's, and the branch holds both changes. The same
// value changed on both sides is refused at its field, in French, showing the other value, with
// what was typed still in the form and no commit; publishing again then keeps the editor's value.
import { expect, type Page, test } from '@playwright/test'
import { closeProblems, openEntry, publish, sharedEditorPage, visible } from './editorPage.ts'
import { changedFiles, commits, git, pushAsOther, readBranch } from './site.ts'

test.describe.configure({ mode: 'serial' })

let page: Page
sharedEditorPage((p) => {
  page = p
})

const PAGE = { collection: 'transformersMenu', entry: 'transformer-dist-36' }
const FR = 'content/fr/transformer-dist-36.yaml'
const EN = 'content/en/transformer-dist-36.yaml'
const RECORD = 'content/translations/en/transformer-dist-36.yaml'

/** A file's text on the branch with one top-level value's line replaced; fails if it is absent. */
function withLine(file: string, key: string, line: string): string {
  const text = readBranch(file)
  const edited = text.replace(new RegExp(`^${key}: .*$`, 'm'), line)
  if (edited === text) throw new Error(`${file}: no ${key} to replace`)
  return edited
}

/** The lines added and removed between two commits in one file, without the headers. */
function linesBetween(from: string, to: string, file: string) {
  const lines = git('diff', '--unified=0', from, to, '--', file).split('\n')
  return {
    added: lines.filter((l) => l.startsWith('+') && !l.startsWith('+++')).map((l) => l.slice(1)),
    removed: lines.filter((l) => l.startsWith('-') && !l.startsWith('---')).map((l) => l.slice(1)),
  }
}

test('another value of the page pushed while the form is open: merged, one commit with both changes', async () => {
  await openEntry(page, PAGE.collection, PAGE.entry)
  const read = commits()[0] as string
  await visible(page, 'Titre de la page').first().fill('Transformateurs de distribution 36 kV')
  // Meanwhile someone else changes the English heading of the same page.
  const heading = 'heading: "Three-phase distribution transformers, 36 kV (revised)"'
  const theirs = pushAsOther({ [EN]: withLine(EN, 'heading', heading) }, 'The English heading')
  const before = commits()

  expect(await publish(page), 'the branch moved').toBeDefined()
  await expect(page.getByText('Modifications enregistrées', { exact: false })).toBeVisible()
  const after = commits()
  // One commit more, on top of the other person's (GitHub refused the stale parent: the save
  // was planned again on the branch as it is now).
  expect(after.length).toBe(before.length + 1)
  const saved = after[0] as string
  expect(git('rev-parse', `${saved}^`).trim()).toBe(theirs)
  // The record of the English page's translations too: their English heading,
  // pushed without it, is recorded as a rewording of the same French; my French title, changed
  // alone, stays « à revoir ».
  expect(changedFiles(saved)).toEqual([`M ${FR}`, `M ${RECORD}`])
  // From the tree the form was read from, the branch now holds both changes, one line each.
  expect(linesBetween(read, saved, FR)).toEqual({
    added: ['title: "Transformateurs de distribution 36 kV"'],
    removed: ['title: "Transformateur de distribution triphasé, classe 36 kV"'],
  })
  expect(linesBetween(read, saved, EN)).toEqual({
    added: [heading],
    removed: ['heading: "Three-phase distribution transformers, 36 kV"'],
  })
})

test('the same value pushed while the form is open: refused at its field in French, the typing kept, no commit', async () => {
  await openEntry(page, PAGE.collection, PAGE.entry)
  const titles = visible(page, 'Titre de la page')
  await expect(titles).toHaveCount(2)
  await titles.nth(1).fill('Distribution transformer, 36 kV (form)')
  pushAsOther(
    { [EN]: withLine(EN, 'title', 'title: "Distribution transformer, 36 kV (pushed)"') },
    'The English title',
  )
  const before = commits()
  const pushed = readBranch(EN)

  expect(await publish(page), 'no commit').toBeUndefined()
  const panel = page.locator('#cms-problems [role="alert"]')
  await expect(panel.getByRole('listitem')).toHaveCount(1)
  await expect(panel.getByRole('button', { name: 'Anglais › Titre de la page' })).toBeVisible()
  // Every word of the refusal is French, and it shows the other person's value and the editor's.
  await expect(panel).toContainText("Rien n'a été enregistré : un problème à corriger")
  await expect(panel.getByRole('listitem')).toContainText(
    "Modifié entre-temps par quelqu'un d'autre, qui a enregistré « Distribution transformer, 36 kV (pushed) » (vous : « Distribution transformer, 36 kV (form) »). Votre saisie est gardée",
  )
  await expect(panel).toContainText(`${EN}:2:`)
  const notification = page.getByText(/Échec de l'enregistrement de l'entrée/).first()
  await expect(notification).toBeVisible()
  for (const text of [await panel.innerText(), await notification.innerText()])
    expect(text, 'no English sentence').not.toMatch(ENGLISH)
  await expect(titles.nth(1)).toHaveValue('Distribution transformer, 36 kV (form)')
  expect(commits()).toEqual(before)
  expect(readBranch(EN)).toBe(pushed)

  // Publishing again, the other value now shown, keeps the editor's: one commit.
  await closeProblems(page)
  expect(await publish(page), 'the branch moved').toBeDefined()
  const after = commits()
  expect(after.length).toBe(before.length + 1)
  expect(changedFiles(after[0] as string)).toEqual([`M ${EN}`, `M ${RECORD}`])
  expect(readBranch(EN)).toMatch(/^title: "Distribution transformer, 36 kV \(form\)"$/m)
})

/** Words of the checker's and Decap's English messages, outside the values quoted. */
const ENGLISH =
  /\b(must|should|changed|another|saved|value|failed|error|nothing|the|was|is|of|by)\b/i
