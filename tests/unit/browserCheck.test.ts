// The content check in Chromium: templates/admin/check/checker.ts, bundled by
// vite for the browser as the editor's build bundles it, served under the editor's own
// Content-Security-Policy (ajv compiles with 'unsafe-eval'), given the rules' data as config.json
// carries it (checkData) and the good tree as files in memory. Its problems are Node's, object
// for object and in the same order: file, line, col, key and message. Prints the times the
// budget is about (the check of one entry in the browser: 150 ms).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, chromium, type Page } from '@playwright/test'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { median } from '../../scripts/bench/median.ts'
import { adminCsp } from '../../scripts/lib/cms/adminHeaders.ts'
import type { GitBackend } from '../../scripts/lib/cms/cmsSettings.ts'
import {
  checkContent,
  checkData,
  checkRules,
  collectContent,
  projectDirs,
} from '../../scripts/lib/content/load.ts'
import { listFiles } from '../../scripts/lib/files.ts'
import { CHROMIUM_ARGS, headlessShellPath } from '../../scripts/testing/chromium.ts'
import { type ContentProblem, sortProblems } from '../../templates/core/content/problems.ts'
import { memorySource, overlaySource } from '../../templates/core/content/source.ts'
import { fixtureDir, type Patch, removeTree, repo, treeFrom } from './fixtureTree.ts'

const good = fixtureDir('good')
const ORIGIN = 'http://editor.test'

/** A tree as the editor holds it: path -> text, and the names under public/. */
const treeOf = (root: string) => ({
  content: listFiles(join(root, 'content'))
    .filter((rel) => rel.endsWith('.yaml'))
    .map(
      (rel) =>
        [`content/${rel}`, readFileSync(join(root, 'content', rel), 'utf8')] as [string, string],
    ),
  publicNames: listFiles(join(root, 'public')).map((p) => `/${p}`),
})
const tree = treeOf(good)
const textOf = (path: string, of = tree) => of.content.find(([p]) => p === path)?.[1] ?? ''

type Timed = { problems: ContentProblem[]; ms: number }

let browser: Browser
let page: Page
let outDir: string
type Mode = 'code' | 'compiled'

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'browser-check-'))
  await build({
    configFile: false,
    logLevel: 'warn',
    root: repo,
    publicDir: false,
    mode: 'production',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir,
      // Minified, as the editor's build does (a minifier renames functions: the standalone code
      // must not depend on their names).
      emptyOutDir: false,
      reportCompressedSize: false,
      lib: {
        entry: join(repo, 'tests/unit/browserCheckHarness.ts'),
        formats: ['iife'],
        name: 'browserCheckHarness',
        fileName: () => 'check.js',
      },
    },
  })
  const script = readFileSync(join(outDir, 'check.js'))
  const csp = adminCsp({ name: 'github', branch: 'main', repo: 'o/r' } as GitBackend)
  browser = await chromium.launch({ executablePath: headlessShellPath(), args: CHROMIUM_ARGS })
  page = await browser.newPage()
  await page.route(`${ORIGIN}/**`, (route) => {
    const { pathname } = new URL(route.request().url())
    return pathname === '/admin/check.js'
      ? route.fulfill({ body: script, contentType: 'text/javascript' })
      : route.fulfill({
          contentType: 'text/html',
          headers: { 'Content-Security-Policy': csp },
          // UTF-8 as the editor's page (adminPage.ts): the French messages are not ASCII.
          body: '<!doctype html><meta charset="utf-8"><title>check</title><script src="/admin/check.js"></script>',
        })
  })
  await page.goto(`${ORIGIN}/admin/`)
  // As config.json carries it: through JSON.
  const data = JSON.parse(JSON.stringify(checkData(projectDirs(good).schemas)))
  await page.evaluate((d) => {
    ;(globalThis as unknown as { siteCheck: { start(d: unknown): void } }).siteCheck.start(d)
  }, data)
  await load(tree)
}, 120_000)

afterAll(async () => {
  await browser?.close()
  if (outDir) rmSync(outDir, { recursive: true, force: true })
})

type Tree = typeof tree
const load = (t: Tree) =>
  page.evaluate((given) => {
    ;(globalThis as unknown as { siteCheck: { load(t: unknown): void } }).siteCheck.load(given)
  }, t)

const inBrowser = (
  files: [string, string | null][] = [],
  publicNames?: string[],
  mode: Mode = 'code',
): Promise<Timed> =>
  page.evaluate(
    ([f, p, m]) => {
      const w = globalThis as unknown as {
        siteCheck: { check(f: unknown, p: string[] | undefined, m: Mode): Timed }
      }
      return w.siteCheck.check(f, p, m)
    },
    [files, publicNames, mode] as const,
  )

const validatorTimes = () =>
  page.evaluate(() =>
    (
      globalThis as unknown as {
        siteCheck: { validatorTimes(): { code: number; compiled: number } }
      }
    ).siteCheck.validatorTimes(),
  )

/** Node's check of the same files: checkContent with the disk's rules. */
function inNode(files: [string, string | null][] = [], publicNames?: string[], of = tree) {
  const base = memorySource(of.content, publicNames ?? of.publicNames)
  const source = overlaySource(base, new Map(files))
  return checkContent(source, checkRules(projectDirs(good).schemas)).problems
}

/** `npm run validate`'s check of the good tree changed by `patch` on the disk. */
function onDisk(patch: Patch): ContentProblem[] {
  const dir = treeFrom('good', patch)
  try {
    return collectContent(projectDirs(dir)).problems
  } finally {
    removeTree(dir)
  }
}

const replaced = (path: string, from: string, to: string, of = tree): [string, string] => {
  const text = textOf(path, of)
  if (!text.includes(from)) throw new Error(`no ${from} in ${path}`)
  return [path, text.replace(from, to)]
}

describe('the content check in Chromium', () => {
  const ms = (n: number) => `${Math.round(n)} ms`
  /** The check after an edit of one entry (its French title), five times: the median. */
  async function oneEntryChanged(of: Tree, path: string): Promise<string> {
    const times: number[] = []
    for (let i = 0; i < 5; i++) {
      const result = await inBrowser([replaced(path, 'title: ', `title: Édition ${i} `, of)])
      expect(result.problems).toEqual(
        inNode([replaced(path, 'title: ', `title: Édition ${i} `, of)], undefined, of),
      )
      times.push(result.ms)
    }
    return `${ms(median(times))} (${times.map(ms).join(', ')})`
  }

  it('finds nothing wrong in the good tree; times the first check, the validators and a warm one', async () => {
    const first = await inBrowser()
    expect(first.problems).toEqual([])
    const again = await inBrowser()
    const made = await validatorTimes()
    const edited = await oneEntryChanged(tree, 'content/fr/home.yaml')
    console.log(
      `Chromium, good tree (${tree.content.length} files): first check ${ms(first.ms)} (validators from the standalone code, every file parsed); ` +
        `again ${ms(again.ms)}; every validator made from the standalone code ${ms(made.code)}, compiled by ajv ${ms(made.compiled)}; ` +
        `one entry changed, median of 5: ${edited}`,
    )
  })

  it("this repository's content: the same problems as in Node; times one entry changed (budget 150 ms)", async () => {
    const real = treeOf(repo)
    await load(real)
    try {
      const first = await inBrowser()
      expect(first.problems).toEqual(inNode([], undefined, real))
      const edited = await oneEntryChanged(real, 'content/fr/home.yaml')
      console.log(
        `Chromium, this repository's content (${real.content.length} files, ${real.publicNames.length} names under public/): ` +
          `first check ${ms(first.ms)}; one entry changed, median of 5: ${edited}`,
      )
    } finally {
      await load(tree)
    }
  })

  it.each<[string, [string, string][], string[] | undefined, Patch]>([
    [
      'an emptied English title',
      [replaced('content/en/capacitor-banks.yaml', 'title: Capacitor banks', 'title: ""')],
      undefined,
      {
        replace: [['content/en/capacitor-banks.yaml', 'title: Capacitor banks', 'title: ""']],
      },
    ],
    [
      'a link to a missing page',
      [
        replaced(
          'content/en/power-systems.yaml',
          'href: "page:capacitor-banks"',
          'href: "page:no-such-page"',
        ),
      ],
      undefined,
      {
        replace: [
          [
            'content/en/power-systems.yaml',
            'href: "page:capacitor-banks"',
            'href: "page:no-such-page"',
          ],
        ],
      },
    ],
    [
      // A keyword worded by ajv (minimum): its French from ajv-i18n, bundled for the browser.
      'a year before the minimum',
      [replaced('content/site.yaml', 'copyrightYear: 2025', 'copyrightYear: 1900')],
      undefined,
      { replace: [['content/site.yaml', 'copyrightYear: 2025', 'copyrightYear: 1900']] },
    ],
    [
      'a PDF missing from public/',
      [],
      tree.publicNames.filter((p) => p !== '/docs/catalogue-batteries.pdf'),
      { remove: ['public/docs/catalogue-batteries.pdf'] },
    ],
  ])('%s: the same problems as in Node, in the same order', async (_, files, names, patch) => {
    const browserProblems = (await inBrowser(files, names)).problems
    const nodeProblems = inNode(files, names)
    expect(browserProblems.length).toBeGreaterThan(0)
    expect(browserProblems).toEqual(nodeProblems)
    // In French too: the objects above carry `fr`, the same as Node's.
    for (const p of browserProblems) expect(p.fr).not.toBe(p.message)
    // The same when ajv compiles the schemas in the browser (no standalone code).
    expect((await inBrowser(files, names, 'compiled')).problems).toEqual(nodeProblems)
    // And as `npm run validate` finds them on the disk.
    expect(sortProblems(browserProblems)).toEqual(sortProblems(onDisk(patch)))
  })
})
