// What every spec of the published editor does the same way (tests/published/*.spec.ts): one page
// logged in as Decap keeps its user after GitHub's OAuth popup, an entry opened as an editor does,
// and "Publier" until the branch moves or the save is refused.
import { type Browser, expect, type Page, type Response, test } from '@playwright/test'
import { standIn } from './site.ts'

/**
 * A page logged in to the published editor, set before any script of the page runs; the
 * editor's CSP violations (a blocked fetch, eval, style) are collected in `violations`. Leaving a
 * form with changes a save refused: Decap asks, the editor goes on.
 */
export async function editorPage(browser: Browser): Promise<{ page: Page; violations: string[] }> {
  const page = await browser.newPage()
  const violations: string[] = []
  const user = JSON.stringify({ backendName: 'github', token: standIn().token })
  await page.addInitScript((user) => {
    if (!localStorage.getItem('decap-cms-user')) localStorage.setItem('decap-cms-user', user)
  }, user)
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text())
  })
  page.on('dialog', (d) => void d.accept())
  return { page, violations }
}

/**
 * One logged-in page for every task of a serial spec, as an editor keeps the editor open (a new
 * page per task would load the editor each time): made before the first task and handed to
 * `use`, closed after the last; each task must leave no violation of the editor's CSP.
 */
export function sharedEditorPage(use: (page: Page) => void): void {
  let held: { page: Page; violations: string[] } | undefined
  test.beforeAll(async ({ browser }) => {
    held = await editorPage(browser)
    use(held.page)
  })
  test.afterAll(() => held?.page.close())
  test.afterEach(() => {
    expect(held?.violations).toEqual([])
  })
}

export const publishButton = (page: Page) => page.getByRole('button', { name: /^Publi/ }).first()

/**
 * Opens an entry as an editor does: its collection's list, then the entry (Decap loads an entry
 * when its editor opens, not when the address changes under an open one); the time until its
 * form is there, from the address typed when the editor is not loaded yet.
 */
export async function openEntry(page: Page, collection: string, entry: string): Promise<number> {
  const started = Date.now()
  const link = page.locator(`a[href="#/collections/${collection}/entries/${entry}"]`)
  if (page.url().includes('/admin/')) {
    await page.goto(`/admin/#/collections/${collection}`)
    await link.click({ timeout: 60_000 })
  } else await page.goto(`/admin/#/collections/${collection}/entries/${entry}`)
  await expect(page).toHaveURL(new RegExp(`#/collections/${collection}/entries/${entry}$`))
  await expect(publishButton(page)).toBeVisible({ timeout: 60_000 })
  return Date.now() - started
}

/** "Publier" › "Publier maintenant": resolves when the branch has moved (the time from the
 * click to the stand-in's successful answer to the ref's update), or undefined when the save was
 * refused (the problems panel shows) without a move. A stale parent is GitHub's 422, after which
 * the editor plans the save again on the branch as it is now: only a successful update counts. */
export async function publish(page: Page): Promise<number | undefined> {
  let onMoved = () => {}
  const moved = new Promise<boolean>((resolve) => {
    onMoved = () => resolve(true)
  })
  const onResponse = (r: Response) => {
    if (r.request().method() === 'PATCH' && /\/git\/refs\/heads\//.test(r.url()) && r.ok())
      onMoved()
  }
  await expect(page.locator('#cms-problems [role="alert"]')).toHaveCount(0)
  page.on('response', onResponse)
  try {
    const refused = page
      .locator('#cms-problems [role="alert"]')
      .waitFor({ timeout: 30_000 })
      .then(() => false)
    await page.getByRole('button', { name: 'Publier', exact: true }).click()
    const started = Date.now()
    await page.getByText('Publier maintenant').click()
    const committed = await Promise.race([moved, refused])
    refused.catch(() => undefined)
    return committed ? Date.now() - started : undefined
  } finally {
    page.off('response', onResponse)
  }
}

export const visible = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).filter({ visible: true })

/** Closes the problems panel, as an editor does once read (it stays until a save succeeds). */
export async function closeProblems(page: Page) {
  const panel = page.locator('#cms-problems [role="alert"]')
  await panel.getByRole('button', { name: 'Fermer' }).click()
  await expect(panel).toHaveCount(0)
}
