// The markup of running text (paragraphs, list items, any content string): **bold** and
// [label](target) links, the target a page:<id>, doc:<id>, /path, #anchor or URL. One parser
// for the renderer (RichText.tsx) and the checks (checks.ts, documentKeywords.ts): what the
// check judges as a link is what the page shows as one. Plain string work, no React, no node:.
//
// The syntax, as the renderer has always read it:
// - scanned left to right; where both could start, bold is tried first;
// - **bold**: the shortest run of one or more characters on one line between two `**`; its text
//   is plain (a link inside bold is not a link: the page shows its brackets);
// - [label](target): a label of one or more characters other than `]` (a `[` and line breaks
//   included: `[a [b](x)` is the link `a [b`), a target of one or more characters other than `)`
//   and white space (`[a](x_(y))` is the link `x_(y` followed by the text `)`);
// - no escapes (`\[a](x)` is a link after a backslash) and no nesting (`[a [b] c](x)`, `[](x)`
//   and `[a](b c)` are text).

/** One marked-up run of a text, at `start` (inclusive) to `end` (exclusive) in that text. */
export type InlineMark =
  | { kind: 'bold'; start: number; end: number; text: string }
  | { kind: 'link'; start: number; end: number; label: string; target: string }

/** A `[label](target)` link of a text, as the page renders it. */
export type InlineLink = Extract<InlineMark, { kind: 'link' }>

const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g

/** The bold runs and links of `text`, in order; what lies between them is plain text. */
export function inlineMarks(text: string): InlineMark[] {
  if (!text.includes('**') && !text.includes('](')) return []
  const out: InlineMark[] = []
  for (const m of text.matchAll(INLINE)) {
    const start = m.index
    const end = start + m[0].length
    if (m[1] !== undefined) out.push({ kind: 'bold', start, end, text: m[1] })
    else out.push({ kind: 'link', start, end, label: m[2] ?? '', target: m[3] ?? '' })
  }
  return out
}

/** The links of `text` that the page renders as links (none inside bold), in order. */
export function inlineLinks(text: string): InlineLink[] {
  if (!text.includes('](')) return []
  return inlineMarks(text).filter((m): m is InlineLink => m.kind === 'link')
}
