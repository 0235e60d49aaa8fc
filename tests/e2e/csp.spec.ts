// The site under the headers of `_headers`, applied for real by Cloudflare's local runtime
// (`wrangler pages dev dist/client`, tests/e2e/host.ts): zero Content-Security-Policy violations
// while the interactive parts (search, carousel, tabs, modal, the form with the captcha stand-in)
// work, and on the not-found pages. Every page path is checked by shell.spec.ts's every-route test.
import { expect, type Page } from '@playwright/test'
import type { Wrangler } from '../host/wrangler.ts'
import { stubThirdParty, waitForEnhancement } from './helpers.ts'
import { test, violations, watchViolations } from './host.ts'

/** Watches the page's CSP violations, keeps it off the network and answers the form's POST. */
async function watch(page: Page) {
  await watchViolations(page)
  await stubThirdParty(page)
  // wrangler serves no inbox: the form's POST is answered here (after the CSP check).
  await page.route('**/api/inbox/**', (route) =>
    route.fulfill({ json: { data: { name: 'Jane Doe' } } }),
  )
}

// Every page path (aliases included) is loaded under its policy once, by shell.spec.ts's
// every-route test, which checks it has no violation; here, the interactive parts.

/** Opens `path` on wrangler, with its policy, and waits until the page is enhanced. */
async function open(page: Page, host: Wrangler, path: string) {
  const res = await page.goto(host.base + path)
  expect(res?.headers()['content-security-policy'], path).toBeTruthy()
  await waitForEnhancement(page)
  return res
}

test('the site search (Pagefind: WebAssembly, a worker) finds pages under the policy', async ({
  page,
  host,
}) => {
  await watch(page)
  await open(page, host, '/en/search?q=capacitor')
  await expect(page.locator('.search-results li').first()).toBeVisible({ timeout: 15_000 })
  expect(await violations(page)).toEqual([])
})

test('carousel, tabs and modal work under the policy', async ({ page, host }) => {
  await watch(page)
  await open(page, host, '/en')
  const clients = page.getByRole('region', { name: 'They trust us' })
  const active = clients.locator('.swiper-slide-active img')
  await clients.getByRole('button', { name: 'Next image' }).focus()
  const before = await active.getAttribute('alt')
  await page.keyboard.press('Enter')
  await expect(active).not.toHaveAttribute('alt', before ?? '')

  await open(page, host, '/certificats')
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
  host,
}) => {
  await watch(page)
  // An unknown URL gets the strict fallback of /*, the contact page its own policy with
  // reCAPTCHA's origins: one policy each (the page's rule detaches the fallback).
  const unknown = await open(page, host, '/en/no-such-page')
  expect(unknown?.status()).toBe(404)
  expect(unknown?.headers()['content-security-policy']).not.toMatch(/recaptcha|google/)
  expect(await violations(page)).toEqual([])
  // The French not-found page, under the same fallback.
  expect((await open(page, host, '/no-such-page'))?.status()).toBe(404)
  expect(await violations(page)).toEqual([])
  const res = await open(page, host, '/en/contact')
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
