// Outdated translations as the terminal and the build report show them: one warning per
// English value whose French changed since it was written, at the English value; the report's
// section lists them per page with the French before and now, the change marked word by word.

import type { OutdatedTranslation } from '../../../templates/core/content/translationRecords.ts'
import { type DiffPart, plainWordDiff, wordDiff } from '../../../templates/core/content/wordDiff.ts'
import { escapeHtml } from '../../../templates/lib/escapeHtml.ts'
import { type Finding, formatFinding, warning } from './findings.ts'

export const OUTDATED_MESSAGE =
  'outdated translation: the French changed since the English was written (npm run translations)'

/** A warning of the report (`--strict` fails on it, as on any warning). */
export const translationFinding = (o: OutdatedTranslation): Finding => ({
  ...warning('translation', o, OUTDATED_MESSAGE),
  key: o.keyPath,
})

/** The warnings validate and the build print, one line per value, and what to do. */
export function outdatedLines(list: readonly OutdatedTranslation[]): string[] {
  if (!list.length) return []
  const n = list.length
  return [
    ...list.map((o) => formatFinding(translationFinding(o))),
    `${n} outdated translation${n === 1 ? '' : 's'} (warning${n === 1 ? '' : 's'}; \`npm run translations\` shows each French change)`,
  ]
}

/** The lines `npm run translations` shows for one value: where, the French before, now, the change. */
export function describeOutdated(o: OutdatedTranslation): string[] {
  const diff = wordDiff(o.frBefore, o.frNow)
  return [
    `${o.file}:${o.line}:${o.col}  ${o.keyPath}`,
    `  French before: ${o.frBefore}`,
    `  French now:    ${o.frNow}`,
    ...(diff ? [`  change:        ${plainWordDiff(diff)}`] : []),
    `  English:       ${o.enNow}`,
  ]
}

/** One value of the report's section: where, and the French change (word by word when it helps). */
export type OutdatedValue = Omit<OutdatedTranslation, 'file'> & { change?: DiffPart[] }

/** The report's section: by English file (a page, or the UI strings), in the file's order. */
export type OutdatedByPage = { file: string; values: OutdatedValue[] }[]

export function outdatedByPage(list: readonly OutdatedTranslation[]): OutdatedByPage {
  const pages = new Map<string, OutdatedValue[]>()
  for (const { file, ...value } of list) {
    const change = wordDiff(value.frBefore, value.frNow)
    pages.set(file, [...(pages.get(file) ?? []), change ? { ...value, change } : value])
  }
  return [...pages]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, values]) => ({ file, values }))
}

const changeHtml = (parts: readonly DiffPart[]) =>
  parts
    .map((p) =>
      p.kind === 'same'
        ? escapeHtml(p.text)
        : `<${p.kind === 'removed' ? 'del' : 'ins'}>${escapeHtml(p.text)}</${p.kind === 'removed' ? 'del' : 'ins'}>`,
    )
    .join('')

/** The report's HTML section: a table per page. */
export function outdatedHtml(pages: OutdatedByPage): string {
  const count = pages.reduce((n, p) => n + p.values.length, 0)
  const body = pages.length
    ? pages
        .map(
          (p) =>
            `<h3><code>${escapeHtml(p.file)}</code> (${p.values.length})</h3><table><thead><tr><th>Where</th><th>French before → now</th><th>English</th></tr></thead><tbody>${p.values
              .map(
                (v) =>
                  `<tr class="warning"><td><code>${escapeHtml(`${p.file}:${v.line}:${v.col}`)}</code><br><code>${escapeHtml(v.keyPath)}</code></td><td>${
                    v.change
                      ? `<p>${changeHtml(v.change)}</p>`
                      : `<p><del>${escapeHtml(v.frBefore)}</del></p><p><ins>${escapeHtml(v.frNow)}</ins></p>`
                  }</td><td>${escapeHtml(v.enNow)}</td></tr>`,
              )
              .join('')}</tbody></table>`,
        )
        .join('')
    : '<p>Nothing found: every English value is up to date with its French.</p>'
  return `<section><h2>Outdated translations (${count})</h2><p>English values whose French changed since they were written: update the English, or record that it still says the same (<code>npm run translations -- --accept &lt;file&gt;[:&lt;line&gt;]</code>, or « Traduction à jour » in the editor).</p>${body}</section>`
}
