// The published editor, timed: the site built with
// CMS_BACKEND=github against the GitHub stand-in and served by `npm run serve`, started exactly as
// `npm run test:published` starts it (tests/published/server.ts, on a port of the bench's own),
// and Decap's GitHub backend driven in Chromium, logged in as the tests log in. The same
// measures and budgets as the dev editor's; then the editor bundle's size, and the visitor
// pages' requests, which must hold no editor code.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test'
import { publishedSiteOf, pushAsOther, type StandInState } from '../../tests/published/site.ts'
import { CHROMIUM_ARGS, chromiumPath } from '../testing/chromium.ts'
import { type Check, table } from './budgets.ts'
import { medianMs, range, waitFor } from './dev.ts'
import {
  CATALOGUE,
  editorChecks,
  type FormSize,
  formReady,
  formSize,
  formSizeRows,
  lastSavePlan,
  markPublishClick,
  publishClickedAt,
  showPreview,
  typeTimed,
} from './editor.ts'
import { editorBundleChecks } from './editorBundle.ts'
import { gzSize } from './weights.ts'

/** The bench's own port (test:published uses 4324), so its build and caches are its own too. */
const BENCH_PORT = Number(process.env.BENCH_PUBLISHED_PORT ?? 4331)

export async function benchPublishedEditor(root: string, rounds = 5): Promise<Check[]> {
  const served = await startPublishedSite(root, BENCH_PORT)
  const { base, state } = served
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  const entryUrl = `${base}/admin/#/collections/${CATALOGUE.collection}/entries/${CATALOGUE.entry}`
  const firsts: Opening[] = []
  const reopened: Opening[] = []
  const keystroke: number[] = []
  const committed: number[] = []
  const checks: number[] = []
  try {
    // The first visit: a browser with nothing cached, the repository read through the API.
    for (let i = 0; i < rounds; i++) firsts.push(await openFresh(browser, entryUrl, state))
    // Reopened: the same browser (its HTTP cache and the texts the editor keeps in its storage).
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
    await logIn(context, state)
    await openIn(context, entryUrl)
    for (let i = 0; i < rounds; i++) reopened.push(await openIn(context, entryUrl))
    const page = await context.newPage()
    await page.goto(entryUrl)
    await formReady(page)
    const title = await showPreview(page)
    keystroke.push(...(await typeTimed(page, title, rounds * 2)))
    await markPublishClick(page)
    for (let i = 0; i < rounds; i++) {
      const before = commitCount(state)
      await title.fill(`Catalogue mesure ${i}`)
      const moved = page.waitForResponse(
        (r) => r.request().method() === 'PATCH' && /\/git\/refs\/heads\//.test(r.url()) && r.ok(),
        { timeout: 30_000 },
      )
      await page.getByRole('button', { name: 'Publier', exact: true }).click()
      await page.getByText('Publier maintenant').click()
      await moved
      const answered = Date.now()
      if (commitCount(state) !== before + 1) throw new Error('the save made no commit')
      committed.push(answered - (await publishClickedAt(page)))
      checks.push(await lastSavePlan(page))
    }
    await context.close()
    const history = await historyOpenings(browser, entryUrl, state, rounds)
    const m = {
      first: medianMs(firsts.map((o) => o.ms)),
      reopened: medianMs(reopened.map((o) => o.ms)),
      keystroke: medianMs(keystroke),
      commit: medianMs(committed),
      check: medianMs(checks),
    }
    console.log(
      `\n## The published editor (/admin/ of the build, GitHub stand-in, entry ${CATALOGUE.entry})\n`,
    )
    console.log(
      table(
        ['measure', 'median ms', 'min ms', 'max ms'],
        [
          ...openingRows('/admin/ first visit (nothing cached)', firsts),
          ...openingRows('/admin/ reopened (cache and storage kept)', reopened),
          ['keystroke → preview shows it', m.keystroke, ...range(keystroke)],
          ['"Publier maintenant" → commit made (ref moved)', m.commit, ...range(committed)],
          ['the save planned and checked (in the browser)', m.check, ...range(checks)],
          [
            `« Historique » of a page with ${HISTORY_SAVES} saves → ${HISTORY_SHOWN} listed`,
            medianMs(history.map((h) => h.ms)),
            ...range(history.map((h) => h.ms)),
          ],
          [
            '  its requests to the GitHub API (a browser with nothing cached)',
            medianMs(history.map((h) => h.requests)),
            ...range(history.map((h) => h.requests)),
          ],
          [
            '  JavaScript fetched before the form was ready, kB gzip',
            medianMs(firsts.map((o) => o.jsGz / 1024)),
            ...range(firsts.map((o) => o.jsGz / 1024)),
          ],
        ],
      ),
    )
    const historyMs = medianMs(history.map((h) => h.ms))
    return [
      ...editorChecks('published editor', m),
      {
        ok: historyMs <= HISTORY_BUDGET_MS,
        label: `published editor: « Historique » of a page with ${HISTORY_SAVES} saves ≤ ${HISTORY_BUDGET_MS} ms (median): ${historyMs} ms, ${medianMs(history.map((h) => h.requests))} requests`,
      },
      {
        ok: firsts.every((o) => !o.historyBeforeForm),
        label: "published editor: the history's code is not fetched before the form is ready",
      },
      ...(await editorBundleChecks(root, served.dist, base)),
    ]
  } finally {
    await browser.close()
    served.stop()
  }
}

/** One opening of the entry: until the form is ready, and the repository's reading in it. */
type Opening = {
  ms: number
  readStart: number
  read: number
  size: FormSize
  /** The gzip size of the JavaScript fetched until the form was ready. */
  jsGz: number
  /** Whether the history panel's chunk was among it (it must load when the panel opens). */
  historyBeforeForm: boolean
}

/** The history budget: the panel of a page with HISTORY_SAVES saves, its first page listed. */
const HISTORY_BUDGET_MS = 1500
const HISTORY_SAVES = 50
const HISTORY_SHOWN = 20

/**
 * « Historique » timed: HISTORY_SAVES commits of the entry's French file pushed with git, then,
 * in a browser with nothing cached each time, the entry opened and the panel clicked: ms until
 * its first HISTORY_SHOWN saves are listed, and the requests it made to the host's API.
 */
async function historyOpenings(
  browser: Browser,
  url: string,
  state: StandInState,
  rounds: number,
): Promise<{ ms: number; requests: number }[]> {
  const file = `content/fr/${CATALOGUE.entry}.yaml`
  const show = () =>
    execFileSync('git', ['--git-dir', state.repoDir, 'show', `${state.branch}:${file}`], {
      encoding: 'utf8',
    })
  const original = show()
  for (let i = 1; i <= HISTORY_SAVES; i++) {
    const text = show().replace(/^title: .*$/m, `title: "Transformateur, version ${i}"`)
    pushAsOther({ [file]: text }, `History bench ${i}`, state)
  }
  pushAsOther({ [file]: original }, 'History bench: back to the original', state)
  const out: { ms: number; requests: number }[] = []
  for (let i = 0; i < rounds; i++) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
    try {
      await logIn(context, state)
      const page = await context.newPage()
      await page.goto(url)
      await formReady(page)
      let requests = 0
      page.on('request', (r) => {
        if (r.url().startsWith(state.apiRoot)) requests++
      })
      const start = performance.now()
      await page.getByRole('button', { name: 'Historique', exact: true }).click()
      await page
        .locator(`.cms-history-list > li:nth-child(${HISTORY_SHOWN})`)
        .waitFor({ timeout: 30_000 })
      out.push({ ms: performance.now() - start, requests })
    } finally {
      await context.close()
    }
  }
  return out
}

/**
 * A new tab of `context` opening the entry: ms from navigation to the form ready; when the editor
 * began to read the repository (ms after navigation) and how long its reads took (the editor's
 * own `editor:read` measures).
 */
async function openIn(context: BrowserContext, url: string): Promise<Opening> {
  const page: Page = await context.newPage()
  const scripts: Promise<{ url: string; gz: number }>[] = []
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script')
      scripts.push(
        r.body().then(
          (body) => ({ url: r.url(), gz: gzSize(body) }),
          () => ({ url: r.url(), gz: 0 }),
        ),
      )
  })
  const start = performance.now()
  await page.goto(url)
  await formReady(page)
  const ms = performance.now() - start
  const fetched = await Promise.all(scripts.splice(0))
  const size = await formSize(page)
  const reads = await page.evaluate(() =>
    performance.getEntriesByName('editor:read').map((e) => [e.startTime, e.duration]),
  )
  await page.close()
  if (!reads.length) throw new Error('the editor measured no read of the repository')
  return {
    ms,
    jsGz: fetched.reduce((sum, f) => sum + f.gz, 0),
    historyBeforeForm: fetched.some((f) => /\/HistoryPanel-[^/]*\.js$/.test(f.url)),
    readStart: reads[0]?.[0] ?? 0,
    read: reads.reduce((sum, [, duration]) => sum + (duration ?? 0), 0),
    size,
  }
}

/** A fresh browser context (nothing cached), logged in, opening the entry. */
async function openFresh(browser: Browser, url: string, state: StandInState): Promise<Opening> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  try {
    await logIn(context, state)
    return await openIn(context, url)
  } finally {
    await context.close()
  }
}

/** Logged in as Decap keeps its user after GitHub's OAuth popup (as tests/published does). */
async function logIn(context: BrowserContext, state: StandInState): Promise<void> {
  const user = JSON.stringify({ backendName: 'github', token: state.token })
  await context.addInitScript((user) => {
    if (!localStorage.getItem('decap-cms-user')) localStorage.setItem('decap-cms-user', user)
  }, user)
}

/** A visit's rows: until the form is ready, then where the reading of the repository falls. */
function openingRows(name: string, openings: Opening[]): (string | number)[][] {
  const row = (label: string, values: number[]) => [label, medianMs(values), ...range(values)]
  return [
    row(
      `${name} → form ready`,
      openings.map((o) => o.ms),
    ),
    row(
      '  of which: navigation → the editor starts reading the repository',
      openings.map((o) => o.readStart),
    ),
    row(
      '  of which: reading the repository (editor:read)',
      openings.map((o) => o.read),
    ),
    ...formSizeRows(openings.map((o) => o.size)),
  ]
}

const commitCount = (state: StandInState): number =>
  Number(
    execFileSync('git', ['--git-dir', state.repoDir, 'rev-list', '--count', state.branch], {
      encoding: 'utf8',
    }),
  )

/**
 * tests/published/server.ts on `port`: the stand-in over a fresh bare repository, the site built
 * against it (the folder's caches kept between runs) and served. Its address, its stand-in, the
 * built site, and how to stop it all.
 */
async function startPublishedSite(root: string, port: number) {
  const folder = publishedSiteOf(port)
  const server: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/published/server.ts'],
    {
      cwd: root,
      env: { ...process.env, PUBLISHED_PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  )
  let output = ''
  for (const stream of [server.stdout, server.stderr])
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
  const stop = () => {
    if (server.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM')
  }
  const base = `http://127.0.0.1:${port}`
  const exited = new Promise<never>((_, reject) =>
    server.once('exit', (code) =>
      reject(new Error(`tests/published/server.ts exited (${code}):\n${output.slice(-3000)}`)),
    ),
  )
  try {
    // A build from cold caches: 20-60 s on two busy cores.
    await Promise.race([waitFor(`${base}/favicon.svg`, 240_000), exited])
  } catch (error) {
    stop()
    throw error
  }
  exited.catch(() => undefined)
  const state = JSON.parse(readFileSync(join(folder, 'stand-in.json'), 'utf8')) as StandInState
  return { base, state, dist: join(folder, 'site', 'dist', 'client'), stop }
}
