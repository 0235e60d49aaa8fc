// A save of the dev editor is planned in the browser on the files its form was read from, the
// translation record of the page's English among them: the record is computed from the one read,
// and left out of the write when its text comes out the same. Here the dev server goes through a
// page added to routes.yaml and removed, and the record read with the form is put back meanwhile
// (a reset puts files back one at a time): the save of both titles must still write the record
// with its words, the store refusing the first write and the editor planning it again.
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { textHash } from '../../templates/core/content/textHash.ts'
import { onFreshCopyWithEditor, openEntry, publish, visible } from './editorSteps.ts'
import { addLivePage, DEV_SITE, editSite, LIVE_PAGE, REPO, readSite, restoreSite } from './site.ts'

onFreshCopyWithEditor()

const RECORD = 'content/translations/en/training.yaml'

test('both titles saved right after a page was added to routes.yaml and removed: the record is written with them', async ({
  page,
}) => {
  const words = { fr: 'Formation continue', en: 'Further training' }
  const recorded = `title: { fr: "${words.fr}", en: "${textHash(words.en)}" }`
  const recordLines = () => readSite(RECORD).split('\n')
  // The record as an earlier save of the same words left it, its page's two files already put
  // back: the form is read from these files.
  editSite(RECORD, /^title: .*$/m, recorded)
  await openEntry(page, 'servicesMenu', 'training')
  // The dev server then serves a page added and removed, the record put back with it.
  addLivePage()
  await expect.poll(async () => (await page.request.get(LIVE_PAGE.fr)).status()).toBe(200)
  restoreSite()
  await expect.poll(async () => (await page.request.get(LIVE_PAGE.fr)).status()).toBe(404)
  expect(recordLines()).not.toContain(recorded)

  const titles = visible(page, 'Titre de la page')
  await titles.nth(0).fill(words.fr)
  await titles.nth(1).fill(words.en)
  const writes: number[] = []
  page.on('response', (r) => {
    if ((r.request().postData() ?? '').includes('persistEntry')) writes.push(r.status())
  })
  await publish(page)
  await expect(page.getByText('Modifications enregistrées', { exact: false })).toBeVisible()
  expect(readSite('content/fr/training.yaml')).toContain(`\ntitle: "${words.fr}"\n`)
  expect(readSite('content/en/training.yaml')).toContain(`\ntitle: "${words.en}"\n`)
  expect(recordLines()).toContain(recorded)
  // The first write, planned on the record the form was read with, refused; the save planned
  // again on the files as they are now.
  expect(writes).toEqual([409, 200])
  const outdated = execFileSync(
    'npx',
    ['tsx', join(REPO, 'scripts/translations.ts'), '--root', DEV_SITE],
    { cwd: REPO, encoding: 'utf8' },
  )
  expect(outdated).toContain('every English value is up to date')
})
