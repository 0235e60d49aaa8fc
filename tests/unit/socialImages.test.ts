// The share-image card: its text layout, the font tables it is set with, the glyph-drawn card
// against librsvg's drawing of the same layout, and the .ico container.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { MCU, spliceBase, spliceCard } from '../../scripts/lib/build/cardJpeg.ts'
import { cardDrawer, cardFonts, measureWith } from '../../scripts/lib/build/cardText.ts'
import {
  CARD_FONT_FAMILIES,
  CARD_JPEG,
  cardLayout,
  cardSvg,
  icoFile,
  type SocialCard,
  socialCardSvg,
  wrapText,
  writeSocialImages,
} from '../../scripts/lib/build/socialImages.ts'

const card = (title: string, description = 'Puissance 25 à 3150 kVA, tension jusqu’à 36 kV.') =>
  ({
    pageId: 'x',
    lang: 'fr',
    title,
    description,
    company: 'Transfo Tunisie',
    host: 'www.example.com',
  }) satisfies SocialCard

describe('share image text', () => {
  it('wraps by words and ends a cut text with an ellipsis that fits', () => {
    const upTo = (n: number) => (line: string) => line.length <= n
    expect(wrapText('Transformateur de distribution triphasé, classe 24 kV', upTo(26), 3)).toEqual([
      'Transformateur de',
      'distribution triphasé,',
      'classe 24 kV',
    ])
    expect(wrapText('one two three four five six', upTo(9), 2)).toEqual(['one two', 'three…'])
    expect(wrapText('one two three four', upTo(7), 1)).toEqual(['one…'])
    expect(wrapText('Anticonstitutionnellement', upTo(8), 1)).toEqual(['Anticon…'])
  })

  it('escapes the page text it draws', () => {
    const svg = socialCardSvg({
      ...card('Tom & Jerry <script>', 'Say "hi"'),
      company: "O'Brien",
    })
    expect(svg).toContain('Tom &#38; Jerry &#60;script&#62;')
    expect(svg).toContain('Say &#34;hi&#34;')
    expect(svg).toContain('O&#39;Brien')
    expect(svg).not.toContain('<script>')
  })
})

// fontconfig and DejaVu Sans: .ci/run installs them with Chromium (fonts-dejavu-core).
const fonts = cardFonts(CARD_FONT_FAMILIES)

describe('the cards’ font, read from its tables', () => {
  it('is the file librsvg draws with, with glyphs, advances and kerning', () => {
    expect(fonts?.bold.file).toMatch(/DejaVuSans-Bold\.ttf$/)
    if (!fonts) return
    const measure = measureWith(fonts)
    // DejaVu Sans Bold: "H" advances 1714 of 2048 units; "A" and "V" kern together.
    expect(measure('H', 2048, true)).toBe(1714)
    expect(measure('AV', 100, false)).toBeLessThan(
      measure('A', 100, false) + measure('V', 100, false),
    )
    expect(fonts.regular.glyph('é'.codePointAt(0) ?? 0)).toBeGreaterThan(0)
    expect(fonts.regular.glyph(0x4e2d)).toBe(0) // 中: not in DejaVu Sans
  })

  it('wraps the title to the card’s width, measured', () => {
    if (!fonts) throw new Error('fontconfig did not find DejaVu Sans')
    const measure = measureWith(fonts)
    const title = 'Transformateur immergé de distribution triphasé à remplissage intégral'
    const { lines } = cardLayout(card(title), measure)
    for (const line of lines)
      expect(measure(line.text, line.size, line.bold)).toBeLessThanOrEqual(1040)
    expect(
      lines
        .filter((l) => l.bold)
        .map((l) => l.text)
        .join(' '),
    ).toBe(title)
  })
})

/** Mean absolute difference of two RGB images of the card's size, per channel (0-255). */
const difference = (a: Buffer, b: Buffer) => {
  let sum = 0
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0))
  return sum / a.length
}
const raw = { width: 1200, height: 630, channels: 3 } as const

describe('a card drawn from glyphs', () => {
  it('looks like librsvg’s drawing of the same card, text in place', async () => {
    if (!fonts) throw new Error('fontconfig did not find DejaVu Sans')
    const layouts = ['Cellules MT', 'Transformateur de distribution « AVATAR » 24 kV, Wy'].map(
      (t) => cardLayout(card(t), measureWith(fonts)),
    )
    const drawer = cardDrawer(sharp, fonts, layouts)
    for (const layout of layouts) {
      const drawn = (await drawer.draw(layout))?.pixels
      if (!drawn) throw new Error('the glyph drawer left a Latin card to librsvg')
      const svg = await sharp(Buffer.from(cardSvg(layout)))
        .removeAlpha()
        .raw()
        .toBuffer()
      const background = await sharp(Buffer.from(layout.background)).removeAlpha().raw().toBuffer()
      // The text is there (it differs from the background as much as librsvg's does) ...
      expect(difference(drawn, background)).toBeGreaterThan(0.7 * difference(svg, background))
      // ... and in the same place: glyphs rounded to whole pixels, antialiasing apart (a line
      // one pixel low gives 1.4, no kerning 8).
      expect(difference(drawn, svg)).toBeLessThan(1)
    }
  })

  it('leaves text that needs shaping, or another font, to librsvg', async () => {
    if (!fonts) throw new Error('fontconfig did not find DejaVu Sans')
    const layouts = ['محولات التوزيع', 'Transformateur 中'].map((t) => cardLayout(card(t)))
    const drawer = cardDrawer(sharp, fonts, layouts)
    for (const layout of layouts) expect(await drawer.draw(layout)).toBeUndefined()
    // Not one of the layouts it was made for: its glyphs are not in the atlas.
    expect(await drawer.draw(cardLayout(card('Autre page')))).toBeUndefined()
  })
})

describe("a card's JPEG spliced from its background's", () => {
  it('is byte for byte sharp’s encoding of the whole card', async () => {
    if (!fonts) throw new Error('fontconfig did not find DejaVu Sans')
    const measure = measureWith(fonts)
    const layouts = [
      card('Cellules MT'),
      card('Transformateur de distribution immergé dans l’huile, triphasé, 24 kV (classe A0Ak)'),
      card(
        'Postes',
        'Une ligne de description assez longue pour passer à la ligne suivante du bas.',
      ),
      { ...card('Power transformers'), host: 'www.example.tn' },
    ].map((c) => cardLayout(c, measure))
    const drawer = cardDrawer(sharp, fonts, layouts)
    const jpeg = (pixels: Buffer, height: number) =>
      sharp(pixels, { raw: { width: 1200, height, channels: 3 } })
        .jpeg(CARD_JPEG)
        .toBuffer()
    for (const layout of layouts) {
      const base = spliceBase(await jpeg(await drawer.background(layout), 630))
      const band = await drawer.draw(layout, MCU)
      const whole = await drawer.draw(layout)
      if (!base || !band || !whole) throw new Error('not drawn from glyphs')
      expect(band.top).toBeGreaterThan(0)
      expect(band.top % MCU).toBe(0)
      // The rows of the text only: the rows below are the background's too.
      expect(band.bottom).toBeLessThan(630)
      expect(band.bottom % MCU).toBe(0)
      const spliced = spliceCard(base, await jpeg(band.pixels, band.bottom - band.top), band.top)
      expect(spliced?.equals(await jpeg(whole.pixels, 630))).toBe(true)
    }
  })
})

describe('writeSocialImages', () => {
  const dir = mkdtempSync(join(tmpdir(), 'og-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('writes a 1200x630 JPEG per card, glyph-drawn or by librsvg, and reuses the cache', async () => {
    const cards = [
      { ...card('Transformateurs'), pageId: 'latin' },
      { ...card('محولات التوزيع'), pageId: 'arabic' },
    ]
    const cache = join(dir, 'cache')
    await writeSocialImages(join(dir, 'a'), cards, cache)
    for (const id of ['latin', 'arabic']) {
      const meta = await sharp(join(dir, 'a', 'og', 'fr', `${id}.jpg`)).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630])
    }
    // Drawn from the glyphs: close to librsvg's drawing of the same layout.
    const layout = cardLayout(cards[0] as SocialCard, fonts && measureWith(fonts))
    const written = await sharp(join(dir, 'a', 'og', 'fr', 'latin.jpg'))
      .raw()
      .toBuffer()
    const svg = await sharp(Buffer.from(cardSvg(layout)))
      .removeAlpha()
      .raw()
      .toBuffer()
    expect(written.length).toBe(raw.width * raw.height * raw.channels)
    expect(difference(written, svg)).toBeLessThan(2.5) // JPEG's loss included
    // A second build takes the same bytes from the cache.
    await writeSocialImages(join(dir, 'b'), cards, cache)
    for (const id of ['latin', 'arabic'])
      expect(readFileSync(join(dir, 'b', 'og', 'fr', `${id}.jpg`))).toEqual(
        readFileSync(join(dir, 'a', 'og', 'fr', `${id}.jpg`)),
      )
  })
})

describe('favicon.ico', () => {
  it('is an icon directory pointing at each PNG in turn', () => {
    const a = Buffer.from('PNG-A')
    const b = Buffer.from('PNG-BB')
    const ico = icoFile([
      { size: 16, data: a },
      { size: 256, data: b },
    ])
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 2])
    // entry 1: 16 px, 5 bytes at offset 38 (6 + 2 * 16); entry 2: 256 px is written as 0
    expect([ico.readUInt8(6), ico.readUInt32LE(14), ico.readUInt32LE(18)]).toEqual([16, 5, 38])
    expect([ico.readUInt8(22), ico.readUInt32LE(30), ico.readUInt32LE(34)]).toEqual([0, 6, 43])
    expect(ico.subarray(38).toString()).toBe('PNG-APNG-BB')
  })
})
