// What the share cards need of a font file to set text themselves: which glyph draws each
// character, how far each glyph moves the pen, the kerning of pairs, where a hanging line's baseline is.
// Read from the TrueType/OpenType tables (cmap, hmtx, hhea, head, kern) of the file fontconfig
// resolves for the cards' font family, the same file librsvg draws with.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

export type FontMetrics = {
  file: string
  /** The family fontconfig matched: what librsvg is asked to draw the glyphs with. */
  family: string
  bold: boolean
  unitsPerEm: number
  /**
   * Where librsvg puts the alphabetic baseline below a hanging one, as a share of the em: the
   * ascent less the descent (hhea), which matches its drawing to the pixel at 28, 58 and 68 px.
   */
  hanging: number
  /** The glyph drawing a code point, 0 (the missing glyph) when the font has none. */
  glyph: (codePoint: number) => number
  /** Pen advance of a glyph, in font units. */
  advance: (glyph: number) => number
  /** Kerning between two glyphs, in font units (negative: closer). */
  kern: (left: number, right: number) => number
}

/**
 * The font file fontconfig picks for `families` (comma-separated, first available wins), or
 * undefined when fontconfig is absent or finds nothing usable (the cards then fall back to SVG).
 */
export function resolveFont(families: string, bold: boolean): FontMetrics | undefined {
  try {
    const out = execFileSync(
      'fc-match',
      ['-f', '%{file}\n%{family[0]}\n%{index}', `${families}:weight=${bold ? 200 : 80}`],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    ).split('\n')
    const [file, family, index] = out
    // A collection (.ttc) holds several fonts: not read here.
    if (!file || !family || (index && index !== '0') || !/\.(ttf|otf)$/i.test(file))
      return undefined
    return readFont(readFileSync(file), file, family, bold)
  } catch {
    return undefined
  }
}

/** Parses the tables the cards need; undefined when one is missing or malformed. */
export function readFont(
  bytes: Buffer,
  file: string,
  family: string,
  bold: boolean,
): FontMetrics | undefined {
  try {
    const tables = new Map<string, number>()
    const count = bytes.readUInt16BE(4)
    for (let i = 0; i < count; i++) {
      const entry = 12 + 16 * i
      tables.set(bytes.toString('latin1', entry, entry + 4), bytes.readUInt32BE(entry + 8))
    }
    const head = tables.get('head')
    const hhea = tables.get('hhea')
    const hmtx = tables.get('hmtx')
    const cmap = tables.get('cmap')
    if (head === undefined || hhea === undefined || hmtx === undefined || cmap === undefined)
      return undefined
    const unitsPerEm = bytes.readUInt16BE(head + 18)
    const metricsCount = bytes.readUInt16BE(hhea + 34)
    const ascent = bytes.readInt16BE(hhea + 4)
    const descent = bytes.readInt16BE(hhea + 6) // negative: below the baseline
    const glyph = readCmap(bytes, cmap)
    if (!glyph || unitsPerEm <= 0 || metricsCount === 0) return undefined
    const kerning = readKern(bytes, tables.get('kern'))
    // Wrapping measures each line again as it grows: remember each character's glyph (the
    // format-4 lookup walks the segments; 0.4 s for a thousand cards without this).
    const glyphs = new Map<number, number>()
    const lookup = glyph
    const cachedGlyph = (cp: number) => {
      let g = glyphs.get(cp)
      if (g === undefined) {
        g = lookup(cp)
        glyphs.set(cp, g)
      }
      return g
    }
    return {
      file,
      family,
      bold,
      unitsPerEm,
      hanging: (ascent + descent) / unitsPerEm,
      glyph: cachedGlyph,
      advance: (g) => bytes.readUInt16BE(hmtx + 4 * Math.min(g, metricsCount - 1)),
      kern: (left, right) => kerning.get(left * 65536 + right) ?? 0,
    }
  } catch {
    return undefined
  }
}

/** The Unicode subtable of cmap: format 12 (every plane) or 4 (the basic plane). */
function readCmap(bytes: Buffer, cmap: number): ((codePoint: number) => number) | undefined {
  const count = bytes.readUInt16BE(cmap + 2)
  let best: { format: number; at: number } | undefined
  for (let i = 0; i < count; i++) {
    const platform = bytes.readUInt16BE(cmap + 4 + 8 * i)
    const encoding = bytes.readUInt16BE(cmap + 6 + 8 * i)
    const at = cmap + bytes.readUInt32BE(cmap + 8 + 8 * i)
    const format = bytes.readUInt16BE(at)
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10))
    if (unicode && (format === 12 || (format === 4 && best?.format !== 12))) best = { format, at }
  }
  if (!best) return undefined
  const { format, at } = best
  if (format === 12) {
    const groups = bytes.readUInt32BE(at + 12)
    return (cp) => {
      for (let lo = 0, hi = groups - 1; lo <= hi; ) {
        const mid = (lo + hi) >> 1
        const g = at + 16 + 12 * mid
        if (cp < bytes.readUInt32BE(g)) hi = mid - 1
        else if (cp > bytes.readUInt32BE(g + 4)) lo = mid + 1
        else return bytes.readUInt32BE(g + 8) + cp - bytes.readUInt32BE(g)
      }
      return 0
    }
  }
  const segments = bytes.readUInt16BE(at + 6) / 2
  const ends = at + 14
  const starts = ends + 2 * segments + 2
  const deltas = starts + 2 * segments
  const offsets = deltas + 2 * segments
  return (cp) => {
    if (cp > 0xffff) return 0
    for (let s = 0; s < segments; s++) {
      if (cp > bytes.readUInt16BE(ends + 2 * s)) continue
      const start = bytes.readUInt16BE(starts + 2 * s)
      if (cp < start) return 0
      const delta = bytes.readUInt16BE(deltas + 2 * s)
      const rangeOffset = bytes.readUInt16BE(offsets + 2 * s)
      if (rangeOffset === 0) return (cp + delta) & 0xffff
      const g = bytes.readUInt16BE(offsets + 2 * s + rangeOffset + 2 * (cp - start))
      return g === 0 ? 0 : (g + delta) & 0xffff
    }
    return 0
  }
}

/** Horizontal pairs of the kern table's format-0 subtables (the table HarfBuzz reads too). */
function readKern(bytes: Buffer, kern: number | undefined): Map<number, number> {
  const pairs = new Map<number, number>()
  if (kern === undefined || bytes.readUInt16BE(kern) !== 0) return pairs
  let at = kern + 4
  for (let t = bytes.readUInt16BE(kern + 2); t > 0; t--) {
    const length = bytes.readUInt16BE(at + 2)
    const coverage = bytes.readUInt16BE(at + 4)
    // Format 0, horizontal, values (not minimums), not cross-stream.
    if (coverage >> 8 === 0 && (coverage & 0x7) === 0x1) {
      const n = bytes.readUInt16BE(at + 6)
      for (let p = 0; p < n; p++) {
        const pair = at + 14 + 6 * p
        pairs.set(
          bytes.readUInt16BE(pair) * 65536 + bytes.readUInt16BE(pair + 2),
          bytes.readInt16BE(pair + 4),
        )
      }
    }
    at += length
  }
  return pairs
}
