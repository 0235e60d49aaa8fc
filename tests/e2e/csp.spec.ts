// Every route under the headers of `_headers`, applied for real by Cloudflare's local runtime
// (`wrangler pages dev dist/client`): zero Content-Security-Policy violations, and the
// interactive parts (search, carousel, tabs, modal, the form with the captcha stand-in) work.
import { expect, type Page, test } from '@playwright/test'
import { startWrangler, type Wrangler } from '../host/wrangler.ts'
import { routePaths, stubThirdParty, waitForEnhancement, waitForSettled } from './helpers.ts'

// Its own port (the host test uses WRANGLER_PORT, 4332 by default).
const PORT = Number(process.env.WRANGLER_CSP_PORT ?? 4333)
let wrangler: Wrangler

test.describe.configure({ mode: 'serial' })
test.beforeAll(async () => {
  wrangler = await startWrangler(PORT)
})
test.afterAll(async () => {
  await wrangler?.stop()
})

type Violation = { directive: string; blocked: string; sample: string }

/** Records every CSP violation of the page (from before its first script) on window. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: unknown[] }
    w.__csp = []
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample })
    })
  })
  await stubThirdParty(page)
  // wrangler serves no inbox: the form's POST is answered here (after the CSP check).
  await page.route('**/api/inbox/**', (route) =>
    route.fulfill({ json: { data: { name: 'Jane Doe' } } }),
  )
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp)

async function open(page: Page, path: string) {
  const res = await page.goto(wrangler.base + path)
  expect(res?.headers()['content-security-policy'], path).toBeTruthy()
  await Promise.race([
    waitForEnhancement(page),
    new Promise((_, fail) => setTimeout(() => fail(new Error('not enhanced in 20 s')), 20_000)),
  ])
  return res
}

test('every route loads with zero CSP violations', async ({ page }) => {
  test.setTimeout(420_000)
  await watchViolations(page)
  const found: string[] = []
  for (const r of [...routePaths.map((p) => p.path), '/en/no-such-page', '/no-such-page']) {
    // A page that does not come alive is reported with its violations, and the loop goes on.
    await open(page, r).catch((e: Error) => found.push(`${r}: ${e.message.split('\n')[0]}`))
    // Let late work run (reveal animation end, lazy images near the top, autoplay start).
    await page.mouse.wheel(0, 2000)
    await waitForSettled(page).catch((e: Error) =>
      found.push(`${r}: not settled: ${e.message.split('\n')[0]}`),
    )
    for (const v of await violations(page))
      found.push(`${r}: ${v.directive} blocked ${v.blocked || '(inline)'} ${v.sample}`)
  }
  expect(found).toEqual([])
})

test('the site search (Pagefind: WebAssembly, a worker) finds pages under the policy', async ({
  page,
}) => {
  await watchViolations(page)
  await open(page, '/en/search?q=capacitor')
  await expect(page.locator('.search-results li').first()).toBeVisible({ timeout: 15_000 })
  expect(await violations(page)).toEqual([])
})

test('carousel, tabs and modal work under the policy', async ({ page }) => {
  await watchViolations(page)
  await open(page, '/en')
  const clients = page.getByRole('region', { name: 'They trust us' })
  const active = clients.locator('.swiper-slide-active img')
  await clients.getByRole('button', { name: 'Next image' }).focus()
  const before = await active.getAttribute('alt')
  await page.keyboard.press('Enter')
  await expect(active).not.toHaveAttribute('alt', before ?? '')

  await open(page, '/certificats')
  await page.getByRole('tab', { name: 'CESI', exact: true }).click()
  await expect(page.getByRole('tab', { name: 'CESI', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await page.getByRole('tabpanel').getByRole('link').first().click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Fermer' }).click()
  await expect(dialog).toBeHidden()
  expect(await violations(page)).toEqual([])
})

test('the contact form loads the captcha (stand-in) and sends under the policy', async ({
  page,
}) => {
  await watchViolations(page)
  // An unknown URL gets the strict fallback of /*, the contact page its own policy with
  // reCAPTCHA's origins: one policy each (the page's rule detaches the fallback).
  const unknown = await open(page, '/en/no-such-page')
  expect(unknown?.status()).toBe(404)
  expect(unknown?.headers()['content-security-policy']).not.toMatch(/recaptcha|google/)
  const res = await open(page, '/en/contact')
  const policy = res?.headers()['content-security-policy'] ?? ''
  expect(policy).toContain('https://www.google.com/recaptcha/')
  expect(policy.split(',')).toHaveLength(1)
  const form = page.locator('form')
  await form.getByLabel(/Last name/).fill('Doe') // the captcha loads once the visitor starts
  await expect(form.getByRole('checkbox', { name: "I'm not a robot" })).toBeVisible()
  await form.getByLabel(/First name/).fill('Jane')
  await form.getByLabel(/mail/i).fill('jane.doe@example.com')
  await form.getByLabel(/Phone/).fill('+216 70 000 098')
  await form.getByLabel(/Message/).fill('Hello, a quotation please.')
  await form.getByRole('checkbox', { name: "I'm not a robot" }).check()
  await form.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.locator('.form-success')).toContainText('Jane Doe')
  expect(await violations(page)).toEqual([])
})
