// Text from a visitor printed on an operator's terminal: made visible, never interpreted.

/**
 * Characters a terminal would act on or that hide what they do: C0 and C1 controls (ESC starts
 * the ANSI sequences that recolour, move the cursor or set the window title), DEL, bidi
 * overrides, marks and isolates (which reorder what is shown), zero-width characters and the
 * Unicode line and paragraph separators.
 */
function unsafe(code: number): boolean {
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x061c ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x2028 && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x2069) ||
    code === 0xfeff
  )
}

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

function escaped(c: string, code: number): string {
  const named = NAMED[c]
  if (named) return named
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`
}

/** `text` with every unsafe character written as an escape (`\x1b`, `\u202e`, `\n`). */
export function forTerminal(text: string, { keepNewlines = false } = {}): string {
  let out = ''
  for (const c of text) {
    const code = c.codePointAt(0) ?? 0
    out += unsafe(code) && !(keepNewlines && c === '\n') ? escaped(c, code) : c
  }
  return out
}
