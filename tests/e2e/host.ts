// The site as Cloudflare Pages serves it (`wrangler pages dev dist/client`: `_headers`, with its
// Content-Security-Policy per page, applied by Cloudflare's own runtime), for the tests that check
// what the policy allows: shell.spec.ts's every-route test (each route loaded once, its policy
// checked on that load) and csp.spec.ts. One wrangler per worker, started by the first test that
// asks for it and stopped when the worker ends.
import { test as base, type Page } from '@playwright/test'
import { startWrangler, type Wrangler } from '../host/wrangler.ts'

// Ports of their own (the host test uses WRANGLER_PORT, 4332 by default): one per worker.
const FIRST_PORT = Number(process.env.WRANGLER_CSP_PORT ?? 4333)

export const test = base.extend<Record<never, never>, { host: Wrangler }>({
  host: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use, workerInfo) => {
      const port = FIRST_PORT + workerInfo.parallelIndex
      // Each its own devtools port too: two wranglers on the default one, one fails to start.
      const wrangler = await startWrangler(port, { inspectorPort: port + 1000 })
      await use(wrangler)
      await wrangler.stop()
    },
    { scope: 'worker', timeout: 90_000 },
  ],
})

export type Violation = { directive: string; blocked: string; sample: string }

/** Records every CSP violation of the page (from before its first script) on window. */
export async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: unknown[] }
    w.__csp = []
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample })
    })
  })
}

/** The CSP violations of the page so far, one line each. */
export const violations = async (page: Page): Promise<string[]> =>
  (await page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp)).map(
    (v) => `${v.directive} blocked ${v.blocked || '(inline)'} ${v.sample}`,
  )
