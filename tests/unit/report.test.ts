// The build report on fixture trees (good + a scenario's patch: content/, public/, dist/client/).
// Each scenario pins the exact lines a reader of the report sees.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { collectContent, projectDirs } from '../../scripts/lib/content/load.ts'
import { listFiles } from '../../scripts/lib/files.ts'
import { analysePage } from '../../scripts/lib/pipeline/pageAnalysis.ts'
import { formatFinding } from '../../scripts/lib/report/findings.ts'
import { lineIndex, readHtmlDocument } from '../../scripts/lib/report/html.ts'
import { runReport } from '../../scripts/lib/report/report.ts'
import { textHash } from '../../templates/core/content/textHash.ts'
import { scenarioTree } from './fixtureTree.ts'

const repo = fileURLToPath(new URL('../..', import.meta.url))

async function report(root: string, strict = false) {
  const reportDir = mkdtempSync(join(tmpdir(), 'report-out-'))
  const result = await runReport({
    root,
    distDir: join(root, 'dist', 'client'),
    strict,
    quiet: true,
    reportDir,
  })
  return { ...result, lines: result.findings.map(formatFinding), reportDir }
}

/** A scenario's tree (good + its patch, its built dist/), changed by `change(dir)`. */
function variantOf(name: string, change: (dir: string) => void): string {
  const dir = scenarioTree(name)
  change(dir)
  return dir
}

function edit(dir: string, file: string, change: (text: string) => string): void {
  const path = join(dir, file)
  const before = readFileSync(path, 'utf8')
  const after = change(before)
  if (after === before) throw new Error(`the edit of ${file} changed nothing`)
  writeFileSync(path, after)
}

describe('build report on fixture trees', { timeout: 30_000 }, () => {
  it('takes the route table from the content model it is handed (the build), reading no YAML', async () => {
    const root = scenarioTree('good')
    const { content, problems } = collectContent(projectDirs(root))
    expect(problems).toEqual([])
    rmSync(join(root, 'content'), { recursive: true })
    const result = await runReport({
      root,
      distDir: join(root, 'dist', 'client'),
      strict: true,
      quiet: true,
      reportDir: mkdtempSync(join(tmpdir(), 'report-out-')),
      contentProblems: [],
      content,
    })
    expect(result.findings.map(formatFinding)).toEqual([])
    expect(result).toMatchObject({ ok: true, pages: 11 })
  })

  it('finds nothing on the good tree, lists external links and writes JSON and HTML', async () => {
    const r = await report(scenarioTree('good'))
    expect(r.lines).toEqual([])
    expect(r).toMatchObject({ ok: true, pages: 11, errors: 0, warnings: 0 })
    expect(Object.keys(r.externalLinks)).toEqual(['https://www.linkedin.com/company/example'])
    const json = JSON.parse(readFileSync(join(r.reportDir, 'report.json'), 'utf8'))
    expect(json).toMatchObject({ ok: true, pages: 11, findings: [] })
    expect(json.externalLinks['https://www.linkedin.com/company/example']).toHaveLength(11)
    const html = readFileSync(join(r.reportDir, 'report.html'), 'utf8')
    expect(html).toContain('<h1>Build report: ok</h1>')
    expect(html).toContain('<h2>Broken links (0)</h2>')
  })

  it('names the page and the link when power systems links to /batterie_condencateur with no redirect', async () => {
    const r = await report(scenarioTree('broken-link'))
    expect(r.lines).toEqual([
      'content/fr/power-systems.yaml:16:43  blocks[1].items[1].links[0].href  no page, alias or redirect has the path "/batterie_condencateur": link to a page as page:<id>',
      'dist/client/tableauMT-BT.html:21:79  broken link /batterie_condencateur: no page, alias, redirect or file has this path (did you mean /batterie_condensateurs?)',
    ])
    expect(r.ok).toBe(false)
    expect(r.counts.link).toBe(1)
    const html = readFileSync(join(r.reportDir, 'report.html'), 'utf8')
    expect(html).toContain('<h1>Build report: failed</h1>')
    expect(html).toContain('<code>dist/client/tableauMT-BT.html:21:79</code>')
  })

  it('gives the same lines when the renderers hand it the documents (lines read only then)', async () => {
    for (const scenario of ['broken-link', 'hreflang-not-reciprocal']) {
      const root = scenarioTree(scenario)
      const client = join(root, 'dist', 'client')
      const documents = new Map(
        listFiles(client)
          .filter((f) => f.endsWith('.html'))
          .map((f) => [f, analysePage(f, readFileSync(join(client, f), 'utf8'))]),
      )
      const handed = await runReport({
        root,
        distDir: client,
        strict: false,
        quiet: true,
        reportDir: mkdtempSync(join(tmpdir(), 'report-out-')),
        documents,
      })
      expect(handed.findings.map(formatFinding)).toEqual((await report(root)).lines)
      expect(handed.findings.length).toBeGreaterThan(0)
    }
  })

  it('npm run report exits non-zero on the broken-link tree and prints the line', async () => {
    const dir = variantOf('broken-link', () => {})
    const run = spawnSync('npx', ['tsx', 'scripts/report.ts', '--root', dir], {
      cwd: repo,
      encoding: 'utf8',
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain(
      'dist/client/tableauMT-BT.html:21:79  broken link /batterie_condencateur: no page, alias, redirect or file has this path',
    )
    expect(run.stderr).toMatch(/report: FAILED: 2 errors, 0 warnings in \d+ ms/)
    expect(JSON.parse(readFileSync(join(dir, 'reports', 'report.json'), 'utf8')).errors).toBe(2)
  })

  it('warns about a PDF under public/ that no page links to; only --strict fails on it', async () => {
    const lenient = await report(scenarioTree('unreferenced-pdf'))
    expect(lenient.lines).toEqual([
      'public/docs/tarifs-2019.pdf:1:1  warning: unreferenced PDF: no built page links to it',
    ])
    expect(lenient.ok).toBe(true)
    expect((await report(scenarioTree('unreferenced-pdf'), true)).ok).toBe(false)
  })

  it('warns about an outdated translation, listed per page with the French change; only --strict fails on it', async () => {
    // The record says the English title was translated from another French title.
    const dir = scenarioTree('good')
    mkdirSync(join(dir, 'content', 'translations', 'en'), { recursive: true })
    const record = (fr: string) =>
      `title: { fr: ${JSON.stringify(fr)}, en: "${textHash('Contact us')}" }\n`
    writeFileSync(
      join(dir, 'content', 'translations', 'en', 'contact.yaml'),
      record('Contactez-nous'),
    )
    const r = await report(dir)
    expect(r.lines).toEqual([
      'content/en/contact.yaml:1:8  title  warning: outdated translation: the French changed since the English was written (npm run translations)',
    ])
    expect(r.ok).toBe(true)
    expect(r.counts.translation).toBe(1)
    const json = JSON.parse(readFileSync(join(r.reportDir, 'report.json'), 'utf8'))
    expect(json.outdatedTranslations).toEqual([
      {
        file: 'content/en/contact.yaml',
        values: [
          {
            line: 1,
            col: 8,
            keyPath: 'title',
            frBefore: 'Contactez-nous',
            frNow: 'Nous contacter',
            enNow: 'Contact us',
          },
        ],
      },
    ])
    const html = readFileSync(join(r.reportDir, 'report.html'), 'utf8')
    expect(html).toContain('<h2>Outdated translations (1)</h2>')
    expect(html).toContain('<h3><code>content/en/contact.yaml</code> (1)</h3>')
    expect(html).toContain('<p><del>Contactez-nous</del></p><p><ins>Nous contacter</ins></p>')
    // A change that keeps most words is marked word by word.
    writeFileSync(
      join(dir, 'content', 'translations', 'en', 'contact.yaml'),
      record('Nous contacter vite'),
    )
    const words = await report(dir, true)
    expect(words.ok).toBe(false)
    expect(
      JSON.parse(readFileSync(join(words.reportDir, 'report.json'), 'utf8')).outdatedTranslations[0]
        .values[0].change,
    ).toEqual([
      { kind: 'same', text: 'Nous contacter' },
      { kind: 'removed', text: ' vite' },
    ])
    expect(readFileSync(join(words.reportDir, 'report.html'), 'utf8')).toContain(
      '<p>Nous contacter<del> vite</del></p>',
    )
  })

  it('reports a link to a PDF that does not exist', async () => {
    const r = await report(scenarioTree('missing-pdf'))
    expect(r.lines).toEqual([
      'content/en/capacitor-banks.yaml:10:35  blocks[0].buttons[0].href  file not found: expected public/docs/catalogue-scevar.pdf to exist',
      'dist/client/en/battery_of_capacitors.html:20:19  missing PDF /docs/catalogue-scevar.pdf: no such file (put it under public/docs/catalogue-scevar.pdf)',
    ])
    expect(r.ok).toBe(false)
  })

  it('reports keys, list items and files missing in one language, in the file that lacks them', async () => {
    const r = await report(scenarioTree('missing-translation'))
    // The report runs the content checker: the same messages as npm run validate.
    expect(r.lines).toEqual([
      'content/en/power-systems.yaml:4:5  blocks[0]  blocks[0].heading is missing (content/fr/power-systems.yaml:5:14 has it): translate it here, or remove it there',
      'content/en/power-systems.yaml:6:7  blocks[0].paragraphs  blocks[0].paragraphs[1] is missing (content/fr/power-systems.yaml:8:9 has it): translate it here, or remove it there',
      'content/en/power-systems.yaml:9:7  blocks[1].items  blocks[1].items has no item with id "capacitor-banks" (content/fr/power-systems.yaml:13:9 has it): translate it here, or remove it there',
      'content/en/power-systems.yaml:10:16  blocks[1].items[0].title  must be a non-empty string',
      'content/i18n/fr.yaml:4:3  nav.contact  UI string has no English translation: add it to content/i18n/en.yaml',
      'content/routes.yaml:15:9  routes[3].id  page "contact" has no English content: expected content/en/contact.yaml',
    ])
    expect(r).toMatchObject({ ok: false, errors: 6, warnings: 0 })
    expect(r.counts.content).toBe(6)
  })

  it('reports hreflang pairs that do not name each other back, and the sitemap that disagrees', async () => {
    const r = await report(scenarioTree('hreflang-not-reciprocal'))
    expect(r.lines).toEqual([
      'dist/client/en/MV-BT_panel.html:7:37  hreflang="fr" names /batterie_condensateurs, whose hreflang="en" names /en/battery_of_capacitors, not /en/MV-BT_panel',
      "dist/client/sitemap.xml:6:6  alternates of /en/MV-BT_panel differ from the page's hreflang links (sitemap: en=/en/MV-BT_panel fr=/tableauMT-BT x-default=/tableauMT-BT; page: en=/en/MV-BT_panel fr=/batterie_condensateurs x-default=/tableauMT-BT)",
      'dist/client/tableauMT-BT.html:8:37  hreflang="en" names /en/MV-BT_panel, whose hreflang="fr" names /batterie_condensateurs, not /tableauMT-BT',
    ])
    expect(r.counts).toMatchObject({ hreflang: 2, sitemap: 1 })
  })

  it('warns about links to a redirect or an alias, except the allowlisted /Contact of the not-found page', async () => {
    const dir = variantOf('good', (d) =>
      edit(d, 'dist/client/index.html', (s) =>
        s.replace(
          '<h1>',
          '<p><a href="/Contact">Contact</a> <a href="/nouscontacter#main">Contact</a></p>\n<h1>',
        ),
      ),
    )
    expect((await report(dir)).lines).toEqual([
      'dist/client/index.html:17:7  warning: /Contact is a redirect to /contact: link to /contact',
      'dist/client/index.html:17:38  warning: /nouscontacter is an alias of /contact: link to /contact',
    ])
  })

  it('reports a #fragment with no such id in the target page', async () => {
    const dir = variantOf('good', (d) =>
      edit(d, 'dist/client/tableauMT-BT.html', (s) => s.replace('#scefix', '#scevar')),
    )
    expect((await report(dir)).lines).toEqual([
      'dist/client/tableauMT-BT.html:18:22  broken fragment /batterie_condensateurs#scevar: dist/client/batterie_condensateurs.html has no id="scevar"',
    ])
  })

  it('reports output files that differ only by case', async () => {
    const dir = variantOf('good', (d) =>
      writeFileSync(
        join(d, 'dist/client/Contact.html'),
        '<!DOCTYPE html><html lang="fr"><head><meta name="robots" content="noindex"></head></html>',
      ),
    )
    expect((await report(dir)).lines).toEqual([
      'dist/client/contact.html:1:1  differs only by case from dist/client/Contact.html: the two collide on case-insensitive file systems',
    ])
  })

  it('reports sitemap entries that are not pages and pages missing from the sitemap', async () => {
    const dir = variantOf('good', (d) =>
      edit(d, 'dist/client/sitemap.xml', (s) =>
        s
          .replace(/<url><loc>https:\/\/www\.example\.com\/contact<\/loc>.*\n/, '')
          .replace(
            '</urlset>',
            '<url><loc>https://www.example.com/404</loc></url>\n<url><loc>https://www.example.com/nouscontacter</loc></url>\n</urlset>',
          ),
      ),
    )
    expect((await report(dir)).lines).toEqual([
      'dist/client/contact.html:6:23  /contact is not listed in sitemap.xml',
      'dist/client/sitemap.xml:10:6  /404 is listed but is not an indexable built page (it is marked noindex)',
      'dist/client/sitemap.xml:11:6  /nouscontacter is listed but is not an indexable built page (an alias of /contact: list /contact)',
    ])
  })
})

describe('reading built HTML', () => {
  const html = [
    '<!DOCTYPE html>',
    '<html lang="en"><head><link rel="canonical" href="https://www.example.com/en"/><link rel="alternate" hrefLang="fr" href="https://www.example.com/"/>',
    '<script>document.write("<a href=\'/in-script\'>")</script><!-- <a href="/in-comment"> --></head>',
    '<body><div id="hero" data-props="{&quot;x&quot;:&quot;>&quot;}"><img src="/a.svg" srcset="/a.svg 1x, /a@2.svg 2x" alt=""></div>',
    '<a href="/en/contact?x=1&amp;y=2#form">Contact</a></body></html>',
  ].join('\n')

  it('finds every href, src and srcset URL with its line and column, none inside scripts or comments', () => {
    const doc = readHtmlDocument(html)
    const positionOf = lineIndex(html)
    expect(
      doc.links.map(
        (l) => `${positionOf(l.offset).line}:${positionOf(l.offset).col} ${l.attr} ${l.url}`,
      ),
    ).toEqual([
      '2:45 href https://www.example.com/en',
      '2:116 href https://www.example.com/',
      '4:70 src /a.svg',
      '4:83 srcset /a.svg',
      '4:83 srcset /a@2.svg',
      '5:4 href /en/contact?x=1&y=2#form',
    ])
  })

  it('reads the language, canonical, hreflang alternates (any case) and ids', () => {
    const doc = readHtmlDocument(html)
    expect(doc.lang).toBe('en')
    expect(doc.canonical?.url).toBe('https://www.example.com/en')
    expect(doc.alternates.map((a) => `${a.hreflang}=${a.link.url}`)).toEqual([
      'fr=https://www.example.com/',
    ])
    expect([...doc.ids]).toEqual(['hero'])
    expect(doc.noindex).toBe(false)
  })
})
