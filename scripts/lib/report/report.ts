// The build report: reads content/ and the built site, prints `file:line:col  reason` lines and
// counts, writes reports/report.json and reports/report.html. See scripts/report.ts.
import { relative } from 'node:path'
import { caseCollisions } from '../build/staticFiles.ts'
import type { Finding } from './findings.ts'
import { error } from './findings.ts'
import { checkHreflang } from './hreflang.ts'
import { checkLinks, collectExternalLinks } from './links.ts'
import { consoleLines, type ReportResult, summarize, writeReports } from './output.ts'
import { checkUnreferencedPdfs } from './pdfs.ts'
import { readBuiltPages, readSiteIndex } from './site.ts'
import { checkSitemap } from './sitemap.ts'
import { checkTranslations } from './translations.ts'

export type ReportOptions = {
  /** Project root: content/, public/ and (by default) reports/ live there. */
  root: string
  /** The built site (dist/client, or the build's staging copy of it). */
  distDir: string
  /** Warnings fail too. */
  strict: boolean
  /** Print nothing (tests). */
  quiet: boolean
  /** How built files are named in messages; default: distDir relative to root. */
  distLabel?: string
  /** Where report.json and report.html go; default: <root>/reports. */
  reportDir?: string
}

export function runReport(options: ReportOptions): ReportResult {
  const start = performance.now()
  const { root, distDir } = options
  const distLabel = options.distLabel ?? relative(root, distDir).split('\\').join('/')
  const site = readSiteIndex(root, distDir)
  const pages = readBuiltPages(distDir, site.files, distLabel)
  const findings: Finding[] = [
    ...checkTranslations(root),
    ...checkLinks(pages, site),
    ...checkUnreferencedPdfs(root, pages, site),
    ...caseCollisions([...site.files]).map(([a, b]) =>
      error(
        'case',
        { file: `${distLabel}/${b}`, line: 1, col: 1 },
        `differs only by case from ${distLabel}/${a}: the two collide on case-insensitive file systems`,
      ),
    ),
    ...checkHreflang(pages, site),
    ...checkSitemap(distDir, distLabel, pages, site),
  ]
  const result = summarize(
    findings,
    {
      strict: options.strict,
      durationMs: Math.round(performance.now() - start),
      pages: pages.length,
      links: pages.reduce((n, p) => n + p.doc.links.length, 0),
    },
    collectExternalLinks(pages, site.origin),
  )
  const written = writeReports(options.reportDir ?? `${root}/reports`, result)
  if (!options.quiet) {
    const lines = consoleLines(
      result,
      written.map((w) => relative(root, w) || w),
    )
    for (const line of lines) (result.ok ? console.log : console.error)(line)
  }
  return result
}
