// French typography for a text written with plain keys: the spaces French sets before « : ; ! ? »
// and inside guillemets become no-break spaces (a narrow one before ; ! ? and », a full one
// before the colon and after «, as the Imprimerie nationale's rules set them), so a line never
// starts with a colon or a closing guillemet; a typed apostrophe becomes the typographic one.
// Pure: text in, text out. `frenchHtml` applies it to the text of an HTML fragment, never to its
// tags, attributes or the contents of <code> and <pre> (paths such as file:line:col stay as typed).

const NBSP = '\u00a0'
const NNBSP = '\u202f'

/** The French typography of a plain text. */
export function frenchTypography(text: string): string {
  return (
    text
      // A word's apostrophe (l'éditeur, aujourd'hui), not a quote around a word.
      .replace(/(\p{L})'(?=\p{L})/gu, '$1’')
      .replace(/«[ \u00a0\u202f]*/g, `«${NBSP}`)
      .replace(/[ \u00a0\u202f]*»/g, `${NBSP}»`)
      // Not the end of an HTML entity (&amp;).
      .replace(/(?<!&[#\w]*)([^\s&])[ \u00a0\u202f]*([;!?])(?=\s|$|[»)])/g, `$1${NNBSP}$2`)
      // A colon after a word, not inside a time (10:30) or an address (https://).
      .replace(/([\p{L}\p{N})»])[ \u00a0\u202f]*:(?=\s|$)/gu, `$1${NBSP}:`)
      // After an element (<strong>Images</strong> :), the text starts with the sign.
      .replace(/^[ \u00a0\u202f]+:(?=\s|$)/, `${NBSP}:`)
      .replace(/^[ \u00a0\u202f]+([;!?])(?=\s|$)/, `${NNBSP}$1`)
  )
}

/** frenchTypography on the text of an HTML fragment, outside tags, <code> and <pre>. */
export function frenchHtml(html: string): string {
  let verbatim = 0
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      const tag = /^<(\/?)(code|pre)\b/i.exec(part)
      if (tag) verbatim += tag[1] ? -1 : 1
      if (part.startsWith('<') || verbatim > 0) return part
      return frenchTypography(part)
    })
    .join('')
}
