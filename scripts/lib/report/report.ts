// The build report: reads content/ and the built site (its structured data too), prints
// `file:line:col  reason` lines and counts, writes reports/report.json and reports/report.html. See scripts/report.ts.
import { relative } from 'node:path'
import type { ContentProblem } from '../../../templates/core/content/problems.ts'
import type { OutdatedTranslation } from '../../../templates/core/content/translationRecords.ts'
import { collectContent, collectOutdated, projectDirs } from '../content/load.ts'
import { caseCollisions } from './caseCollisions.ts'
import type { Finding } from './findings.ts'
import { contentFinding, error } from './findings.ts'
import { checkHreflang } from './hreflang.ts'
import type { HtmlDocument } from './html.ts'
import { checkLinks, collectExternalLinks } from './links.ts'
import { translationFinding } from './outdatedTranslations.ts'
import { consoleLines, type ReportResult, summarize, writeReports } from './output.ts'
import { checkUnreferencedPdfs } from './pdfs.ts'
import { type ReportContent, readBuiltPages, readSiteIndex } from './site.ts'
import { checkSitemap } from './sitemap.ts'
import { checkStructuredData } from './structuredData.ts'
import { structuredDataCacheDir } from './structuredDataCache.ts'

export { outdatedLines } from './outdatedTranslations.ts'

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
  /**
   * The content checker's result when the caller already ran it (the build validates once):
   * its problems and the content read (route table, site URL); otherwise the report runs it.
   */
  contentProblems?: ContentProblem[]
  content?: ReportContent
  /** The outdated translations when the caller found them (the build); otherwise the report does. */
  outdated?: readonly OutdatedTranslation[]
  /** What made this report (shown in it). */
  command?: string
  /** The pages' documents as the build's renderers read them, by file (readBuiltPages). */
  documents?: ReadonlyMap<string, { doc: HtmlDocument }>
  /** Filled with each check's time in ms (`report: links`...), for the build's timings. */
  timings?: Record<string, number>
}

export async function runReport(options: ReportOptions): Promise<ReportResult> {
  const start = performance.now()
  const { root, distDir } = options
  const distLabel = options.distLabel ?? relative(root, distDir).split('\\').join('/')
  // The content model is the one reader of content/ (design §9): run it unless handed its result.
  const checked =
    options.contentProblems && options.content
      ? { problems: options.contentProblems, content: options.content }
      : collectContent(projectDirs(root))
  const contentProblems = options.contentProblems ?? checked.problems
  const timings = options.timings ?? {}
  const timed = <T>(name: string, fn: () => T): T => {
    const started = performance.now()
    try {
      return fn()
    } finally {
      timings[`report: ${name}`] = Math.round(performance.now() - started)
    }
  }
  const outdated = options.outdated ?? collectOutdated(projectDirs(root), contentProblems)
  const site = readSiteIndex(options.content ?? checked.content, distDir)
  const pages = timed('pages', () =>
    readBuiltPages(distDir, site.files, distLabel, options.documents),
  )
  const structuredStarted = performance.now()
  const structured = await checkStructuredData(pages, site.origin, structuredDataCacheDir(root))
  timings['report: structured data'] = Math.round(performance.now() - structuredStarted)
  const findings: Finding[] = [
    ...contentProblems.map((p) => contentFinding(root, p)),
    ...timed('links', () => checkLinks(pages, site)),
    ...timed('pdfs', () => checkUnreferencedPdfs(root, pages, site)),
    ...caseCollisions([...site.files]).map(([a, b]) =>
      error(
        'case',
        { file: `${distLabel}/${b}`, line: 1, col: 1 },
        `differs only by case from ${distLabel}/${a}: the two collide on case-insensitive file systems`,
      ),
    ),
    ...timed('hreflang', () => checkHreflang(pages, site)),
    ...timed('sitemap', () => checkSitemap(distDir, distLabel, pages, site)),
    ...structured,
    ...outdated.map(translationFinding),
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
    options.command ?? 'npm run report',
    outdated,
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

/**
 * The report of a run that stopped at the content (validate, or a build refused by it): content
 * problems and outdated translations only, so reports/ never shows an older, better state than
 * the last run.
 */
export function writeContentReport(
  root: string,
  problems: ContentProblem[],
  command: string,
  options: {
    reportDir?: string
    failure?: string
    outdated?: readonly OutdatedTranslation[]
    strict?: boolean
  } = {},
): string[] {
  const outdated = options.outdated ?? []
  const result = summarize(
    [...problems.map((p) => contentFinding(root, p)), ...outdated.map(translationFinding)],
    { strict: options.strict ?? false, durationMs: 0, pages: 0, links: 0 },
    new Map(),
    command,
    outdated,
  )
  if (options.failure) Object.assign(result, { ok: false, failure: options.failure })
  return writeReports(options.reportDir ?? `${root}/reports`, result)
}
