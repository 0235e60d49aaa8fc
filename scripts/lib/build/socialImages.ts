// Share images (og:image, 1200x630 JPEG) for every page and language, drawn at build time from
// the page's title and description in the site's colours (an SVG card rendered by sharp), and
// the icons derived from public/favicon.svg. Social networks show neither SVG share images nor
// SVG icons, hence the rasters. Rendered images are cached by the hash of their source, so a
// build only draws what changed.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Lang } from '../../../templates/content.ts'
import { ICONS, SOCIAL_IMAGE, socialImagePath } from '../../../templates/lib/socialImage.ts'
import { runPool } from '../images/pool.ts'
import { MCU, type SpliceBase, spliceBase, spliceCard } from './cardJpeg.ts'
import { type CardDrawer, type CardFonts, cardDrawer, cardFonts, measureWith } from './cardText.ts'
import { linkOrCopy } from './outputFiles.ts'

export type SocialCard = {
  pageId: string
  lang: Lang
  title: string
  description: string
  company: string
  host: string
}

const BRAND = { dark: '#08375f', main: '#0b4f8a', accent: '#f59e0b', text: '#ffffff' }
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif"
/** The same families for fontconfig, which resolves the file the card's text is set with. */
export const CARD_FONT_FAMILIES = 'DejaVu Sans,Liberation Sans,Arial,sans-serif'

export const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** Width of a text in pixels at a size, regular or bold; the cards' wrap measures with it. */
export type Measure = (text: string, size: number, bold: boolean) => number

/**
 * Without the font's metrics: an average glyph of 0.588 em (DejaVu Sans; the wrap this gives is
 * 26 characters a line for the title and 63 for the description).
 */
const averageWidth: Measure = (text, size) => [...text].length * size * 0.588

/**
 * Greedy word wrap. A text cut after `maxLines` ends with …, as does a single word too long for
 * a line; the ellipsis fits too.
 */
export function wrapText(
  text: string,
  fits: (line: string) => boolean,
  maxLines: number,
): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && !fits(`${line} ${word}`)) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  const trim = (s: string) => s.replace(/[\s,.;:!?]+$/, '')
  const ellipsis = (s: string) => {
    let kept = trim(s)
    // Words go (or, from a single word, characters) until the ellipsis fits as well.
    while (kept && !fits(`${kept}…`)) {
      const shorter = kept.replace(/\s+\S+$/, '')
      kept = trim(shorter !== kept ? shorter : kept.slice(0, -1))
    }
    return `${kept}…`
  }
  return lines
    .slice(0, maxLines)
    .map((l, i) => (fits(l) && (i < maxLines - 1 || lines.length <= maxLines) ? l : ellipsis(l)))
}

/** A line of text on a card: its top-left corner (the text hangs from `top`), size, colour. */
export type CardLine = {
  text: string
  x: number
  top: number
  size: number
  bold: boolean
  color: string
}

/** A card: what every card of a language shares (as SVG), and the page's own lines of text. */
export type CardLayout = { background: string; lines: CardLine[] }

/** The width the title and the description may take: the card less its margins. */
const TEXT_WIDTH = SOCIAL_IMAGE.width - 2 * 80

/**
 * The card: brand gradient, the transformer mark, company and host (the background), then the
 * page's title and description wrapped to the card's width by `measure`.
 */
export function cardLayout(card: SocialCard, measure: Measure = averageWidth): CardLayout {
  const { width, height } = SOCIAL_IMAGE
  const wrap = (text: string, size: number, bold: boolean, maxLines: number) =>
    wrapText(text, (line) => measure(line, size, bold) <= TEXT_WIDTH, maxLines)
  // A long title gets a smaller size rather than a fourth line.
  const big = wrap(card.title, 68, true, 3)
  const titleSize = big.length < 3 ? 68 : 58
  const title = titleSize === 68 ? big : wrap(card.title, 58, true, 3)
  // Under a three-line title, one line of description: two would reach the host's line.
  const description = wrap(card.description, 28, false, title.length < 3 ? 2 : 1)
  const titleTop = 250
  const lineHeight = titleSize * 1.18
  const descTop = titleTop + title.length * lineHeight + 24
  const background = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${BRAND.dark}"/><stop offset="1" stop-color="${BRAND.main}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<g fill="none" stroke-width="26" opacity="0.16"><circle cx="960" cy="330" r="190" stroke="${BRAND.text}"/><circle cx="1130" cy="330" r="190" stroke="${BRAND.accent}"/></g>
<rect x="80" y="90" width="120" height="8" rx="4" fill="${BRAND.accent}"/>
<g fill="none" stroke-width="7"><circle cx="102" cy="160" r="22" stroke="${BRAND.text}"/><circle cx="126" cy="160" r="22" stroke="${BRAND.accent}"/></g>
<text x="170" y="172" font-family="${FONT}" font-size="34" font-weight="700" fill="${BRAND.text}">${escapeXml(card.company)}</text>
<text x="80" y="${height - 56}" font-family="${FONT}" font-size="26" fill="#dbe7f3">${escapeXml(card.host)}</text>
</svg>`
  return {
    background,
    lines: [
      ...title.map((text, i) => ({
        text,
        x: 80,
        top: titleTop + i * lineHeight,
        size: titleSize,
        bold: true,
        color: BRAND.text,
      })),
      ...description.map((text, i) => ({
        text,
        x: 80,
        top: descTop + i * 38,
        size: 28,
        bold: false,
        color: '#dbe7f3',
      })),
    ],
  }
}

/** The whole card as one SVG (librsvg sets the text): for text the font tables cannot set. */
export function cardSvg({ background, lines }: CardLayout): string {
  const text = lines
    .map(
      (l) =>
        `<text x="${l.x}" y="${l.top}" font-family="${FONT}" font-size="${l.size}"${l.bold ? ' font-weight="700"' : ''} fill="${l.color}" dominant-baseline="hanging">${escapeXml(l.text)}</text>`,
    )
    .join('\n')
  return background.replace(/<\/svg>$/, `${text}\n</svg>`)
}

/** The card as SVG, its text wrapped by average glyph widths. */
export const socialCardSvg = (card: SocialCard): string => cardSvg(cardLayout(card))

type Sharp = typeof import('sharp').default

/**
 * A baseline JPEG without optimised Huffman tables: about 5 ms a card against 10 ms with them
 * and 19 ms progressive (sharp, 1200x630, measured), for files 6-13 % larger (69 kB against
 * 65 and 61). A cold build encodes one card per page and language; a social network fetches
 * each once.
 */
export const CARD_JPEG = { quality: 80, optimiseCoding: false } as const

/** The file of the image cached under `key`. */
const cachedFile = (cacheDir: string, key: string) =>
  join(cacheDir, createHash('sha256').update(key).digest('hex').slice(0, 24))

/**
 * Writes `out` from the cache when it holds `key` already, else renders it into the cache. Either
 * way `out` is the cache's file under another name (outputFiles.ts): a cold build creates one
 * file per image instead of two, a warm build none.
 */
export async function cachedRender(
  key: string,
  out: string,
  cacheDir: string,
  render: () => Promise<Buffer>,
): Promise<void> {
  const cached = cachedFile(cacheDir, key)
  mkdirSync(dirname(out), { recursive: true })
  if (!existsSync(cached)) {
    const bytes = await render()
    mkdirSync(cacheDir, { recursive: true })
    // Written aside then renamed: a build killed mid-write must not leave a cut image that later
    // builds would take from the cache.
    writeFileSync(`${cached}.${process.pid}.tmp`, bytes)
    renameSync(`${cached}.${process.pid}.tmp`, cached)
  }
  linkOrCopy(cached, out)
}

let cardCode: string | undefined
/**
 * What else sets a card's pixels than its text: the code that lays it out and draws it, and
 * libvips (librsvg, libjpeg) as sharp bundles it.
 */
function cardCodeVersion(sharp: Sharp): string {
  cardCode ??= createHash('sha256')
    .update(JSON.stringify(sharp.versions))
    .update(
      ['./socialImages.ts', './cardText.ts', './cardFont.ts']
        .map((file) => readFileSync(new URL(file, import.meta.url), 'utf8'))
        .join('\0'),
    )
    .digest('hex')
    .slice(0, 16)
  return cardCode
}

/**
 * Writes /og/<lang>/<page>.jpg for every card. The text is set from glyphs drawn once per build
 * (cardText.ts) when fontconfig finds the cards' font, else (and for text that needs shaping)
 * librsvg draws the whole card. A card is cached by what it shows and what draws it, so a build
 * lays out only the cards it draws (wrapping a thousand cards' text took 0.3 s).
 */
export async function writeSocialImages(
  clientDir: string,
  cards: SocialCard[],
  cacheDir: string,
  fonts: CardFonts | undefined = cardFonts(CARD_FONT_FAMILIES),
): Promise<void> {
  const sharp = (await import('sharp')).default as Sharp
  // The font files are part of the key: another font sets other pixels.
  const fontKey = fonts
    ? [fonts.regular.file, fonts.bold.file]
        .map((file) => {
          const { size, mtimeMs } = statSync(file)
          return `${file}:${size}:${mtimeMs}`
        })
        .join(':')
    : 'svg'
  const code = cardCodeVersion(sharp)
  const jobs = cards.map((card) => {
    const { title, description, company, host } = card
    const key = `og4:${code}:${fontKey}:${JSON.stringify([title, description, company, host])}`
    return { card, key }
  })
  // Laid out only when drawn: the cards not in the cache, whose characters the atlases hold.
  const measure = fonts ? measureWith(fonts) : undefined
  const layouts = new Map(
    jobs
      .filter(({ key }) => !existsSync(cachedFile(cacheDir, key)))
      .map(({ key, card }) => [key, cardLayout(card, measure)]),
  )
  const drawer = fonts && layouts.size ? cardDrawer(sharp, fonts, [...layouts.values()]) : undefined
  const encode = drawer && cardEncoder(sharp, drawer)
  await runPool(
    jobs.map(
      ({ card, key }) =>
        () =>
          cachedRender(
            key,
            join(clientDir, socialImagePath(card.pageId, card.lang)),
            cacheDir,
            async () => {
              const layout = layouts.get(key) ?? cardLayout(card, measure)
              const jpeg = await encode?.(layout)
              return (
                jpeg ??
                sharp(Buffer.from(cardSvg(layout)))
                  .jpeg(CARD_JPEG)
                  .toBuffer()
              )
            },
          ),
    ),
  )
}

/**
 * Encodes the cards the drawer draws (undefined for those it leaves to librsvg): the rows of the
 * text spliced into the background's encoding (cardJpeg.ts) where the card has the shape that
 * needs, else the whole card.
 */
function cardEncoder(
  sharp: Sharp,
  drawer: CardDrawer,
): (layout: CardLayout) => Promise<Buffer | undefined> {
  const { width, height } = SOCIAL_IMAGE
  const bases = new Map<string, Promise<SpliceBase | undefined>>()
  const baseOf = (layout: CardLayout) => {
    let base = bases.get(layout.background)
    if (!base) {
      base = drawer
        .background(layout)
        .then((pixels) =>
          sharp(pixels, { raw: { width, height, channels: 3 } })
            .jpeg(CARD_JPEG)
            .toBuffer(),
        )
        .then(spliceBase)
      bases.set(layout.background, base)
    }
    return base
  }
  const lastRow = Math.floor((height - 1) / MCU) * MCU
  return async (layout) => {
    const drawn = await drawer.draw(layout, MCU)
    if (!drawn) return undefined
    const { pixels, top, bottom, ink } = drawn
    // The band's first MCU and its last two hold no ink: they code as the background's. (The
    // band ends with a row without ink, or at the card's bottom edge.)
    if (
      ink.left >= MCU &&
      (bottom < height || ink.right <= width - 2 * MCU || ink.bottom <= lastRow)
    ) {
      const base = await baseOf(layout)
      const band = await sharp(pixels, { raw: { width, height: bottom - top, channels: 3 } })
        .jpeg(CARD_JPEG)
        .toBuffer()
      const card = base && spliceCard(base, band, top)
      if (card) return card
    }
    const background = top || bottom < height ? await drawer.background(layout) : undefined
    const whole = background
      ? Buffer.concat([
          background.subarray(0, top * width * 3),
          pixels,
          background.subarray(bottom * width * 3),
        ])
      : pixels
    return sharp(whole, { raw: { width, height, channels: 3 } })
      .jpeg(CARD_JPEG)
      .toBuffer()
  }
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
