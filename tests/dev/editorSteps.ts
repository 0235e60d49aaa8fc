// The dev editor's steps shared by its specs (cms, translations, the guide's screenshots).
import { expect, type Page, test } from '@playwright/test'
import { resetSite } from './site.ts'

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

/**
 * A spec's tasks on a fresh copy of the content (made again after them), the editor's bundle built
 * before the first: the first visit of /admin/ builds it when its cache is empty (a fresh clone:
 * 4-6 s, more on a busy machine), done here, with time for it, not inside a test.
 */
export function onFreshCopyWithEditor() {
  test.beforeAll(() => resetSite())
  test.beforeAll(async ({ request }) => {
    test.setTimeout(180_000)
    expect((await request.get('/admin/', { timeout: 170_000 })).status()).toBe(200)
  })
  test.afterAll(() => resetSite())
}
