// Text surgery on a YAML file: edits are (from, to, text) replacements of the original source, so
// every byte outside them stays as it was. A list or mapping whose entries are added, removed or
// reordered is rewritten from its entries' own texts: each entry keeps its lines, its comments
// and the comment lines just above it; the blank lines between entries stay where they were.

/** Replace source[from, to) with text. */
export type Edit = { from: number; to: number; text: string }

/** source[from, to) with the edits that fall inside applied. */
export function applyEdits(source: string, edits: Edit[], from = 0, to = source.length): string {
  const inside = edits
    .filter((e) => e.from >= from && e.to <= to)
    .sort((a, b) => a.from - b.from || a.to - b.to)
  let out = ''
  let at = from
  for (const e of inside) {
    if (e.from < at) throw new Error(`overlapping YAML edits at offset ${e.from}`)
    out += source.slice(at, e.from) + e.text
    at = e.to
  }
  return out + source.slice(at, to)
}

export const lineStart = (src: string, pos: number) => src.lastIndexOf('\n', pos - 1) + 1
export const column = (src: string, pos: number) => pos - lineStart(src, pos)

/** The end of the line holding pos - 1 (after its newline); pos itself when it starts a line. */
export function endOfLine(src: string, pos: number): number {
  if (pos > 0 && src[pos - 1] === '\n') return pos
  const nl = src.indexOf('\n', pos)
  return nl < 0 ? src.length : nl + 1
}

/** The offset where the text of [start, end) stops, trailing blank space and newlines left out. */
export const trimmedEnd = (src: string, start: number, end: number) =>
  start + src.slice(start, end).replace(/\s+$/, '').length

/** Where a block list item's `-` is, from the start of its value. */
export function dashBefore(src: string, valueStart: number): number {
  let p = valueStart - 1
  while (p >= 0 && /[ \t\n]/.test(src[p] as string)) p--
  if (src[p] !== '-') throw new Error(`no "-" before the list item at offset ${valueStart}`)
  return p
}

/**
 * An entry of a block collection: `anchor` is its key or `-`; `begin` takes in the comment lines
 * right above it (no blank line between, at its indentation); `end` is after its last line and
 * the comment lines under it indented deeper (they are inside its value).
 */
export type Entry = { begin: number; anchor: number; end: number }

const commentIndent = (line: string) => /^( *)#/.exec(line)?.[1]?.length

export function blockEntries(src: string, anchors: number[], valueEnds: number[]): Entry[] {
  const entries: Entry[] = []
  for (const [i, anchor] of anchors.entries()) {
    const start = lineStart(src, anchor)
    const col = anchor - start
    let end = endOfLine(src, Math.max(valueEnds[i] ?? anchor, anchor + 1))
    for (;;) {
      const next = endOfLine(src, end + 1)
      if (end >= src.length || (commentIndent(src.slice(end, next)) ?? -1) <= col) break
      end = next
    }
    let begin = src.slice(start, anchor).trim() ? anchor : start
    const floor = entries[i - 1]?.end
    if (floor !== undefined && begin === start)
      while (begin > floor) {
        const previous = lineStart(src, begin - 1)
        if (previous < floor || commentIndent(src.slice(previous, begin - 1)) !== col) break
        begin = previous
      }
    entries.push({ begin, anchor, end })
  }
  return entries
}

/** Old entry by index, or the text of a new one (first line unindented, no final newline). */
export type Planned = number | string

/** The block collection's entries in the planned order, as one edit. */
export function rebuildBlock(src: string, entries: Entry[], plan: Planned[], edits: Edit[]): Edit {
  const first = entries[0] as Entry
  const last = entries[entries.length - 1] as Entry
  // `- key: value`: the collection starts inside a line; its first entry takes that place.
  const compact = src.slice(lineStart(src, first.anchor), first.anchor).trim() !== ''
  const indent = ' '.repeat(column(src, first.anchor))
  const gaps = entries.slice(1).map((e, i) => src.slice((entries[i] as Entry).end, e.begin))
  const blank = gaps.filter((g) => !g.includes('#'))
  const usualGap = blank.sort((a, b) => count(blank, b) - count(blank, a))[0] ?? ''
  const withNewline = (t: string) => (t.endsWith('\n') ? t : `${t}\n`)
  let text = ''
  for (const [pos, planned] of plan.entries()) {
    if (pos > 0) text += gaps[pos - 1] ?? usualGap
    let lead = ''
    let body: string
    if (typeof planned === 'string') body = withNewline(planned)
    else {
      const e = entries[planned] as Entry
      const start = lineStart(src, e.anchor)
      if (e.begin < start) lead = src.slice(e.begin, start)
      body = withNewline(applyEdits(src, edits, e.anchor, e.end))
    }
    text += pos === 0 && compact ? body : lead + indent + body
  }
  if (!src.slice(0, last.end).endsWith('\n')) text = text.replace(/\n$/, '')
  return { from: first.begin, to: last.end, text }
}

const count = (list: string[], x: string) => list.filter((y) => y === x).length

/** A flow collection `{ a: 1, b: 2 }` (one line or several) with its items in the planned order. */
export function rebuildFlow(
  src: string,
  range: { open: number; close: number },
  items: { start: number; end: number }[],
  plan: Planned[],
  edits: Edit[],
): Edit {
  const first = items[0] as { start: number; end: number }
  const last = items[items.length - 1] as { start: number; end: number }
  const leading = src.slice(range.open + 1, first.start)
  const trailing = src.slice(last.end, range.close)
  const second = items[1]
  const separator = second
    ? src.slice(first.end, second.start)
    : leading.includes('\n')
      ? `,\n${' '.repeat(column(src, first.start))}`
      : ', '
  const texts = plan.map((p) => {
    if (typeof p === 'string') return p
    const item = items[p] as { start: number; end: number }
    return applyEdits(src, edits, item.start, item.end)
  })
  const open = src[range.open] as string
  const close = src[range.close] as string
  return {
    from: range.open,
    to: range.close + 1,
    text: open + leading + texts.join(separator) + trailing + close,
  }
}
