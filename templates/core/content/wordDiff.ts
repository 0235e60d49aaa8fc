// The words two texts share and those that changed (for the French change of an outdated
// translation, in the terminal, the build report and the editor). Pure. The longest common
// sequence of words and the spaces between them, so `[-old-]{+new+}` shows only what changed.

export type DiffPart = { kind: 'same' | 'removed' | 'added'; text: string }

/** Cells of the table beyond which the diff is not worth its time (two texts of ~700 words). */
const MAX_CELLS = 500_000

const words = (text: string) => text.match(/\s+|\S+/g) ?? []

/**
 * The parts of `after` against `before`, or undefined when a word diff would not help: the texts
 * share less than half of their words (a rewrite: before and after say it better), or are too long.
 */
export function wordDiff(before: string, after: string): DiffPart[] | undefined {
  const a = words(before)
  const b = words(after)
  if (a.length * b.length > MAX_CELLS) return undefined
  // common[i][j]: the longest common sequence of a.slice(i) and b.slice(j).
  const width = b.length + 1
  const common = new Uint32Array((a.length + 1) * width)
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      common[i * width + j] =
        a[i] === b[j]
          ? (common[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(common[(i + 1) * width + j] ?? 0, common[i * width + j + 1] ?? 0)
  const shared = common[0] ?? 0
  if (shared * 2 < Math.max(a.length, b.length)) return undefined
  const parts: DiffPart[] = []
  const push = (kind: DiffPart['kind'], text: string) => {
    const last = parts.at(-1)
    if (last?.kind === kind) last.text += text
    else parts.push({ kind, text })
  }
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      push('same', b[j] ?? '')
      i++
      j++
    } else if (
      i < a.length &&
      (j >= b.length || (common[(i + 1) * width + j] ?? 0) >= (common[i * width + j + 1] ?? 0))
    )
      push('removed', a[i++] ?? '')
    else push('added', b[j++] ?? '')
  }
  return parts
}

/** `same [-removed-]{+added+}`, as `git diff --word-diff=plain` writes it. */
export function plainWordDiff(parts: readonly DiffPart[]): string {
  return parts
    .map((p) => {
      if (p.kind === 'same') return p.text
      const [, before = '', text = '', after = ''] = /^(\s*)(.*?)(\s*)$/s.exec(p.text) ?? []
      return p.kind === 'removed' ? `${before}[-${text}-]${after}` : `${before}{+${text}+}${after}`
    })
    .join('')
}
