// Shared helpers for the browser tests: the route table read from content/routes.yaml (so the
// tests follow the content as it grows) and small page utilities.
import { existsSync, readFileSync } from 'node:fs'
import { expect, type Page } from '@playwright/test'
import { parse } from 'yaml'
import type { RouteTable, SiteSettings } from '../../templates/content.ts'
import type { Lang } from '../../templates/lib/languages.ts'

const root = new URL('../../', import.meta.url)
const readYaml = <T>(file: string): T => parse(readFileSync(new URL(file, root), 'utf8')) as T

export const routeTable: RouteTable = readYaml<RouteTable>('content/routes.yaml')
export const site: SiteSettings = readYaml<SiteSettings>('content/site.yaml')
export const LANGS = ['fr', 'en'] as const satisfies readonly Lang[]
export const otherLang = (lang: Lang): Lang => (lang === 'fr' ? 'en' : 'fr')

/** One path a visitor can open: a canonical path or an alias of a page, in one language. */
export type RoutePath = {
  /** The path as served (canonical or alias). */
  path: string
  /** The page id of content/routes.yaml (`home`, `contact`...). */
  id: string
  template: string
  lang: Lang
  /** The canonical path of this page in this language (equal to `path` unless an alias). */
  canonical: string
  isAlias: boolean
  /** The same page in the other language (what the language switch links to). */
  otherPath: string
  /** The French and English canonical paths of the page (hreflang alternates). */
  alternates: Record<Lang, string>
}

const pages = routeTable.routes.filter((r) => r.template !== 'notFound')

/** Every path of every page (canonical paths and aliases, both languages), not-found excluded. */
export const routePaths: RoutePath[] = pages.flatMap((r) =>
  LANGS.flatMap((lang) =>
    [r[lang].path, ...(r[lang].aliases ?? [])].map((path) => ({
      path,
      id: r.id,
      template: r.template,
      lang,
      canonical: r[lang].path,
      isAlias: path !== r[lang].path,
      otherPath: r[otherLang(lang)].path,
      alternates: { fr: r.fr.path, en: r.en.path },
    })),
  ),
)

/** Only the canonical paths (what the sitemap lists). */
export const canonicalPaths: RoutePath[] = routePaths.filter((p) => !p.isAlias)

/** Canonical path of a page id in a language. */
export function pathOf(id: string, lang: Lang): string {
  const r = routeTable.routes.find((x) => x.id === id)
  if (!r) throw new Error(`Unknown page id "${id}" in content/routes.yaml`)
  return r[lang].path
}

/** Redirects of routes.yaml with their resolved target path. */
export const redirects = routeTable.redirects.map((r) => ({
  from: r.from,
  to: pathOf(r.to, r.lang),
}))

/** The page-reveal delay the spec asks for on a route (600 ms on the English home page). */
export function expectedRevealDelayMs(p: Pick<RoutePath, 'id' | 'lang'>): number {
  return p.id === 'home' && p.lang === 'en'
    ? site.timing.revealDelayEnHomeMs
    : site.timing.revealDelayMs
}

/** Collects console errors and uncaught exceptions of a page; read the array after the checks. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`)
  })
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
  return errors
}

/**
 * Waits until the client script has enhanced the page (menu ready), then hydrates every island
 * at once and waits for them all. Islands hydrate lazily (visible, idle or on interaction:
 * templates/lib/hydration.ts); a pointerover on each is an interaction that hydrates it now,
 * so the tests need not scroll or wait for idle time. Nothing here waits on timers or
 * requestAnimationFrame: both stop under a paused page.clock. Playwright's locators poll from
 * the test side, which the page's fake clock does not touch.
 */
export async function waitForEnhancement(page: Page): Promise<void> {
  await page.locator('.main-nav.is-enhanced').waitFor({ state: 'attached' })
  await page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>('[data-island]'))
      el.dispatchEvent(new PointerEvent('pointerover'))
  })
  await expect(page.locator('[data-island]:not([data-hydrated="true"])')).toHaveCount(0, {
    timeout: 15_000,
  })
}

/**
 * Waits until what loading and scrolling start has happened: the idle islands and the visible
 * ones in view (with the observer's 200 px margin) hydrated, a form past its reveal delay, the
 * eager images loaded, no finite CSS animation running; then two frames, so that any shift they
 * caused is recorded. Conditions, not a fixed time: a slow machine waits longer, a fast one less.
 */
export async function waitForSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const inView = (el: Element) => {
        const r = el.getBoundingClientRect()
        return r.bottom >= -200 && r.top <= innerHeight + 200
      }
      // Those that hydrate on their own: when idle, or in view ('visible', the default); not
      // those that wait for the visitor ('interaction').
      const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')].filter(
        (el) =>
          el.dataset.hydrate === 'idle' ||
          ((el.dataset.hydrate ?? 'visible') === 'visible' && inView(el)),
      )
      // A hydrated form waits for its reveal delay ('waiting') before it shows its fields.
      const forms = [...document.querySelectorAll('[data-hydrated="true"] [data-phase]')]
      // The page's images loaded (a lazy one loads when the browser sees fit: not waited for);
      // its finite CSS animations (the reveal) over, not the carousels' transitions.
      return (
        islands.every((el) => el.dataset.hydrated === 'true') &&
        forms.every((el) => !['static', 'waiting'].includes(el.getAttribute('data-phase') ?? '')) &&
        [...document.images].filter((img) => img.loading !== 'lazy').every((img) => img.complete) &&
        document
          .getAnimations()
          .every(
            (a) =>
              !(a instanceof CSSAnimation) ||
              a.playState !== 'running' ||
              a.effect?.getTiming().iterations === Infinity,
          )
      )
    },
    undefined,
    { timeout: 15_000 },
  )
  await page.evaluate(
    () =>
      new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  )
}

/** Ends the CSS animations of the page at once (e.g. the reveal overlay), without waiting. */
export async function finishAnimations(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const a of document.getAnimations())
      if (a.effect?.getTiming().iterations !== Infinity) a.finish()
  })
}

const RECAPTCHA_STUB = new URL('fixtures/recaptcha-stub.js', import.meta.url)

/**
 * Keeps a page on the closed test network: Google's reCAPTCHA script is answered by the local
 * stand-in (tests/e2e/fixtures/recaptcha-stub.js), any other third-party request by an empty
 * response, so the page sees no network failure. Returns the third-party URLs requested.
 */
export async function stubThirdParty(page: Page): Promise<string[]> {
  const requested: string[] = []
  const ownHost = (url: URL) => url.hostname === '127.0.0.1' || url.hostname === 'localhost'
  await page.route(
    (url) => !ownHost(url) && url.protocol.startsWith('http'),
    (route) => {
      const url = route.request().url()
      requested.push(url)
      if (/\/recaptcha\/(api|enterprise)\.js/.test(url) && existsSync(RECAPTCHA_STUB))
        return route.fulfill({
          contentType: 'text/javascript',
          body: readFileSync(RECAPTCHA_STUB, 'utf8'),
        })
      return route.fulfill({ status: 204, body: '' })
    },
  )
  return requested
}
