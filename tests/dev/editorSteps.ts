// The dev editor's steps shared by its specs (cms, translations, the guide's screenshots).
import { expect, type Page } from '@playwright/test'

/** Opens an entry of the editor once its form is there. */
export async function openEntry(page: Page, collection: string, entry: string) {
  await page.goto(`/admin/#/collections/${collection}/entries/${entry}`)
  await expect(page.getByRole('button', { name: /^Publi/ }).first()).toBeVisible({
    timeout: 30_000,
  })
}

/** The editor's "Publier" › "Publier maintenant", and the dev backend's answer. */
export async function publish(page: Page) {
  const answer = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/cms/v1') && (r.request().postData() ?? '').includes('persistEntry'),
  )
  await page.getByRole('button', { name: 'Publier', exact: true }).click()
  await page.getByText('Publier maintenant').click()
  return answer
}

/** The visible inputs of a label (one per language column). */
export const visible = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).filter({ visible: true })
