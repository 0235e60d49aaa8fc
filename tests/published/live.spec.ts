// « Publier » → « En ligne » in the published editor: after a save's commit, the
// editor reads the site's /build.json (served by `npm run serve`, its `_headers` rule: never
// stored; the test swaps the file as a new deploy does) and asks the GitHub stand-in's compare API
// how the commit it names stands to the save's. Older: « En attente de la mise en ligne (…) »;
// the save's commit or a later one on the branch: « En ligne » with a link to the changed page;
// ten minutes without it (Playwright's clock, no real wait): « Toujours pas en ligne », with
// where to look.
import { renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { editorPage, openEntry, publish, visible } from './editorPage.ts'
import { commits, PUBLISHED_PORT, PUBLISHED_SITE, pushAsOther, readBranch } from './site.ts'

test.describe.configure({ mode: 'serial' })

const PAGE = { collection: 'transformersMenu', entry: 'transformer-power' }
const PAGE_URL = `http://127.0.0.1:${PUBLISHED_PORT}/transformateur_pui_triph`
const BUILD_FILE = join(PUBLISHED_SITE, 'site', 'dist', 'client', 'build.json')

/** A deploy of `commit`: the served /build.json replaced at once, as a host swaps a site. */
function deployed(commit: string | null) {
  const temp = `${BUILD_FILE}.tmp`
  writeFileSync(
    temp,
    `${JSON.stringify({ commit, builtAt: new Date().toISOString(), host: 'cloudflare-pages' })}\n`,
  )
  renameSync(temp, BUILD_FILE)
}

const box = (page: Page) => page.getByRole('complementary', { name: 'Mise en ligne' })
const announced = (page: Page) => page.locator('.cms-live-announce[role="status"]')

/** Changes the French title and publishes: the save's commit. */
async function saveTitle(page: Page, title: string): Promise<string> {
  await openEntry(page, PAGE.collection, PAGE.entry)
  await visible(page, 'Titre de la page').first().fill(title)
  expect(await publish(page), 'the branch moved').toBeDefined()
  const saved = commits()[0] as string
  expect(readBranch('content/fr/transformer-power.yaml')).toContain(title)
  return saved
}

let page: Page
let violations: string[]
test.beforeEach(async ({ browser }) => {
  ;({ page, violations } = await editorPage(browser))
  // The page's timers and Date under the test's hand; time still flows until it jumps.
  await page.clock.install()
})
test.afterEach(async () => {
  expect(violations).toEqual([])
  await page.close()
})

test('waits while the site is older, then « En ligne » with the page once it is built from a later commit', async () => {
  const before = commits()[0] as string
  deployed(before)
  const read = page.waitForResponse((r) => r.url().endsWith('/build.json'))
  const saved = await saveTitle(page, 'Transformateur de puissance triphasé (en ligne)')
  // Read at once after the commit, never from a cache (npm run serve applies `_headers`).
  expect((await read).headers()['cache-control']).toBe('no-store')
  await expect(box(page)).toContainText(/En attente de la mise en ligne \(\d+ s\)/)
  // The site is built from the commit before the save: GitHub says it is behind; still waiting.
  await expect(box(page)).toHaveAttribute('data-live-checked', before)
  await expect(box(page)).toContainText('En attente de la mise en ligne')
  await expect(box(page).getByRole('link')).toHaveCount(0)
  await expect(announced(page)).toHaveText('En attente de la mise en ligne')

  // Someone else's commit lands after the save, and the site is built from it: the save is in it.
  const later = pushAsOther({ 'LATER.md': 'A commit after the save.\n' }, 'A later commit')
  expect(commits().slice(0, 2)).toEqual([later, saved])
  deployed(later)
  await page.clock.fastForward(5000)
  await expect(box(page)).toHaveAttribute('data-live-checked', later)
  await expect(box(page)).toContainText('En ligne')
  await expect(box(page)).not.toContainText('En attente')
  const link = box(page).getByRole('link', { name: 'Voir la page en ligne' })
  await expect(link).toHaveAttribute('href', PAGE_URL)
  await expect(announced(page)).toHaveText('En ligne')
  // Done: no more reads of /build.json.
  let reads = 0
  page.on('request', (r) => {
    if (r.url().endsWith('/build.json')) reads++
  })
  await page.clock.fastForward(60_000)
  await expect(box(page)).toContainText('En ligne')
  expect(reads).toBe(0)
  // Keyboard: the link, then « Masquer », which closes the box.
  await link.focus()
  await page.keyboard.press('Tab')
  await expect(box(page).getByRole('button', { name: 'Masquer' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(box(page)).toHaveCount(0)
})

test('after ten minutes without it, says the deploy may have failed and where to look; then live when built from the save', async () => {
  deployed(commits()[0] as string)
  const saved = await saveTitle(page, 'Transformateur de puissance triphasé (lent)')
  await expect(box(page)).toContainText('En attente de la mise en ligne')
  await expect(box(page)).toHaveAttribute('data-live-checked', commits()[1] as string)
  await page.clock.fastForward('09:50')
  await expect(box(page)).toContainText(/En attente de la mise en ligne \(9 min 5\d s\)/)
  await page.clock.fastForward(10_000)
  await expect(box(page)).toContainText(
    'Toujours pas en ligne : la mise en ligne a peut-être échoué',
  )
  await expect(box(page)).toContainText('tableau de bord Cloudflare')
  await expect(announced(page)).toHaveText(
    'Toujours pas en ligne : la mise en ligne a peut-être échoué',
  )
  // The deploy comes at last, of the save's very commit.
  deployed(saved)
  await page.clock.fastForward(5000)
  await expect(box(page)).toHaveAttribute('data-live-checked', saved)
  await expect(box(page)).toContainText('En ligne')
  await expect(box(page).getByRole('link', { name: 'Voir la page en ligne' })).toHaveAttribute(
    'href',
    PAGE_URL,
  )
})
