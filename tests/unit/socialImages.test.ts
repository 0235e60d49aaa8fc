// The share-image card: its fonts, its text laid out by Takumi (line breaking, kerning, shaping,
// the title's size and the cut with …), the card itself, its cache, and the .ico container.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Renderer } from '@takumi-rs/core'
import sharp, { type Region } from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CARD_JPEG,
  cardBackground,
  cardFit,
  cardFontFiles,
  cardRenderer,
  frameNode,
  icoFile,
  type SocialCard,
  textNode,
  textRenderer,
  writeSocialImages,
} from '../../scripts/lib/pipeline/socialImages.ts'
import { SOCIAL_IMAGE } from '../../templates/lib/socialImage.ts'

const card = (title: string, description = 'Puissance 25 à 3150 kVA, tension jusqu’à 36 kV.') =>
  ({
    pageId: 'x',
    lang: 'fr',
    title,
    description,
    company: 'Transfo Tunisie',
    host: 'www.example.com',
  }) satisfies SocialCard

// fontconfig and DejaVu Sans: .ci/run installs them with Chromium (fonts-dejavu-core).
const fontFiles = cardFontFiles()
let renderer: Renderer
beforeAll(async () => {
  renderer = await textRenderer(fontFiles)
})

/** The lines Takumi sets `text` in, at `size` px across `width`, at most `lines` of them (DejaVu Sans, regular or bold). */
async function linesOf(text: string, size: number, width = 1040, lines?: number, bold = false) {
  const measured = await renderer.measure(
    {
      type: 'text',
      text,
      style: {
        fontFamily: "'DejaVu Sans'",
        fontSize: size,
        fontWeight: bold ? 700 : 400,
        ...(lines ? { lineClamp: lines, textOverflow: 'ellipsis' } : {}),
      },
    },
    { width },
  )
  return measured.runs.map((run) => ({ text: run.text.trim(), width: run.width }))
}
const widthOf = async (text: string) => (await linesOf(text, 100, 10_000))[0]?.width ?? 0

describe('the cards’ fonts', () => {
  it('are DejaVu Sans, regular and bold, as fontconfig finds them', () => {
    expect(fontFiles.some((f) => f.endsWith('/DejaVuSans.ttf'))).toBe(true)
    expect(fontFiles.some((f) => f.endsWith('/DejaVuSans-Bold.ttf'))).toBe(true)
  })
})

describe('the cards’ text engine', () => {
  it('kerns pairs and shapes Arabic into joined letters', async () => {
    expect(await widthOf('AV')).toBeLessThan((await widthOf('A')) + (await widthOf('V')))
    // The same letters kept apart (zero-width non-joiners) take their isolated forms: a
    // renderer without shaping, or without an Arabic font (boxes), gives the same width.
    const word = 'محولات'
    expect(
      Math.abs((await widthOf(word)) - (await widthOf([...word].join('\u200c')))),
    ).toBeGreaterThan(5)
  })

  it('breaks lines between words and ends a cut text with …', async () => {
    const lines = await linesOf(
      'Transformateur de distribution triphasé, classe 24 kV',
      68,
      1040,
      undefined,
      true,
    )
    expect(lines.map((l) => l.text)).toEqual([
      'Transformateur de',
      'distribution triphasé,',
      'classe 24 kV',
    ])
    for (const line of lines) expect(line.width).toBeLessThanOrEqual(1040)
    // Cut after two lines, the second ending with …: the same pixels as that text written out.
    const draw = (text: string, lineClamp?: number) =>
      renderer.render(
        {
          type: 'container',
          style: { width: 400, height: 120, display: 'flex', flexDirection: 'column' },
          children: [
            {
              type: 'text',
              text,
              style: { fontFamily: "'DejaVu Sans'", fontSize: 28, width: 400, lineClamp },
            },
          ],
        },
        { width: 400, height: 120, format: 'raw' },
      )
    const long = 'one two three four five six seven eight nine ten eleven twelve thirteen'
    const cut = await draw(long, 2)
    expect(cut.equals(await draw('one two three four five six seven eight nine ten elev…'))).toBe(
      true,
    )
    expect(cut.equals(await draw(long))).toBe(false)
  })

  it('sets a long title smaller, with one line of description under three of title', async () => {
    expect(await cardFit(renderer, 'Cellules MT')).toEqual({
      titleSize: 68,
      titleLines: 1,
      descriptionLines: 2,
    })
    expect(
      await cardFit(
        renderer,
        'Transformateur immergé de distribution triphasé à remplissage intégral, classe 24 kV et plus encore',
      ),
    ).toEqual({ titleSize: 58, titleLines: 3, descriptionLines: 1 })
  })
})

/** Mean absolute difference of two regions of two images, per channel (0-255). */
async function difference(a: string, b: string, region: Region) {
  const [x, y] = await Promise.all([a, b].map((f) => sharp(f).extract(region).raw().toBuffer()))
  let sum = 0
  for (let i = 0; i < (x?.length ?? 0); i++) sum += Math.abs((x?.[i] ?? 0) - (y?.[i] ?? 0))
  return sum / (x?.length ?? 1)
}

/**
 * The whole card drawn at once, as RGB pixels: what cardRenderer() makes from the frame and the
 * band, drawn from the same nodes.
 */
async function wholeCardPixels(renderer: Renderer, card: SocialCard): Promise<Buffer> {
  const { width, height } = SOCIAL_IMAGE
  const frame = frameNode(card)
  const fit = await cardFit(renderer, card.title)
  const node = { ...frame, children: [...(frame.children ?? []), textNode(card, fit, 0)] }
  const images = [cardBackground()]
  const rgba = await renderer.render(node, { width, height, format: 'raw', images })
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .removeAlpha()
    .raw()
    .toBuffer()
}

describe('a card drawn as its band of text between the rows of its frame', () => {
  it('is the same JPEG as the whole card drawn at once', async () => {
    const draw = await cardRenderer(fontFiles)
    const long =
      'Transformateur immergé de distribution triphasé à remplissage intégral, classe 24 kV'
    for (const c of [
      card('Cellules MT'),
      card(
        long,
        'Une description assez longue pour passer à la ligne suivante, puis être coupée là.',
      ),
      card(long),
      card('Postes', ''),
      { ...card('محولات التوزيع'), company: 'Autre société', host: 'www.example.tn' },
    ]) {
      const whole = await sharp(await wholeCardPixels(renderer, c), {
        raw: { width: 1200, height: 630, channels: 3 },
      })
        .jpeg(CARD_JPEG)
        .toBuffer()
      expect((await draw(c)).equals(whole)).toBe(true)
    }
  })
})

describe('writeSocialImages', () => {
  const dir = mkdtempSync(join(tmpdir(), 'og-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('writes a 1200x630 JPEG per card, its text drawn, and reuses the cache', async () => {
    const cards = [
      { ...card('Transformateurs'), pageId: 'latin' },
      { ...card('Postes'), pageId: 'other' },
      { ...card('محولات التوزيع'), pageId: 'arabic' },
    ]
    const cache = join(dir, 'cache')
    await writeSocialImages(join(dir, 'a'), cards, cache)
    const file = (build: string, id: string) => join(dir, build, 'og', 'fr', `${id}.jpg`)
    for (const { pageId } of cards) {
      const meta = await sharp(file('a', pageId)).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630])
    }
    // Where the title is, the cards differ; above it (the company's line) they do not.
    const title = { left: 80, top: 240, width: 600, height: 80 }
    const company = { left: 80, top: 80, width: 600, height: 120 }
    expect(await difference(file('a', 'latin'), file('a', 'other'), title)).toBeGreaterThan(10)
    expect(await difference(file('a', 'latin'), file('a', 'arabic'), title)).toBeGreaterThan(10)
    expect(await difference(file('a', 'latin'), file('a', 'other'), company)).toBeLessThan(0.5)
    // A second build takes the same bytes from the cache.
    await writeSocialImages(join(dir, 'b'), cards, cache)
    for (const { pageId } of cards)
      expect(readFileSync(file('b', pageId))).toEqual(readFileSync(file('a', pageId)))
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
