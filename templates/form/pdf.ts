// A PDF recognised by its structure, not by its first five bytes: the header, then the end of
// the file as a reader starts from it (%%EOF, startxref, the cross-reference section it points
// at, and a trailer that names the document's Root). A renamed text file, a truncated upload or
// a PDF header glued onto anything else fails. Pure TypeScript on bytes: the browser runs it on
// the chosen File's bytes and the inbox on the uploaded ones, so both give the same verdict.

const HEADER = /^%PDF-(1\.[0-7]|2\.0)[\s%]/

/** The bytes as a string of one character per byte (latin1), in chunks to spare the stack. */
function latin1(bytes: Uint8Array, from = 0, to = bytes.length): string {
  let out = ''
  for (let i = Math.max(0, from); i < Math.min(to, bytes.length); i += 8192)
    out += String.fromCharCode(...bytes.subarray(i, Math.min(i + 8192, to, bytes.length)))
  return out
}

/** True when the bytes start with a PDF 1.0 to 2.0 header (the first 16 bytes are enough). */
export function hasPdfHeader(bytes: Uint8Array): boolean {
  return HEADER.test(latin1(bytes, 0, 16))
}

/** Why `bytes` is not a PDF, or null when its header and trailer hold together. */
export function pdfProblem(bytes: Uint8Array): string | null {
  if (!hasPdfHeader(bytes)) return 'no %PDF-1.x or %PDF-2.0 header'
  // Readers look for the last %%EOF within the last 1024 bytes (ISO 32000-2, 7.5.5 note).
  const tail = latin1(bytes, bytes.length - 1024)
  const eof = tail.lastIndexOf('%%EOF')
  if (eof < 0) return 'no %%EOF at the end (truncated?)'
  const start = /startxref\s+(\d+)\s+$/.exec(tail.slice(0, eof))
  if (!start) return 'no startxref before %%EOF'
  const offset = Number(start[1])
  if (!(offset > 0 && offset < bytes.length)) return 'startxref points outside the file'
  const at = latin1(bytes, offset, offset + 4096)
  if (at.startsWith('xref')) return classicXref(bytes, offset)
  if (/^\d+\s+\d+\s+obj\b/.test(at)) return xrefStream(at)
  return 'startxref does not point at a cross-reference section'
}

/** An `xref` table: subsections of 20-byte entries, then `trailer << ... /Root n g R ... >>`. */
function classicXref(bytes: Uint8Array, offset: number): string | null {
  const text = latin1(bytes, offset)
  const table =
    /^xref\s*\r?\n((?:\d+ \d+\s*\r?\n(?:\d{10} \d{5} [nf]\s{1,2})*)+)\s*trailer\s*<</.exec(text)
  if (!table) return 'the cross-reference table is malformed'
  const entries = parseEntries(table[1] ?? '')
  const trailer = text.slice(table[0].length - 2)
  const root = /^<<[\s\S]*?\/Root\s+(\d+)\s+(\d+)\s+R/.exec(trailer)
  if (!root) return 'the trailer names no /Root'
  const rootOffset = entries.get(Number(root[1]))
  // In an incremental update the Root may be listed in an earlier section: only check it here.
  if (rootOffset !== undefined) {
    const obj = latin1(bytes, rootOffset, rootOffset + 64)
    if (!new RegExp(`^${root[1]}\\s+${root[2]}\\s+obj\\b`).test(obj))
      return 'the /Root object is not where the table says'
  }
  return null
}

/** Object number -> byte offset of the in-use (`n`) entries of a classic table. */
function parseEntries(table: string): Map<number, number> {
  const out = new Map<number, number>()
  let next = 0
  for (const line of table.split(/\r?\n/)) {
    const head = /^(\d+) (\d+)\s*$/.exec(line)
    if (head) {
      next = Number(head[1])
      continue
    }
    const entry = /^(\d{10}) (\d{5}) ([nf])/.exec(line)
    if (!entry) continue
    if (entry[3] === 'n') out.set(next, Number(entry[1]))
    next++
  }
  return out
}

/** A cross-reference stream (PDF 1.5+): `n g obj << /Type /XRef ... /Root ... >> stream`. */
function xrefStream(at: string): string | null {
  const dict = /^\d+\s+\d+\s+obj\s*<<([\s\S]*?)>>\s*stream\r?\n/.exec(at)
  if (!dict) return 'the cross-reference stream is malformed'
  const body = dict[1] ?? ''
  if (!/\/Type\s*\/XRef\b/.test(body)) return 'startxref points at an object that is not /XRef'
  if (!/\/Root\s+\d+\s+\d+\s+R/.test(body)) return 'the cross-reference stream names no /Root'
  if (!/\/W\s*\[\s*\d+\s+\d+\s+\d+\s*\]/.test(body)) return 'the cross-reference stream has no /W'
  return null
}
