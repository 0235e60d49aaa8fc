// Page weight of the built site as a visitor's browser sees it before any interaction: the
// HTML and every script requested until the load event and network idle, gzip-compressed.
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from '../testing/chromium.ts'

export type PageWeight = {
  path: string
  /** gzip size (bytes) of the HTML document. */
  htmlGz: number
  /** gzip size (bytes) of all JavaScript requested, summed file by file. */
  jsGz: number
  jsFiles: number
  /** Every request the page made (document included). */
  requests: number
  islands: number
  status: number
}

export const gzSize = (body: Buffer | string): number => gzipSync(body, { level: 9 }).length

/** Loads each path in a fresh context (no cache) and measures it; `concurrency` pages at once. */
export async function measurePages(
  base: string,
  paths: string[],
  concurrency = 2,
): Promise<PageWeight[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  const results: PageWeight[] = []
  const queue = [...paths]
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let path = queue.shift(); path !== undefined; path = queue.shift())
          results.push(await measure(browser, base, path))
      }),
    )
  } finally {
    await browser.close()
  }
  return paths.map((p) => results.find((r) => r.path === p) as PageWeight)
}

async function measure(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  base: string,
  path: string,
): Promise<PageWeight> {
  const context = await browser.newContext()
  const page = await context.newPage()
  // Third-party hosts cannot be reached here: answer them empty so the page settles.
  await page.route(
    (url) => url.origin !== new URL(base).origin && url.protocol.startsWith('http'),
    (route) => route.fulfill({ status: 204, body: '' }),
  )
  const pending: Promise<number>[] = []
  let requests = 0
  let jsFiles = 0
  page.on('request', () => {
    requests++
  })
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script' || !res.url().startsWith(base)) return
    jsFiles++
    pending.push(res.body().then(gzSize, () => 0))
  })
  const response = await page.goto(base + path, { waitUntil: 'load' })
  await page.waitForLoadState('networkidle')
  const html = (await response?.body()) ?? Buffer.from('')
  const islands = await page.locator('[data-island]').count()
  const jsGz = (await Promise.all(pending)).reduce((a, b) => a + b, 0)
  await context.close()
  return {
    path,
    htmlGz: gzSize(html),
    jsGz,
    jsFiles,
    requests,
    islands,
    status: response?.status() ?? 0,
  }
}
