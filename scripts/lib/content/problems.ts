/** One thing wrong in the content, located for an editor. */
export type ContentProblem = {
  file: string
  line: number
  col: number
  /** Dotted key path inside the file, e.g. `blocks[2].items[0].title`. */
  key: string
  message: string
}

export function formatProblem(p: ContentProblem): string {
  return `${p.file}:${p.line}:${p.col}  ${p.key}  ${p.message}`
}

export function sortProblems(problems: ContentProblem[]): ContentProblem[] {
  return [...problems].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col,
  )
}

/** `['blocks', 2, 'title']` -> `blocks[2].title` */
export function keyPath(path: readonly (string | number)[]): string {
  return (
    path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('') ||
    '(document)'
  )
}

export class ContentError extends Error {
  constructor(readonly problems: ContentProblem[]) {
    super(
      `Content is invalid: ${problems.length} problem${problems.length === 1 ? '' : 's'}\n` +
        sortProblems(problems).map(formatProblem).join('\n'),
    )
    this.name = 'ContentError'
  }
}
