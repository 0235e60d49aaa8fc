// `npm run dev` with a page open in Chromium: every edit under content/ and public/ shows in
// the open page by itself, and a broken file shows every problem in Vite's overlay.
// The dev server serves a copy (tests/dev/site.ts); each test puts back what it changed.
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import {
  addLivePage,
  DEV_SITE,
  EDITOR_LOG,
  editSite,
  LIVE_PAGE,
  readSite,
  removeSite,
  restoreSite,
  siteChanged,
  writeSite,
} from './site.ts'

/** Marks the open document: the mark is gone once the page has reloaded. */
const markDocument = (page: Page) =>
  // Retried: a reload may be under way.
  expect(() =>
    page.evaluate(() => {
      ;(window as unknown as { beforeEdit?: boolean }).beforeEdit = true
    }),
  ).toPass()
const reloaded = (page: Page) =>
  expect
    .poll(() =>
      page
        .evaluate(() => (window as unknown as { beforeEdit?: boolean }).beforeEdit)
        .catch(() => 'reloading'),
    )
    .toBeUndefined()

/** Opens a page once the dev server answers with the content valid again. */
async function open(page: Page, path: string) {
  await expect.poll(async () => (await page.request.get(path)).status()).toBe(200)
  await page.goto(path)
  await markDocument(page)
}

test.beforeAll(async ({ browser }) => {
  // The first visit makes Vite transform the page's modules: done here, so that no test's
  // timing includes it. (Vite finds the islands' dependencies when it starts: no page reloads
  // on a first visit, checked with Vite's cache removed, 2026-11-29.)
  const page = await browser.newPage()
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  await page.close()
})

// Put back what the test changed, and wait for the open page to reload with it: a late reload
// would otherwise land in the next test's page.
test.afterEach(async ({ page }) => {
  if (!siteChanged()) return
  await markDocument(page)
  restoreSite()
  await reloaded(page)
})

test('an edit of a page text shows in the open page, without a reload by hand', async ({
  page,
}) => {
  await open(page, '/presentation')
  await expect(page.locator('h1')).toHaveText('Présentation de la société')
  editSite('content/fr/presentation.yaml', /^heading: .*$/m, 'heading: Notre société, en bref')
  await expect(page.locator('h1')).toHaveText('Notre société, en bref')
  await reloaded(page)
})

test('edits of UI strings, data and site settings show in the open page', async ({ page }) => {
  await open(page, '/presentation')
  const nav = page
    .locator('nav.main-nav')
    .getByRole('link', { name: 'Qui sommes-nous', exact: true, includeHidden: true })
  await expect(nav).toHaveCount(0)
  editSite(
    'content/i18n/fr.yaml',
    /^ {2}presentation: Présentation$/m,
    '  presentation: Qui sommes-nous',
  )
  await expect(nav.first()).toBeAttached()
  await reloaded(page)

  await markDocument(page)
  editSite('content/data/facts.yaml', /^ {2}founded: "1966"$/m, '  founded: "1965"')
  await expect(page.getByText('Créée en 1965 comme filiale')).toBeVisible()
  await reloaded(page)

  await markDocument(page)
  editSite('content/site.yaml', /^ {2}name: Transfo Example$/m, '  name: Transfo Edited')
  await expect(page).toHaveTitle(/Transfo Edited/)
  await reloaded(page)
})

test('a page added to routes.yaml is served at once, and gone once removed', async ({ page }) => {
  await open(page, '/presentation')
  expect((await page.request.get(LIVE_PAGE.fr)).status()).toBe(404)
  addLivePage()
  // The open page reloads (its menu may list the new page), and the new path is served.
  await reloaded(page)
  await page.goto(LIVE_PAGE.fr)
  await expect(page.locator('h1')).toHaveText('Essai en direct')
  await page.goto(LIVE_PAGE.en)
  await expect(page.locator('h1')).toHaveText('Live test')

  restoreSite()
  await expect.poll(async () => (await page.request.get(LIVE_PAGE.fr)).status()).toBe(404)
})

test('a broken edit shows every problem in the overlay; fixing it shows the page', async ({
  page,
}) => {
  await open(page, '/presentation')
  rmSync(EDITOR_LOG, { force: true })
  // Three mistakes in three files: a YAML syntax error, a schema error, a missing image (its
  // path in content/data/images.yaml, so an edit to that data file is seen live too).
  editSite('content/en/presentation.yaml', /^title: (.*)$/m, 'title: [$1')
  editSite('content/site.yaml', /^siteUrl: .*$/m, 'siteUrl: 12')
  editSite('content/fr/presentation.yaml', /^heading: .*$/m, 'heading: Nouveau titre')
  editSite('content/data/images.yaml', presentationImage(), '/images/missing-image.svg')
  const expected = problemLocations()

  const overlay = page.locator('vite-error-overlay')
  await expect(overlay).toBeVisible()
  const message = overlay.locator('.message-body')
  await expect(message).toContainText('3 content problems')
  for (const at of expected) await expect(message).toContainText(at)
  await expect(message).toContainText('must be a string')
  await expect(message).toContainText('missing-image.svg')
  // The lines around each problem, the offending line marked.
  await expect(overlay.locator('.frame')).toContainText('> ')
  await expect(overlay.locator('.frame')).toContainText('siteUrl: 12')
  // One link per problem (plus the first one's, above the frame), opening the editor there.
  const links = overlay.locator('.stack a.file-link')
  await expect(links).toHaveCount(3)
  const siteLink = links.filter({ hasText: 'content/site.yaml:' })
  await siteLink.click()
  await expect
    .poll(() => existsSync(EDITOR_LOG) && readFileSync(EDITOR_LOG, 'utf8'))
    .toBe(`${DEV_SITE}/content/site.yaml 2 10\n`)

  // A page asked for while the content is broken gets the same list, not a stack trace.
  const fresh = await page.context().newPage()
  const response = await fresh.goto('/en/presentation')
  expect(response?.status()).toBe(500)
  await expect(fresh.locator('vite-error-overlay .message-body')).toContainText(
    '3 content problems',
  )
  await expect(fresh.locator('body')).not.toContainText(/node_modules|at \S+ \(/)

  // Fixing every file but keeping the new heading: the overlay goes, the page shows.
  restoreSite()
  editSite('content/fr/presentation.yaml', /^heading: .*$/m, 'heading: Nouveau titre')
  await expect(page.locator('h1')).toHaveText('Nouveau titre')
  await expect(overlay).toHaveCount(0)
  await expect(fresh.locator('h1')).toHaveText('About the company')
  await expect(fresh.locator('vite-error-overlay')).toHaveCount(0)
})

test('a page that connects after the problems were announced shows them too', async ({ page }) => {
  // Another tab is open (it gets the announcement); this one was served while the content was
  // valid, and its Vite client connects only after the mistake is announced: as a page whose
  // reload was under way does (seen once in CI).
  const other = await page.context().newPage()
  await open(other, '/presentation')
  let release = () => {}
  const connected = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/@vite/client', async (route) => {
    await connected
    await route.continue()
  })
  // Served now, while the content is valid; its scripts wait for the client.
  await page.goto('/presentation', { waitUntil: 'commit' })
  await expect(page.locator('h1')).toHaveText('Présentation de la société')
  editSite('content/site.yaml', /^siteUrl: .*$/m, 'siteUrl: 12')
  await expect(other.locator('vite-error-overlay')).toBeVisible()
  release()
  await expect(page.locator('vite-error-overlay .message-body')).toContainText('must be a string')
  await page.unroute('**/@vite/client')
  await other.close()
})

test('an edit in public/ reloads the open page with the new file', async ({ page }) => {
  await open(page, '/presentation')
  const logo = 'public/images/logo.svg'
  const svg = readSite(logo).replace('</svg>', '<!-- edited --></svg>')
  const refetched = page.waitForResponse((r) => r.url().endsWith('/images/logo.svg'))
  writeSite(logo, svg)
  await reloaded(page)
  expect(await (await refetched).text()).toContain('<!-- edited -->')

  // An image the page uses, deleted: the overlay says so; put back, the page shows again.
  const image = presentationImage()
  removeSite(`public${image}`)
  await expect(page.locator('vite-error-overlay .message-body')).toContainText(
    `image file not found: expected public${image} to exist`,
  )
  restoreSite()
  await expect(page.locator('vite-error-overlay')).toHaveCount(0)
  await expect(page.locator('h1')).toHaveText('Présentation de la société')
})

/** The first image path of the presentation page (content/data/images.yaml). */
function presentationImage(): string {
  const image = /^presentation:\n(?:\s.*\n)*?\s+- (\/images\/\S+)/m.exec(
    readSite('content/data/images.yaml'),
  )?.[1]
  if (!image) throw new Error('content/data/images.yaml has no image of the presentation page')
  return image
}

/** file:line:col of each planted problem, as the overlay lists them. */
function problemLocations(): string[] {
  const lineOf = (file: string, needle: string) =>
    readSite(file)
      .split('\n')
      .findIndex((l) => l.includes(needle)) + 1
  return [
    `content/data/images.yaml:${lineOf('content/data/images.yaml', 'missing-image.svg')}:`,
    `content/site.yaml:${lineOf('content/site.yaml', 'siteUrl: 12')}:10`,
    'content/en/presentation.yaml:',
  ]
}
