// Share images (og:image, 1200x630 JPEG) for every page and language, drawn at build time from
// the page's title and description in the site's colours, and the icons derived from
// public/favicon.svg. Social networks show neither SVG share images nor SVG icons, hence the
// rasters. A card is laid out and drawn by Takumi, a maintained Rust renderer with a text engine
// (shaping, kerning, bidi, line breaking, font fallback), and encoded by sharp. Rendered images
// are cached by the hash of their source, so a build only draws what changed.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ContainerNode, Node, Renderer } from '@takumi-rs/core'
import type { Lang } from '../../../templates/lib/languages.ts'
import { ICONS, SOCIAL_IMAGE, socialImagePath } from '../../../templates/lib/socialImage.ts'
import { cachedRender } from '../images/imageCache.ts'
import { runPool } from '../images/pool.ts'

export type SocialCard = {
  pageId: string
  lang: Lang
  title: string
  description: string
  company: string
  host: string
}

const BRAND = { dark: '#08375f', main: '#0b4f8a', accent: '#f59e0b', text: '#ffffff' }
const MUTED = '#dbe7f3'
/** The families the cards' text is set in, in order of preference. */
export const CARD_FONT_FAMILIES: readonly string[] = ['DejaVu Sans', 'Liberation Sans', 'Arial']

/**
 * The font files of the cards' families on this machine, regular and bold, as fontconfig finds
 * them (fonts-dejavu-core on Debian). Takumi reads no system fonts: without fontconfig or these
 * families it sets the text in its built-in font, which has no Arabic.
 */
export function cardFontFiles(): string[] {
  const files: string[] = []
  for (const weight of [80, 200]) {
    let sorted: string
    try {
      // fontconfig's fonts for the families, nearest first: each family's first upright face of
      // normal width at this weight. (It answers every request: other families are left out.)
      sorted = execFileSync(
        'fc-match',
        [
          '-s',
          '-f',
          '%{file}\t%{family[0]}\t%{slant}\t%{width}\n',
          `${CARD_FONT_FAMILIES}:weight=${weight}`,
        ],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
      )
    } catch {
      return [] // no fontconfig
    }
    const found = new Set<string>()
    for (const [file, family, slant, width] of sorted.split('\n').map((l) => l.split('\t')))
      if (
        file &&
        family &&
        CARD_FONT_FAMILIES.includes(family) &&
        !found.has(family) &&
        slant === '0' &&
        width === '100'
      ) {
        found.add(family)
        files.push(file)
      }
  }
  return files
}

/** What every card shares: brand gradient, the two rings, the accent bar and the mark. */
const { width: WIDTH, height: HEIGHT } = SOCIAL_IMAGE
const BACKGROUND = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${BRAND.dark}"/><stop offset="1" stop-color="${BRAND.main}"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
<g fill="none" stroke-width="26" opacity="0.16"><circle cx="960" cy="330" r="190" stroke="${BRAND.text}"/><circle cx="1130" cy="330" r="190" stroke="${BRAND.accent}"/></g>
<rect x="80" y="90" width="120" height="8" rx="4" fill="${BRAND.accent}"/>
<g fill="none" stroke-width="7"><circle cx="102" cy="160" r="22" stroke="${BRAND.text}"/><circle cx="126" cy="160" r="22" stroke="${BRAND.accent}"/></g>
</svg>`
const BACKGROUND_SRC = 'card-background.svg'
/** The cards' background as Takumi takes it: an image the frame names by `BACKGROUND_SRC`. */
export const cardBackground = () => ({ src: BACKGROUND_SRC, data: Buffer.from(BACKGROUND) })

/** The width the title and the description may take: the card less its margins. */
const TEXT_WIDTH = WIDTH - 2 * 80
const TITLE = { top: 250, size: 68, smallSize: 58, lineHeight: 1.18, maxLines: 3 }
const DESCRIPTION = { gap: 24, size: 28, lineHeight: 38, maxLines: 2 }

/**
 * The title's size and the description's lines: a title that needs three lines at 68 px is set
 * at 58 px (three lines at most, then …), and under a three-line title the description gets one
 * line, since two would reach the host's line.
 */
export type CardFit = { titleSize: number; titleLines: number; descriptionLines: number }

const textStyle = (size: number, bold: boolean) => ({
  fontFamily: CARD_FONT_FAMILIES.map((f) => `'${f}'`).join(', '),
  fontSize: size,
  fontWeight: bold ? 700 : 400,
})

/**
 * The card's grid places the company and host by their baselines, the title and description by
 * the top of their capitals (as the SVG design did). A CSS line box starts above both:
 * DejaVu Sans's ascent is 0.928 em and its ascent plus descent 1.164 em (the line's content,
 * centred in the line height); capitals hang about 0.8 em above the baseline.
 */
const FONT_ASCENT = 0.928
const FONT_BOX = 1.164
const HANGING = 0.8
/** The top of the line box whose capitals hang from `top`. */
const boxAbove = (top: number, size: number, lineHeight: number) =>
  top - (lineHeight - size * FONT_BOX) / 2 - (FONT_ASCENT - HANGING) * size

/** Lines of `text` at `size` across the text width, as Takumi breaks them. */
async function lineCount(renderer: Renderer, text: string, size: number): Promise<number> {
  const measured = await renderer.measure(
    { type: 'text', text, style: { ...textStyle(size, true), lineHeight: TITLE.lineHeight } },
    { width: TEXT_WIDTH },
  )
  return new Set(measured.runs.map((run) => Math.round(run.y))).size
}

export async function cardFit(renderer: Renderer, title: string): Promise<CardFit> {
  const big = await lineCount(renderer, title, TITLE.size)
  const titleSize = big < TITLE.maxLines ? TITLE.size : TITLE.smallSize
  const lines = titleSize === TITLE.size ? big : await lineCount(renderer, title, TITLE.smallSize)
  const titleLines = Math.min(lines, TITLE.maxLines)
  const descriptionLines = titleLines < TITLE.maxLines ? DESCRIPTION.maxLines : 1
  return { titleSize, titleLines, descriptionLines }
}

/**
 * The first row a card's title can reach: the rows above, and those below its text (`textBottom`),
 * are the frame's, the same on every card of a site, so they are drawn once and each card draws
 * only the band between.
 */
export const CARD_BAND_TOP = 192

/** The lines' geometry: where the title's line boxes start and the description's gap below. */
function textGeometry(fit: CardFit) {
  const titleLineHeight = fit.titleSize * TITLE.lineHeight
  const titleBox = boxAbove(TITLE.top, fit.titleSize, titleLineHeight)
  // The description's capitals hang `gap` below the title's last line.
  const descriptionGap =
    DESCRIPTION.gap +
    (TITLE.top - titleBox) -
    (DESCRIPTION.lineHeight - DESCRIPTION.size * FONT_BOX) / 2 -
    (FONT_ASCENT - HANGING) * DESCRIPTION.size
  // The last row the text can reach: its line boxes hold the glyphs' descents.
  const textBottom = Math.ceil(
    titleBox +
      fit.titleLines * titleLineHeight +
      descriptionGap +
      fit.descriptionLines * DESCRIPTION.lineHeight,
  )
  return { titleBox, descriptionGap, textBottom: Math.min(HEIGHT, textBottom + 8) }
}

const at = (left: number, top: number) => ({ position: 'absolute', left, top }) as const

/** What the cards of a site share: the background, the company and the host. */
export function frameNode(card: SocialCard): ContainerNode {
  return {
    type: 'container',
    style: { width: WIDTH, height: HEIGHT, backgroundImage: `url(${BACKGROUND_SRC})` },
    children: [
      {
        type: 'text',
        text: card.company,
        style: { ...at(170, 172 - FONT_ASCENT * 34), ...textStyle(34, true), color: BRAND.text },
      },
      {
        type: 'text',
        text: card.host,
        style: { ...at(80, HEIGHT - 56 - FONT_ASCENT * 26), ...textStyle(26, false), color: MUTED },
      },
    ],
  }
}

/** The card's own text, its title and description, placed `top` rows higher than on the card. */
export function textNode(card: SocialCard, fit: CardFit, top: number): Node {
  const { titleBox, descriptionGap } = textGeometry(fit)
  const clamp = (lines: number) => ({
    width: TEXT_WIDTH,
    lineClamp: lines,
    textOverflow: 'ellipsis',
  })
  return {
    type: 'container',
    style: { ...at(80, titleBox - top), display: 'flex', flexDirection: 'column' },
    children: [
      {
        type: 'text',
        text: card.title,
        style: {
          ...textStyle(fit.titleSize, true),
          ...clamp(TITLE.maxLines),
          lineHeight: TITLE.lineHeight,
          color: BRAND.text,
        },
      },
      {
        type: 'text',
        text: card.description,
        style: {
          ...textStyle(DESCRIPTION.size, false),
          ...clamp(fit.descriptionLines),
          lineHeight: `${DESCRIPTION.lineHeight}px`,
          marginTop: descriptionGap,
          color: MUTED,
        },
      },
    ],
  }
}

/**
 * A baseline JPEG without optimised Huffman tables: about 3 ms a card against 6 ms with them
 * (sharp's libjpeg-turbo; Takumi's own encoder took 7.5 ms), for files 6-13 % larger. A cold
 * build encodes one card per page and language; a social network fetches each once.
 */
export const CARD_JPEG = { quality: 80, optimiseCoding: false } as const

/** A Takumi renderer that knows the cards' fonts. */
export async function textRenderer(fontFiles: readonly string[]): Promise<Renderer> {
  const { Renderer } = await import('@takumi-rs/core')
  const renderer = new Renderer()
  for (const file of fontFiles) await renderer.registerFont(readFileSync(file))
  return renderer
}

/**
 * Draws cards: one Takumi renderer with the cards' fonts, its pixels encoded by sharp. The frame
 * of a site's cards is drawn once; a card is the band of rows its text takes, drawn over the
 * frame's rows and put between the frame's rows above and below it: the same pixels as the whole card drawn at once (a unit
 * test compares them), for about half the drawing.
 */
export async function cardRenderer(
  fontFiles: readonly string[] = cardFontFiles(),
): Promise<(card: SocialCard) => Promise<Buffer>> {
  const sharp = (await import('sharp')).default as Sharp
  const renderer = await textRenderer(fontFiles)
  const raw = (channels: 3 | 4, height: number = HEIGHT) => ({
    raw: { width: WIDTH, height, channels },
  })
  const frames = new Map<
    string,
    Promise<{ pixels: Buffer; below: { src: string; data: Buffer } }>
  >()
  const frameOf = (card: SocialCard) => {
    const key = JSON.stringify([card.company, card.host])
    let frame = frames.get(key)
    if (!frame) {
      frame = (async () => {
        const images = [cardBackground()]
        const rgba = await renderer.render(frameNode(card), {
          width: WIDTH,
          height: HEIGHT,
          format: 'raw',
          images,
        })
        const pixels = await sharp(rgba, raw(4)).removeAlpha().raw().toBuffer()
        // The bands' background: the frame's rows from the band's top, lossless (Takumi decodes
        // it once).
        const data = await sharp(pixels, raw(3))
          .extract({ left: 0, top: CARD_BAND_TOP, width: WIDTH, height: HEIGHT - CARD_BAND_TOP })
          .png({ compressionLevel: 0 })
          .toBuffer()
        return { pixels, below: { src: `card-frame-${frames.size}.png`, data } }
      })()
      frames.set(key, frame)
    }
    return frame
  }
  return async (card) => {
    const [frame, fit] = await Promise.all([frameOf(card), cardFit(renderer, card.title)])
    const height = textGeometry(fit).textBottom - CARD_BAND_TOP
    const band = await renderer.render(
      {
        type: 'container',
        style: { width: WIDTH, height, backgroundImage: `url(${frame.below.src})` },
        children: [textNode(card, fit, CARD_BAND_TOP)],
      },
      { width: WIDTH, height, format: 'raw', images: [frame.below] },
    )
    const row = WIDTH * 3
    const pixels = Buffer.concat([
      frame.pixels.subarray(0, CARD_BAND_TOP * row),
      await sharp(band, raw(4, height)).removeAlpha().raw().toBuffer(),
      frame.pixels.subarray((CARD_BAND_TOP + height) * row),
    ])
    return sharp(pixels, raw(3)).jpeg(CARD_JPEG).toBuffer()
  }
}

type Sharp = typeof import('sharp').default

let cardCode: string | undefined
/**
 * What else sets a card's pixels than its text: this file (the card's design), Takumi (layout
 * and drawing) and sharp's libvips (the JPEG encoder).
 */
function cardCodeVersion(sharp: Sharp): string {
  // Takumi's package.json is not among its exports: found beside its entry (dist/export.mjs).
  const takumi = () => join(fileURLToPath(import.meta.resolve('@takumi-rs/core')), '../..')
  cardCode ??= createHash('sha256')
    .update(JSON.stringify(sharp.versions))
    .update(readFileSync(join(takumi(), 'package.json')))
    .update(readFileSync(new URL(import.meta.url)))
    .digest('hex')
    .slice(0, 16)
  return cardCode
}

/**
 * Writes /og/<lang>/<page>.jpg for every card. A card is cached by what it shows and what draws
 * it (code, fonts), so a build draws only the cards whose text changed; the renderer and its
 * fonts are loaded only then.
 */
export async function writeSocialImages(
  clientDir: string,
  cards: SocialCard[],
  cacheDir: string,
  fontFiles: readonly string[] = cardFontFiles(),
): Promise<void> {
  const sharp = (await import('sharp')).default as Sharp
  // The font files are part of the key: another font sets other pixels.
  const fontKey = fontFiles
    .map((file) => {
      const { size, mtimeMs } = statSync(file)
      return `${file}:${size}:${mtimeMs}`
    })
    .join(':')
  const code = cardCodeVersion(sharp)
  let draw: Promise<(card: SocialCard) => Promise<Buffer>> | undefined
  await runPool(
    cards.map((card) => () => {
      const { title, description, company, host } = card
      const key = `og5:${code}:${fontKey}:${JSON.stringify([title, description, company, host])}`
      return cachedRender(
        key,
        join(clientDir, socialImagePath(card.pageId, card.lang)),
        cacheDir,
        async () => {
          draw ??= cardRenderer(fontFiles)
          return (await draw)(card)
        },
      )
    }),
  )
}

/** An .ico file holding PNG images (Windows Vista and every current browser read these). */
export function icoFile(pngs: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * pngs.length)
  header.writeUInt16LE(0, 0) // reserved
  header.writeUInt16LE(1, 2) // 1 = icon
  header.writeUInt16LE(pngs.length, 4)
  let offset = header.length
  pngs.forEach(({ size, data }, i) => {
    const entry = 6 + 16 * i
    header.writeUInt8(size >= 256 ? 0 : size, entry) // 0 means 256
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1)
    header.writeUInt8(0, entry + 2) // no palette
    header.writeUInt8(0, entry + 3)
    header.writeUInt16LE(1, entry + 4) // colour planes
    header.writeUInt16LE(32, entry + 6) // bits per pixel
    header.writeUInt32LE(data.length, entry + 8)
    header.writeUInt32LE(offset, entry + 12)
    offset += data.length
  })
  return Buffer.concat([header, ...pngs.map((p) => p.data)])
}

export type IconSet = { name: string; shortName: string; themeColor: string; startUrl: string }

/** favicon.ico (16, 32, 48), apple-touch-icon.png (180), icon-192/512.png and the manifest. */
export async function writeIcons(
  clientDir: string,
  svgFile: string,
  app: IconSet,
  cacheDir: string,
): Promise<void> {
  const sharp = (await import('sharp')).default as Sharp
  const svg = readFileSync(svgFile)
  const png = (size: number, background?: string) => {
    // Render at the target density so small sizes stay crisp.
    const image = sharp(svg, { density: Math.max(72, (72 * size) / 64) }).resize(size, size)
    return (background ? image.flatten({ background }) : image).png().toBuffer()
  }
  const source = svg.toString('utf8')
  await cachedRender(`ico1:${source}`, join(clientDir, ICONS.ico), cacheDir, async () =>
    icoFile(await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(size) })))),
  )
  // iOS shows transparency as black: the touch icon gets a solid background.
  await cachedRender(`apple1:${source}`, join(clientDir, ICONS.appleTouch), cacheDir, () =>
    png(180, '#ffffff'),
  )
  for (const size of [192, 512])
    await cachedRender(
      `icon1:${size}:${source}`,
      join(clientDir, `icon-${size}.png`),
      cacheDir,
      () => png(size),
    )
  const manifest = {
    name: app.name,
    short_name: app.shortName,
    start_url: app.startUrl,
    display: 'browser',
    theme_color: app.themeColor,
    background_color: '#ffffff',
    icons: [
      { src: ICONS.svg, type: 'image/svg+xml', sizes: 'any' },
      { src: '/icon-192.png', type: 'image/png', sizes: '192x192' },
      { src: '/icon-512.png', type: 'image/png', sizes: '512x512' },
    ],
  }
  writeFileSync(join(clientDir, ICONS.manifest), `${JSON.stringify(manifest, null, 2)}\n`)
}
