// The report's three outputs: console lines and summary, reports/report.json, reports/report.html.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { OutdatedTranslation } from '../../../templates/core/content/translationRecords.ts'
import { escapeHtml } from '../../../templates/lib/escapeHtml.ts'
import {
  CATEGORIES,
  type Category,
  countByCategory,
  type Finding,
  formatFinding,
  sortFindings,
} from './findings.ts'
import { type OutdatedByPage, outdatedByPage, outdatedHtml } from './outdatedTranslations.ts'

export type ReportResult = {
  ok: boolean
  /** When and by what this report was made (ISO 8601, UTC). */
  generatedAt: string
  command: string
  /** Why the run stopped before its checks were done (a build that crashed), if it did. */
  failure?: string
  strict: boolean
  durationMs: number
  pages: number
  links: number
  errors: number
  warnings: number
  counts: Record<Category, number>
  findings: Finding[]
  /** External URL -> the built pages that link to it (listed, not fetched). */
  externalLinks: Record<string, string[]>
  /** English values whose French changed since they were written, per page (also warnings). */
  outdatedTranslations: OutdatedByPage
}

export function summarize(
  findings: Finding[],
  stats: { strict: boolean; durationMs: number; pages: number; links: number },
  external: Map<string, string[]>,
  command = 'npm run report',
  outdated: readonly OutdatedTranslation[] = [],
): ReportResult {
  const errors = findings.filter((f) => f.severity === 'error').length
  const warnings = findings.length - errors
  return {
    ok: errors === 0 && (!stats.strict || warnings === 0),
    generatedAt: new Date().toISOString(),
    command,
    ...stats,
    errors,
    warnings,
    counts: countByCategory(findings),
    findings: sortFindings(findings),
    externalLinks: Object.fromEntries(external),
    outdatedTranslations: outdatedByPage(outdated),
  }
}

/** `file:line:col  reason` lines, then the counts per category and the verdict. */
export function consoleLines(r: ReportResult, written: string[]): string[] {
  const counts = (Object.keys(CATEGORIES) as Category[])
    .map((c) => `${CATEGORIES[c]} ${r.counts[c]}`)
    .join(', ')
  const externals = Object.keys(r.externalLinks).length
  const verdict = r.ok
    ? 'report: ok'
    : `report: FAILED${r.errors === 0 ? ' (warnings fail with --strict)' : ''}`
  return [
    ...r.findings.map(formatFinding),
    ...(r.findings.length ? [''] : []),
    `report: ${r.pages} pages, ${r.links} links checked, ${externals} external URLs listed (not fetched)`,
    `report: ${counts}`,
    `${verdict}: ${plural(r.errors, 'error')}, ${plural(r.warnings, 'warning')} in ${r.durationMs} ms${written.length ? ` (${written.join(', ')})` : ''}`,
  ]
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

export function writeReports(dir: string, r: ReportResult): string[] {
  mkdirSync(dir, { recursive: true })
  const json = join(dir, 'report.json')
  const html = join(dir, 'report.html')
  writeFileSync(json, `${JSON.stringify(r, null, 2)}\n`)
  writeFileSync(html, reportHtml(r))
  return [json, html]
}

/** `file:line:col`, a link that opens the file at that line in VS Code when there is one. */
function where(f: Finding): string {
  const text = `<code>${escapeHtml(`${f.file}:${f.line}:${f.col}`)}</code>`
  return f.editorUrl ? `<a href="${escapeHtml(f.editorUrl)}">${text}</a>` : text
}

/** A readable, self-contained page: one table per category with findings, then external links. */
export function reportHtml(r: ReportResult): string {
  const sections = (Object.keys(CATEGORIES) as Category[]).map((c) => {
    // Outdated translations: per page, with the French change (translations.ts).
    if (c === 'translation') return outdatedHtml(r.outdatedTranslations)
    const rows = r.findings
      .filter((f) => f.category === c)
      .map(
        (f) =>
          `<tr class="${f.severity}"><td>${f.severity}</td><td>${where(f)}</td><td>${f.key ? `<code>${escapeHtml(f.key)}</code> ` : ''}${escapeHtml(f.message)}</td></tr>`,
      )
    const body = rows.length
      ? `<table><thead><tr><th>Severity</th><th>Where</th><th>What</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
      : '<p>Nothing found.</p>'
    const title = CATEGORIES[c].charAt(0).toUpperCase() + CATEGORIES[c].slice(1)
    return `<section><h2>${escapeHtml(title)} (${r.counts[c]})</h2>${body}</section>`
  })
  const external = Object.entries(r.externalLinks)
    .map(
      ([url, pages]) =>
        `<li><a href="${escapeHtml(url)}">${escapeHtml(url)}</a> <small>(${pages.length} page${pages.length === 1 ? '' : 's'})</small></li>`,
    )
    .join('')
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Build report: ${r.ok ? 'ok' : 'failed'}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:70rem;padding:0 1rem;color:#1a1a1a}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}
tr.error td:first-child{color:#a30000;font-weight:bold}tr.warning td:first-child{color:#6b4e00}code{word-break:break-all}
del{background:#ffe0e0;color:#7a0000}ins{background:#dcf5dc;color:#0b4d0b;text-decoration:none}td p{margin:0}</style></head>
<body><main><h1>Build report: ${r.ok ? 'ok' : 'failed'}</h1>
${r.failure ? `<p role="alert"><strong>The run failed:</strong> ${escapeHtml(r.failure)}</p>` : ''}
<p>Made by <code>${escapeHtml(r.command)}</code> at <time datetime="${r.generatedAt}">${escapeHtml(r.generatedAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</time>.</p>
<p>${r.pages} pages, ${r.links} links checked, ${plural(r.errors, 'error')}, ${plural(r.warnings, 'warning')}${r.strict ? ' (strict: warnings fail)' : ''}, ${r.durationMs} ms.</p>
${sections.join('\n')}
<section><h2>External links (${Object.keys(r.externalLinks).length}, not fetched)</h2><ul>${external}</ul></section>
</main></body></html>
`
}
