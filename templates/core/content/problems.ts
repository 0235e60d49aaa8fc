/**
 * A message written once in both languages the project speaks: English for the terminal
 * (`npm run validate`, the build, the dev overlay), French for the editor.
 * Both are required, so a message without its French does not compile.
 */
export type Text = { readonly en: string; readonly fr: string }

/** One thing wrong in the content, located for an editor. */
export type ContentProblem = {
  file: string
  line: number
  col: number
  /** Dotted key path inside the file, e.g. `blocks[2].items[0].title`. */
  key: string
  /** In English: what `npm run validate` prints. */
  message: string
  /** The same in French: what the editor shows. */
  fr: string
  /**
   * What kind of problem it is, for the checks that treat one kind apart (never the words, which
   * may be reworded): the schema keyword that failed on a schema's problem (ajv's `required`,
   * `additionalProperties`, ...; ours, `x-link`, ...), absent on the other checks' problems.
   */
  keyword?: string
  /**
   * The id of the list item the problem is about (a news article without its words), when it is
   * one: the FR/EN comparison does not report that item's gap besides.
   */
  itemId?: string
}

/** A problem's two texts from one `Text`: `{ message: en, fr }`. */
export const worded = (text: Text): { message: string; fr: string } => ({
  message: text.en,
  fr: text.fr,
})

/** `file:line:col`: where a problem is, as the editor shows it beside the French text. */
export const placeOf = (p: Pick<ContentProblem, 'file' | 'line' | 'col'>): string =>
  `${p.file}:${p.line}:${p.col}`

export function formatProblem(p: ContentProblem): string {
  return `${p.file}:${p.line}:${p.col}  ${p.key}  ${p.message}`
}

/** The same line in French, for the editor (its preview pane lists problems so). */
export function formatProblemFr(p: ContentProblem): string {
  return `${p.file}:${p.line}:${p.col}  ${p.key}  ${p.fr}`
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
