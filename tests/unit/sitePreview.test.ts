import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { type Browser, chromium, type Locator, type Page } from '@playwright/test'
import react from '@vitejs/plugin-react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { median } from '../../scripts/bench/median.ts'
import { adminCsp } from '../../scripts/lib/cms/adminHeaders.ts'
import { withoutSiteCss } from '../../scripts/lib/cms/adminPlugins.mjs'
import { diskSource } from '../../scripts/lib/content/diskSource.ts'
import { checkData, projectDirs } from '../../scripts/lib/content/load.ts'
import { CHROMIUM_ARGS, headlessShellPath } from '../../scripts/testing/chromium.ts'
import { memorySource } from '../../templates/core/content/source.ts'
import { readEntryFrom } from '../../templates/core/editor/entryPlan.ts'
import { removeTree, treeFrom } from './fixtureTree.ts'

// The editor's preview pane in Chromium: the entry as edited, rendered
// in the browser by the site's templates from the would-be content, shown with the site's own
// built CSS and scripts (read from a page of `npm run build`'s dist/client, as the published
// editor reads them from its site), under the published editor's Content-Security-Policy, with
// the editor's own check (createChecker on config.json's data). The timing of each key is
// printed with where it went.

const root = resolve(import.meta.dirname, '../..')
/** The built site: this repository's dist/client, else a copy built here (a fresh clone). */
let site = join(root, 'dist', 'client')
let copy: string | undefined

/** Builds a copy of the site when this repository has no build (CI runs the unit tests first). */
function ensureBuilt(): void {
  if (existsSync(join(site, 'index.html'))) return
  copy = treeFrom('real')
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CMS_')))
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--root', copy], {
    cwd: root,
    encoding: 'utf8',
    env,
  })
  if (run.status !== 0) throw new Error(`the site's build failed:\n${run.stderr}`)
  site = join(copy, 'dist', 'client')
}

const PAGE = 'transformer-dist-24'
const FIELD = 'heading'

describe('the preview pane in Chromium', () => {
  let server: Server
  let browser: Browser
  let page: Page
  let out: string
  let origin: string

  beforeAll(async () => {
    ensureBuilt()
    out = mkdtempSync(join(tmpdir(), 'preview-harness-'))
    const { build } = await import('vite')
    // vitest runs with NODE_ENV=test, which vite would bake in (React's development build, five
    // times slower to render): the editor's build runs with production's.
    const nodeEnv = process.env.NODE_ENV
    process.env.NODE_ENV = 'production'
    await build({
      configFile: false,
      // The check's `new URL(…, import.meta.url)` of the disk are named at build time: noise here.
      logLevel: 'error',
      root,
      publicDir: false,
      base: '/harness/',
      mode: 'production',
      plugins: [react(), withoutSiteCss()],
      build: {
        outDir: out,
        emptyOutDir: true,
        manifest: 'manifest.json',
        reportCompressedSize: false,
        chunkSizeWarningLimit: 10_000,
        rollupOptions: { input: { harness: join(root, 'tests/unit/previewHarness/main.ts') } },
      },
    }).finally(() => {
      process.env.NODE_ENV = nodeEnv
    })
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string; isEntry?: boolean }
    >
    const entry = Object.values(manifest).find((m) => m.isEntry)?.file as string

    const dirs = projectDirs(root)
    const disk = diskSource(dirs)
    const base = memorySource(disk.content, disk.public.toJSON())
    const data = checkData(dirs.schemas)
    /** The harness's data for the entry of page `id` in `lang`, its field `field` in the input. */
    const setupOf = (id: string, field: string, lang: 'fr' | 'en') => {
      // A page as the editor opens it: an entry of its menu group's folder collection.
      const path = `content/pages/a-group/${id}.yaml`
      const value = parse(readEntryFrom(base, path).data as string) as Record<
        'fr' | 'en',
        Record<string, unknown>
      >
      return JSON.stringify({
        content: [...base.content],
        publicNames: disk.public.toJSON(),
        check: data,
        entry: { path, lang, data: value[lang] },
        field,
      })
    }
    const csp = adminCsp({ name: 'github', repo: 'example/site', branch: 'main' })
    const harnessPage = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Aperçu</title>
<script type="module" src="/harness/${entry}"></script></head>
<body><label>Titre du bandeau <input id="field" size="60"></label><div id="pane"></div></body></html>`

    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x')
      const send = (status: number, type: string, body: string | Buffer, headers = {}) =>
        res.writeHead(status, { 'Content-Type': type, ...headers }).end(body)
      if (url.pathname === '/harness/')
        return send(200, 'text/html; charset=utf-8', harnessPage, {
          'Content-Security-Policy': csp,
        })
      if (url.pathname === '/harness/setup.json') {
        const id = url.searchParams.get('page') ?? PAGE
        const field = url.searchParams.get('field') ?? FIELD
        const lang = url.searchParams.get('lang') === 'en' ? 'en' : 'fr'
        return send(200, 'application/json', setupOf(id, field, lang))
      }
      const file = url.pathname.startsWith('/harness/')
        ? join(out, url.pathname.slice('/harness/'.length))
        : siteFile(url.pathname)
      if (!file) return send(404, 'text/plain', 'Not found')
      send(200, TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file))
    })
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    browser = await chromium.launch({ executablePath: headlessShellPath(), args: CHROMIUM_ARGS })
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    page.on('pageerror', (e) => console.log('page error:', e.message))
    page.on('console', (m) => {
      if (m.type() === 'error' || process.env.PREVIEW_DEBUG)
        console.log(`page ${m.type()}: ${m.text()}`)
    })
  }, 300_000)

  afterAll(async () => {
    if (copy) removeTree(copy)
    await browser?.close()
    server?.close()
    if (out) rmSync(out, { recursive: true, force: true })
  })

  it("shows the catalogue page with its own breadcrumb, ratings table and the site's CSS, and follows each key", async () => {
    const violations: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error') violations.push(m.text())
    })
    await page.goto(`${origin}/harness/`)
    const shown = page.frameLocator('iframe[data-preview-lang]')
    await expect
      .poll(() => page.locator('iframe[data-preview-lang]').count(), { timeout: 30_000 })
      .toBe(1)
    expect(await shown.locator('html').getAttribute('lang')).toBe('fr')
    const crumbs = shown.locator('nav.breadcrumb a')
    expect(await crumbs.count()).toBeGreaterThan(0)
    expect(await shown.locator('nav.breadcrumb').textContent()).toMatch(
      /^Accueil.*Transformateur de distribution triphasé, classe 24 kV$/,
    )
    const rows = await shown.locator('table.ratings-table tbody tr').count()
    expect(rows).toBeGreaterThan(5)
    // The site's stylesheet applies: the table is laid out by it, not the browser's defaults.
    const sheets = await shown
      .locator('link[rel="stylesheet"]')
      .evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).sheet?.cssRules.length ?? 0))
    expect(sheets.length).toBeGreaterThan(0)
    expect(sheets.every((n) => n > 0)).toBe(true)
    // The build's markup: <main> as the built page has it (images' sizes and variants included).
    const visitor = await browser.newPage()
    await visitor.goto(
      `${origin}${await shown.locator('link[rel="canonical"]').evaluate((l) => new URL((l as HTMLLinkElement).href).pathname)}`,
    )
    const builtMain = await visitor.locator('main').evaluate((m) => m.outerHTML)
    await visitor.close()
    expect(await shown.locator('main').evaluate((m) => m.outerHTML)).toBe(builtMain)
    expect(builtMain).toContain('width=')
    // The site's own client script ran in the frame (it enhances the menu, arms the islands).
    await expect.poll(() => shown.locator('nav.main-nav.is-enhanced').count()).toBe(1)

    const input = page.locator('#field')
    await input.click()
    await input.press('End')
    const base = await input.inputValue()
    const latencies: number[] = []
    const parts: string[] = []
    let typed = ''
    for (const key of ' à jour!!!'.split('')) {
      typed += key
      const before = await page.evaluate(() => window.preview.measures.length)
      await page.keyboard.type(key)
      await expect
        .poll(() => page.evaluate(() => window.preview.measures.length), { timeout: 10_000 })
        .toBeGreaterThan(before)
      await textIs(shown.locator('h1').first(), `${base}${typed}`)
      const m = await page.evaluate(() => window.preview.measures.at(-1))
      if (!m) throw new Error('no measure')
      latencies.push(m.shown.at - m.key)
      const { plan, check, render, load } = m.shown.ms
      parts.push(
        `${(m.shown.at - m.key).toFixed(0)} ms: plan ${plan.toFixed(0)}, check ${check.toFixed(0)}, render ${render.toFixed(0)}, ${m.shown.how} ${load.toFixed(0)}`,
      )
    }
    const sorted = [...latencies].sort((a, b) => a - b)
    console.log(
      `keystroke to preview (${PAGE}, fr, ${rows} ratings rows): median ${median(latencies).toFixed(0)} ms of 10 (min ${sorted[0]?.toFixed(0)}, max ${sorted.at(-1)?.toFixed(0)})\n  ${parts.join('\n  ')}`,
    )
    // Printed, not asserted: the budget (300 ms) is `npm run bench -- --editor`'s, on a quiet machine.
    expect(violations.filter((v) => /Content Security Policy|Refused/.test(v))).toEqual([])
  }, 120_000)

  it('lists the problems of the would-be tree under a French heading, then the page again', async () => {
    const input = page.locator('#field')
    const shown = page.frameLocator('iframe[data-preview-lang]')
    await input.fill('')
    await textIs(shown.locator('h1'), 'Cette version ne peut pas encore être affichée')
    expect(await shown.locator('li').first().textContent()).toContain(`content/fr/${PAGE}.yaml`)
    await input.fill('Transformateurs 24 kV')
    await textIs(shown.locator('h1').first(), 'Transformateurs 24 kV')
  }, 60_000)

  it("runs the site's islands in the frame, again after a change that loads the page whole", async () => {
    // The hero's block holds the typed word: a change there loads the page whole.
    await page.goto(`${origin}/harness/?page=home&field=blocks.0.heading`)
    const shown = page.frameLocator('iframe[data-preview-lang]')
    // The hero's typed word and the award pop-up (hydrated when idle; the carousels, when seen).
    const hydrated = shown.locator('[data-island][data-hydrated="true"]')
    await expect.poll(() => hydrated.count(), { timeout: 20_000 }).toBeGreaterThan(0)
    const whole = await typeOne(page)
    expect(whole.shown.how).toBe('load')
    expect(await shown.locator('h1').first().textContent()).toContain('Innovation!')
    await expect.poll(() => hydrated.count(), { timeout: 20_000 }).toBeGreaterThan(0)
    // The title is in the head only: replaced in place, as a block without an island is.
    await page.goto(`${origin}/harness/?page=home&field=title`)
    await expect.poll(() => hydrated.count(), { timeout: 20_000 }).toBeGreaterThan(0)
    const title = await typeOne(page)
    expect(title.shown.how).toBe('patch')
    expect(await shown.locator('title').textContent()).toMatch(/^Accueil! \|/)
    expect(await shown.locator('meta[property="og:title"]').getAttribute('content')).toMatch(
      /^Accueil!/,
    )
    console.log(
      `home, keystroke to preview: in the hero (an island's block, loaded whole) ${latency(whole)} ms (load ${whole.shown.ms.load.toFixed(0)}); in the title (head, in place) ${latency(title)} ms`,
    )
  }, 90_000)

  it('shows the English page when the English side is edited, and follows it', async () => {
    await page.goto(`${origin}/harness/?page=${PAGE}&lang=en`)
    const shown = page.frameLocator('iframe[data-preview-lang="en"]')
    await expect
      .poll(() => shown.locator('html').getAttribute('lang'), { timeout: 20_000 })
      .toBe('en')
    expect(await shown.locator('nav.breadcrumb').textContent()).toMatch(/^Home/)
    expect(await shown.locator('table.ratings-table tbody tr').count()).toBeGreaterThan(5)
    const typed = await typeOne(page)
    expect(typed.shown.kind).toBe('page')
    expect(await shown.locator('h1').first().textContent()).toMatch(/!$/)
  }, 60_000)

  it("takes the site's stylesheets and scripts from a page of `npm run dev` too", async () => {
    // The end of `/` as vike's dev server serves it (vike 0.4, vite 8).
    const dev = `<!DOCTYPE html><html lang="fr"><head><link rel="stylesheet" type="text/css" href="/templates/styles/index.css?direct"><meta charSet="utf-8"/><script>document.documentElement.classList.add('js')</script><script type="application/ld+json">{}</script></head><body><main id="main"></main>
<script type="module" async>
import { injectIntoGlobalHook } from "/@react-refresh";
injectIntoGlobalHook(window);
window.$RefreshReg$ = () => {};
window.$RefreshSig$ = () => (type) => type;
import("/@vite/client");
import("/@fs/work/site/pages/+client.ts");
</script></body></html>`
    const assets = await page.evaluate((html) => window.previewAssetsOf(html), dev)
    expect(assets.head).toBe(
      '<link rel="stylesheet" type="text/css" href="/templates/styles/index.css?direct">',
    )
    expect(assets.body).toContain('import("/@fs/work/site/pages/+client.ts")')
    expect(assets.body).toContain('injectIntoGlobalHook(window)')
    expect(assets.body).not.toContain('@vite/client')
    expect(assets.body).not.toContain('ld+json')
  })

  /** A file of the built site as a static host serves it: `/x` is x.html, `/` index.html. */
  function siteFile(pathname: string): string | undefined {
    const rel = decodeURIComponent(pathname)
    for (const candidate of [rel, `${rel}.html`, join(rel, 'index.html')]) {
      const file = normalize(join(site, candidate))
      if (!file.startsWith(site + sep) && file !== site) continue
      if (existsSync(file) && statSync(file).isFile()) return file
    }
    return undefined
  }
})

type Measure = Window['preview']['measures'][number]

/** Types `!` at the end of the harness's field; resolves with that key's preview. */
async function typeOne(page: Page): Promise<Measure> {
  const input = page.locator('#field')
  await input.click()
  await input.press('End')
  const before = await page.evaluate(() => window.preview.measures.length)
  await page.keyboard.type('!')
  await expect
    .poll(() => page.evaluate(() => window.preview.measures.length), { timeout: 10_000 })
    .toBeGreaterThan(before)
  return (await page.evaluate(() => window.preview.measures.at(-1))) as Measure
}

const latency = (m: Measure) => (m.shown.at - m.key).toFixed(0)

/** Waits until the element's text is `text` (the shown frame changes under the locator). */
async function textIs(locator: Locator, text: string) {
  await expect.poll(() => locator.textContent({ timeout: 10_000 }), { timeout: 10_000 }).toBe(text)
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
}
