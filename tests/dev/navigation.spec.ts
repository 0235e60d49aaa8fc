// The form follows the address in the dev editor: an address typed or pasted while another entry
// is open, the back button and the forward button each show the entry the address names, and
// « Publier » then writes that entry's files alone, with its own values. Decap loads an entry
// when its editor mounts; without the editor made anew per address, the form stayed the first
// entry's and a save wrote the title typed at one page's address into another page's file.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { onFreshCopyWithEditor, openEntry, publish, visible } from './editorSteps.ts'
import { REPO, readSite } from './site.ts'

test.describe.configure({ mode: 'serial' })

onFreshCopyWithEditor()

const original = (file: string) => readFileSync(join(REPO, file), 'utf8')
const PAGES = ['training', 'services']
const FILES = PAGES.flatMap((id) => [`content/fr/${id}.yaml`, `content/en/${id}.yaml`])

test('a typed address, back and forward: the form is the entry the address names, and « Publier » writes its files alone', async ({
  page,
}) => {
  await openEntry(page, 'servicesMenu', 'training')
  const title = visible(page, 'Titre de la page').first()
  await expect(title).toHaveValue('Formation')

  // An address typed or pasted over the open form.
  await page.goto('/admin/#/collections/servicesMenu/entries/services')
  await expect(title).toHaveValue('Service après-vente et réparation')

  await page.goBack()
  await expect(page).toHaveURL(/entries\/training$/)
  await expect(title).toHaveValue('Formation')

  await page.goForward()
  await expect(page).toHaveURL(/entries\/services$/)
  await expect(title).toHaveValue('Service après-vente et réparation')

  await title.fill('Service après-vente')
  expect((await publish(page)).status()).toBe(200)
  await expect(page.getByText('Modifications enregistrées', { exact: false })).toBeVisible()

  // Byte for byte: Formation's files as they were, Services' French file with its new title.
  expect(readSite('content/fr/training.yaml')).toBe(original('content/fr/training.yaml'))
  expect(readSite('content/en/training.yaml')).toBe(original('content/en/training.yaml'))
  expect(readSite('content/en/services.yaml')).toBe(original('content/en/services.yaml'))
  expect(readSite('content/fr/services.yaml')).toBe(
    original('content/fr/services.yaml').replace(
      'title: "Service après-vente et réparation"',
      'title: "Service après-vente"',
    ),
  )
  for (const file of FILES) expect(readSite(file), file).toBeTruthy()
})
