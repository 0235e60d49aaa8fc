// Sets the share cards' text from glyphs drawn once per build. librsvg lays out and draws every
// card's text anew (about 10 ms of a card's 27, with 5 ms for the background it repaints each
// time); a build of a thousand pages draws the same hundred characters a thousand times. Here
// librsvg draws each character once per size into an atlas, the font's tables (cardFont.ts) give
// where each goes, and a card is the shared background with the glyphs blended in: about 1 ms.
// Text the tables cannot set (a character the font lacks, a combining mark, a script that needs
// shaping) leaves that card to librsvg: cardSvg() in socialImages.ts.
import { SOCIAL_IMAGE } from '../../../templates/lib/socialImage.ts'
import { type FontMetrics, resolveFont } from './cardFont.ts'
import { type CardLayout, type CardLine, escapeXml, type Measure } from './socialImages.ts'

type Sharp = typeof import('sharp').default

export type CardFonts = { regular: FontMetrics; bold: FontMetrics }

/** The regular and bold fonts of `families` as fontconfig resolves them, if it does. */
export function cardFonts(families: string): CardFonts | undefined {
  const regular = resolveFont(families, false)
  const bold = resolveFont(families, true)
  return regular && bold && regular.family === bold.family ? { regular, bold } : undefined
}

/** Where the pen stands after some text: its advance (font units) and the last glyph. */
type Pen = { pen: number; previous: number }

/**
 * Walks the pen along `text` (kerning included, in font units) from `from`: `visit` gets each
 * character with the pen where it is drawn. Returns where the pen ends.
 */
function setText(
  font: FontMetrics,
  text: string,
  visit?: (char: string, pen: number) => void,
  from: Pen = { pen: 0, previous: -1 },
): Pen {
  let { pen, previous } = from
  for (const char of text) {
    const glyph = font.glyph(char.codePointAt(0) ?? 0)
    if (previous >= 0) pen += font.kern(previous, glyph)
    visit?.(char, pen)
    pen += font.advance(glyph)
    previous = glyph
  }
  return { pen, previous }
}

/**
 * Pen advance of `text` with kerning, in pixels at `size`. The word wrap measures a line, then the
 * same line and one more word: a text that starts with the last one measured (in the same weight)
 * is measured from where that one ended, not from its start.
 */
export function measureWith(fonts: CardFonts): Measure {
  let last = { bold: false, text: '', end: { pen: 0, previous: -1 } }
  return (text, size, bold) => {
    const font = bold ? fonts.bold : fonts.regular
    const known = last.bold === bold && last.text && text.startsWith(last.text)
    const end = known
      ? setText(font, text.slice(last.text.length), undefined, last.end)
      : setText(font, text)
    last = { bold, text, end }
    return (end.pen * size) / font.unitsPerEm
  }
}

// Scripts whose letters are drawn one glyph per character, left to right, without shaping.
const SIMPLE = /^[\p{Script=Latin}\p{Script=Common}\p{Script=Greek}\p{Script=Cyrillic}]*$/u
const MARK = /\p{M}/u

/** Whether the glyphs of `font` set `text` as librsvg would: no missing glyph, no shaping. */
export function settable(font: FontMetrics, text: string): boolean {
  if (!SIMPLE.test(text) || MARK.test(text)) return false
  for (const char of text) if (font.glyph(char.codePointAt(0) ?? 0) === 0) return false
  return true
}

/** A glyph's coverage, cropped to its ink; left/top place it from the pen on the baseline. */
type Glyph = { mask: Uint8Array; width: number; height: number; left: number; top: number }

/** Draws `chars` once each at `size` (librsvg, white on transparent) and cuts out each glyph. */
async function drawAtlas(
  sharp: Sharp,
  font: FontMetrics,
  size: number,
  chars: string[],
): Promise<Map<string, Glyph>> {
  const cellWidth = Math.ceil(size * 1.8)
  const cellHeight = Math.ceil(size * 1.7)
  const penX = Math.ceil(size * 0.4)
  const baseline = Math.ceil(size * 1.25)
  const columns = Math.max(1, Math.min(chars.length, 16))
  const rows = Math.ceil(chars.length / columns)
  const width = columns * cellWidth
  const text = chars
    .map((char, i) => {
      const x = (i % columns) * cellWidth + penX
      const y = Math.floor(i / columns) * cellHeight + baseline
      return `<text x="${x}" y="${y}">${escapeXml(char)}</text>`
    })
    .join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${rows * cellHeight}"><g font-family="${font.family}" font-size="${size}" font-weight="${font.bold ? 700 : 400}" fill="#fff">${text}</g></svg>`
  const alpha = await sharp(Buffer.from(svg)).ensureAlpha().extractChannel(3).raw().toBuffer()
  const glyphs = new Map<string, Glyph>()
  chars.forEach((char, i) => {
    const x0 = (i % columns) * cellWidth
    const y0 = Math.floor(i / columns) * cellHeight
    let [minX, minY, maxX, maxY] = [cellWidth, cellHeight, -1, -1]
    for (let y = 0; y < cellHeight; y++)
      for (let x = 0; x < cellWidth; x++)
        if (alpha[(y0 + y) * width + x0 + x]) {
          if (x < minX) minX = x
          if (x > maxX) maxX = x
          if (y < minY) minY = y
          if (y > maxY) maxY = y
        }
    if (maxX < 0) return // no ink: a space
    const w = maxX - minX + 1
    const h = maxY - minY + 1
    const mask = new Uint8Array(w * h)
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++)
        mask[y * w + x] = alpha[(y0 + minY + y) * width + x0 + minX + x] ?? 0
    glyphs.set(char, { mask, width: w, height: h, left: minX - penX, top: minY - baseline })
  })
  return glyphs
}

const rgb = (hex: string): [number, number, number] => {
  const n = Number.parseInt(hex.slice(1), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

/**
 * Blends `glyph` in `color` into the RGB `pixels` (a card's rows, `rows` of them) with its pen at
 * (x, y) on the baseline.
 */
function blend(
  pixels: Buffer,
  rows: number,
  glyph: Glyph,
  x: number,
  y: number,
  color: [number, number, number],
) {
  const { width } = SOCIAL_IMAGE
  const [r, g, b] = color
  const { mask, width: glyphWidth } = glyph
  const left = x + glyph.left
  const top = y + glyph.top
  // The part of the glyph inside the card.
  const fromX = Math.max(0, -left)
  const toX = Math.min(glyphWidth, width - left)
  const toY = Math.min(glyph.height, rows - top)
  for (let gy = Math.max(0, -top); gy < toY; gy++) {
    let m = gy * glyphWidth + fromX
    let i = ((top + gy) * width + left + fromX) * 3
    for (let gx = fromX; gx < toX; gx++, m++, i += 3) {
      const a = mask[m] ?? 0
      if (a === 0) continue
      const p0 = pixels[i] ?? 0
      const p1 = pixels[i + 1] ?? 0
      const p2 = pixels[i + 2] ?? 0
      pixels[i] = (p0 + ((r - p0) * a + 127) / 255) | 0
      pixels[i + 1] = (p1 + ((g - p1) * a + 127) / 255) | 0
      pixels[i + 2] = (p2 + ((b - p2) * a + 127) / 255) | 0
    }
  }
}

/** The rectangle a card's glyphs cover, in card pixels (right and bottom excluded). */
export type Ink = { left: number; top: number; right: number; bottom: number }

/** A card drawn from its glyphs. */
export type DrawnCard = {
  /** RGB pixels of the card's rows from `top` down to `bottom` (excluded). */
  pixels: Buffer
  top: number
  bottom: number
  /** Where the text is (an empty rectangle at the origin for a card without text). */
  ink: Ink
}

export type CardDrawer = {
  /**
   * The card as raw RGB pixels, or undefined when its text needs librsvg: the whole card, or
   * with `align`, the rows of its text, from the row its text starts on rounded down to a
   * multiple of `align`, down to one row of `align` without ink below it (or the card's bottom
   * edge, if nearer): the rows below are the background's.
   */
  draw: (layout: CardLayout, align?: number) => Promise<DrawnCard | undefined>
  /** The background of a layout as raw RGB pixels. */
  background: (layout: CardLayout) => Promise<Buffer>
}

/**
 * Draws the cards of `layouts` (the set whose characters the atlases hold): each background and
 * each size's atlas is drawn on first use, so a build whose cards all come from the cache draws
 * none.
 */
export function cardDrawer(sharp: Sharp, fonts: CardFonts, layouts: CardLayout[]): CardDrawer {
  const fontOf = (line: CardLine) => (line.bold ? fonts.bold : fonts.regular)
  const atlasKey = (line: CardLine) => `${line.bold ? 'b' : 'r'}${line.size}`
  const chars = new Map<string, Set<string>>()
  for (const layout of layouts)
    for (const line of layout.lines) {
      const set = chars.get(atlasKey(line)) ?? new Set()
      for (const char of line.text) if (char.trim()) set.add(char)
      chars.set(atlasKey(line), set)
    }
  const atlases = new Map<string, Promise<Map<string, Glyph>>>()
  const atlas = (line: CardLine) => {
    const key = atlasKey(line)
    let drawn = atlases.get(key)
    if (!drawn) {
      drawn = drawAtlas(sharp, fontOf(line), line.size, [...(chars.get(key) ?? [])])
      atlases.set(key, drawn)
    }
    return drawn
  }
  const backgrounds = new Map<string, Promise<Buffer>>()
  const background = (svg: string) => {
    let drawn = backgrounds.get(svg)
    if (!drawn) {
      drawn = sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer()
      backgrounds.set(svg, drawn)
    }
    return drawn
  }
  return {
    background: (layout) => background(layout.background),
    draw: async (layout, align = 0) => {
      const known = (line: CardLine) =>
        [...line.text].every((char) => !char.trim() || chars.get(atlasKey(line))?.has(char))
      // Text the fonts cannot set, or a layout this drawer was not made for: librsvg draws it.
      if (!layout.lines.every((line) => known(line) && settable(fontOf(line), line.text)))
        return undefined
      // Where each glyph goes, and the rectangle they cover.
      const placed: { glyph: Glyph; x: number; y: number; color: [number, number, number] }[] = []
      const ink = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity }
      for (const line of layout.lines) {
        const glyphs = await atlas(line)
        const font = fontOf(line)
        const scale = line.size / font.unitsPerEm
        const color = rgb(line.color)
        // The text hangs from `top`, as in cardSvg() (dominant-baseline="hanging").
        const y = Math.round(line.top + font.hanging * line.size)
        setText(font, line.text, (char, pen) => {
          const glyph = glyphs.get(char)
          if (!glyph) return
          const x = Math.round(line.x + pen * scale)
          placed.push({ glyph, x, y, color })
          ink.left = Math.min(ink.left, x + glyph.left)
          ink.top = Math.min(ink.top, y + glyph.top)
          ink.right = Math.max(ink.right, x + glyph.left + glyph.width)
          ink.bottom = Math.max(ink.bottom, y + glyph.top + glyph.height)
        })
      }
      if (!placed.length) Object.assign(ink, { left: 0, top: 0, right: 0, bottom: 0 })
      const { width, height } = SOCIAL_IMAGE
      const top = align ? Math.max(0, Math.floor(ink.top / align) * align) : 0
      const bottom = align ? Math.min(height, (Math.ceil(ink.bottom / align) + 1) * align) : height
      const rows = bottom - top
      const pixels = Buffer.from(
        (await background(layout.background)).subarray(top * width * 3, bottom * width * 3),
      )
      for (const { glyph, x, y, color } of placed) blend(pixels, rows, glyph, x, y - top, color)
      return { pixels, top, bottom, ink }
    },
  }
}
