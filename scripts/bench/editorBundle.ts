// The published editor's weight, and its absence from the site: the size of
// what a build with CMS_BACKEND puts under admin/, then the visitor pages of that build loaded in
// Chromium (and handled, so that every island loads its code) with every script they fetch
// compared against the editor's.
import { createHash } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { chromium } from '@playwright/test'
import { loadContent, projectDirs } from '../lib/content/load.ts'
import { listFiles } from '../lib/files.ts'
import { CHROMIUM_ARGS, chromiumPath } from '../testing/chromium.ts'
import { type Check, kb, LIGHTHOUSE_PAGES, table } from './budgets.ts'
import { gzSize } from './weights.ts'

const EDITOR_FOLDER = 'admin'

/** What the records add to the editor's first read of the repository. */
const TRANSLATION_RECORDS_GZ_BUDGET = 50 * 1024

type Part = { files: number; bytes: number; gz: number }

/** Prints the editor bundle's size; checks that visitor pages load none of its code. */
export async function editorBundleChecks(root: string, dist: string, base: string) {
  const editor = listFiles(join(dist, EDITOR_FOLDER)).map((f) => join(dist, EDITOR_FOLDER, f))
  const js = editor.filter((f) => f.endsWith('.js'))
  const parts: Record<string, Part> = {
    'JavaScript (.js)': sizes(js),
    'WebAssembly (.wasm, WebP)': sizes(editor.filter((f) => f.endsWith('.wasm'))),
    'configuration (config.json)': sizes(editor.filter((f) => f.endsWith('config.json'))),
  }
  console.log(`\n## The editor bundle (${join(dist, EDITOR_FOLDER)}, built with CMS_BACKEND)\n`)
  console.log(
    table(
      ['part', 'files', 'bytes', 'gzip'],
      [
        ...Object.entries(parts).map(([name, p]) => [name, p.files, kb(p.bytes), kb(p.gz)]),
        ...js
          .map((f) => ({ f, size: statSync(f).size }))
          .sort((a, b) => b.size - a.size)
          .map(({ f, size }) => [
            `  ${relative(dist, f)}`,
            1,
            kb(size),
            kb(gzSize(readFileSync(f))),
          ]),
      ],
    ),
  )
  // The editor's own code: its scripts that are not also, byte for byte, one of the site's.
  const siteScripts = new Set(
    listFiles(dist)
      .filter((f) => f.endsWith('.js') && !f.startsWith(`${EDITOR_FOLDER}/`))
      .map((f) => fileSha(join(dist, f))),
  )
  const editorOnly = new Set(js.map(fileSha).filter((h) => !siteScripts.has(h)))
  const loaded = await visitorScripts(root, base)
  const found = loaded.filter(
    (s) => new URL(s.url).pathname.startsWith(`/${EDITOR_FOLDER}/`) || editorOnly.has(s.hash),
  )
  console.log(
    `\nvisitor pages: ${loaded.length} scripts fetched by ${visitorPaths(root).length} pages, ${found.length} of them the editor's`,
  )
  // The translation records: files of the repository the editor reads with the rest
  // of content/ before its form is ready (the published editor through the host's API).
  const recordsDir = join(root, 'content/translations')
  const records = sizes(listFiles(recordsDir).map((f) => join(recordsDir, f)))
  return [
    {
      ok: records.gz <= TRANSLATION_RECORDS_GZ_BUDGET,
      label: `the translation records (content/translations/, ${records.files} files) add ≤ ${kb(TRANSLATION_RECORDS_GZ_BUDGET)} gzip to what the editor reads before its form: ${kb(records.bytes)}, ${kb(records.gz)} gzip`,
    },
    {
      ok: found.length === 0 && editorOnly.size > 0,
      label: `visitor pages load no editor code (${editorOnly.size} editor scripts, ${loaded.length} fetched by the pages): ${found.length ? found.map((s) => `${s.page} ${s.url}`).join(', ') : 'none'}`,
    },
  ] satisfies Check[]
}

/** A page of each kind (the Lighthouse set), in both languages. */
function visitorPaths(root: string): string[] {
  const { routes } = loadContent(projectDirs(root))
  return routes.routes
    .filter((r) => (LIGHTHOUSE_PAGES as readonly string[]).includes(r.id))
    .flatMap((r) => [r.fr.path, r.en.path])
}

/** Every script the pages fetch: on load, then once handled (pointer and keyboard). */
async function visitorScripts(root: string, base: string) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  const scripts: { page: string; url: string; hash: string }[] = []
  try {
    for (const path of visitorPaths(root)) {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.route(
        (url) => url.origin !== base && url.protocol.startsWith('http'),
        (route) => route.fulfill({ status: 204, body: '' }),
      )
      const pending: Promise<void>[] = []
      page.on('response', (r) => {
        if (r.request().resourceType() !== 'script' && !r.url().includes(`/${EDITOR_FOLDER}/`))
          return
        pending.push(
          r.body().then(
            (body) => void scripts.push({ page: path, url: r.url(), hash: sha(body) }),
            () => void scripts.push({ page: path, url: r.url(), hash: '' }),
          ),
        )
      })
      await page.goto(base + path, { waitUntil: 'load' })
      await page.mouse.move(200, 300)
      await page.keyboard.press('Tab')
      await page.mouse.wheel(0, 4000)
      await page.waitForLoadState('networkidle')
      await Promise.all(pending)
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return scripts
}

function sizes(files: string[]): Part {
  return files.reduce(
    (p, f) => {
      const bytes = readFileSync(f)
      return { files: p.files + 1, bytes: p.bytes + bytes.length, gz: p.gz + gzSize(bytes) }
    },
    { files: 0, bytes: 0, gz: 0 },
  )
}

const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex')
const fileSha = (file: string): string => sha(readFileSync(file))
