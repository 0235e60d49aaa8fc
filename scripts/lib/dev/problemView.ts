import { existsSync, readFileSync } from 'node:fs'
import { isAbsolute, join } from 'node:path'
import {
  type ContentProblem,
  formatProblem,
  sortProblems,
} from '../../../templates/core/content/problems.ts'
import { escapeHtml } from '../../../templates/lib/escapeHtml.ts'

/** What Vite's error overlay shows (the `err` of a `{ type: 'error' }` message). */
export type OverlayError = {
  message: string
  stack: string
  frame: string
  id: string
  loc: { file: string; line: number; column: number }
  plugin: string
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** The lines around `line`, the way Vite and Babel show them (`> 12 | ...` then a caret). */
export function codeFrame(source: string, line: number, col: number, around = 2): string {
  const lines = source.split(/\r?\n/)
  const first = Math.max(1, line - around)
  const last = Math.min(lines.length, line + around)
  const width = String(last).length
  const out: string[] = []
  for (let n = first; n <= last; n++) {
    const gutter = String(n).padStart(width)
    out.push(`${n === line ? '>' : ' '} ${gutter} | ${lines[n - 1] ?? ''}`)
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, col - 1))}^`)
  }
  return out.join('\n')
}

function frameOf(root: string, p: ContentProblem): string {
  const path = isAbsolute(p.file) ? p.file : join(root, p.file)
  return existsSync(path) ? codeFrame(readFileSync(path, 'utf8'), p.line, p.col) : ''
}

/**
 * Every problem at once, for Vite's overlay: the message lists them (file:line:col, key,
 * what is wrong), the frame shows the lines around each, and the stack repeats each location
 * as an absolute path, which the overlay turns into a link that opens the file at that line
 * in the editor (through Vite's /__open-in-editor).
 */
export function overlayError(root: string, problems: ContentProblem[]): OverlayError {
  const sorted = sortProblems(problems)
  const abs = (p: ContentProblem) => (isAbsolute(p.file) ? p.file : join(root, p.file))
  const first = sorted[0] ?? { file: 'content', line: 1, col: 1, key: '', message: '', fr: '' }
  return {
    plugin: 'content',
    message: [
      `${plural(sorted.length, 'content problem')}. Fix and save: this page reloads by itself.`,
      '',
      ...sorted.map(formatProblem),
    ].join('\n'),
    frame: sorted
      .map((p) => `${p.file}:${p.line}:${p.col}  ${p.key}\n${frameOf(root, p)}\n`)
      .join('\n'),
    stack: [
      'Open in your editor (click):',
      ...sorted.map((p) => `${abs(p)}:${p.line}:${p.col}  ${p.key}  ${p.message}`),
    ].join('\n'),
    id: abs(first),
    loc: { file: abs(first), line: first.line, column: first.col },
  }
}

/** The terminal's list: the same lines as `npm run validate`, printed once per change. */
export function terminalReport(problems: ContentProblem[]): string {
  return [
    `${plural(problems.length, 'content problem')} (the open pages show them too):`,
    ...sortProblems(problems).map((p) => `  ${formatProblem(p)}`),
  ].join('\n')
}

/**
 * The page served instead of any page while the content is broken: the problems as plain
 * HTML (readable without JavaScript), then Vite's overlay over it; Vite's client, loaded
 * here, reloads the page once the content is fixed.
 */
export function problemPage(root: string, problems: ContentProblem[]): string {
  const err = overlayError(root, problems)
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(plural(problems.length, 'content problem'))}</title>
<script type="module">
import { ErrorOverlay } from '/@vite/client'
document.body.appendChild(new ErrorOverlay(${JSON.stringify(err).replace(/</g, '\\u003c')}))
</script>
</head>
<body>
<h1>${escapeHtml(err.message.split('\n')[0] ?? '')}</h1>
<pre>${escapeHtml(err.frame)}</pre>
</body>
</html>
`
}
