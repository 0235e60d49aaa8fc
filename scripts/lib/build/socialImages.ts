// Share images (og:image, 1200x630 JPEG) for every page and language, drawn at build time from
// the page's title and description in the site's colours (an SVG card rendered by sharp), and
// the icons derived from public/favicon.svg. Social networks show neither SVG share images nor
// SVG icons, hence the rasters. Rendered images are cached by the hash of their source, so a
// build only draws what changed.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Lang } from '../../../templates/content.ts'
import { ICONS, SOCIAL_IMAGE, socialImagePath } from '../../../templates/lib/socialImage.ts'
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
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif"

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** Greedy word wrap by an average glyph width; the last kept line ends with … when cut. */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > maxChars) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  if (lines.length <= maxLines) return lines
  const kept = lines.slice(0, maxLines)
  kept[maxLines - 1] = `${kept[maxLines - 1]?.replace(/[\s,.;:!?]+$/, '')}…`
  return kept
}

/** The card as SVG: brand gradient, the transformer mark, company, title, description, host. */
export function socialCardSvg(card: SocialCard): string {
  const { width, height } = SOCIAL_IMAGE
  // A long title gets a smaller size rather than a fourth line.
  const big = wrapText(card.title, 26, 3)
  const titleSize = big.length < 3 ? 68 : 58
  const title = titleSize === 68 ? big : wrapText(card.title, 31, 3)
  const description = wrapText(card.description, 62, 2)
  const titleTop = 250
  const lineHeight = titleSize * 1.18
  const descTop = titleTop + title.length * lineHeight + 24
  const tspans = (lines: string[], x: number, dy: number) =>
    lines.map((l, i) => `<tspan x="${x}" dy="${i === 0 ? 0 : dy}">${escapeXml(l)}</tspan>`).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${BRAND.dark}"/><stop offset="1" stop-color="${BRAND.main}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<g fill="none" stroke-width="26" opacity="0.16"><circle cx="960" cy="330" r="190" stroke="${BRAND.text}"/><circle cx="1130" cy="330" r="190" stroke="${BRAND.accent}"/></g>
<rect x="80" y="90" width="120" height="8" rx="4" fill="${BRAND.accent}"/>
<g fill="none" stroke-width="7"><circle cx="102" cy="160" r="22" stroke="${BRAND.text}"/><circle cx="126" cy="160" r="22" stroke="${BRAND.accent}"/></g>
<text x="170" y="172" font-family="${FONT}" font-size="34" font-weight="700" fill="${BRAND.text}">${escapeXml(card.company)}</text>
<text x="80" y="${titleTop}" font-family="${FONT}" font-size="${titleSize}" font-weight="700" fill="${BRAND.text}" dominant-baseline="hanging">${tspans(title, 80, lineHeight)}</text>
<text x="80" y="${descTop}" font-family="${FONT}" font-size="28" fill="#dbe7f3" dominant-baseline="hanging">${tspans(description, 80, 38)}</text>
<text x="80" y="${height - 56}" font-family="${FONT}" font-size="26" fill="#dbe7f3">${escapeXml(card.host)}</text>
</svg>`
}

type Sharp = typeof import('sharp').default

/**
 * A progressive JPEG with mozjpeg's quantisation table: within 4 % of mozjpeg's size (trellis
 * and scan optimisation, `mozjpeg: true`) for a fifth of its CPU time (about 16 ms against 80 ms
 * a card), which a cold build pays for every page and language.
 */
const CARD_JPEG = { quality: 80, progressive: true, quantisationTable: 3 } as const

/** Writes `out` from the cache when it holds `key` already, else renders it and caches it. */
export async function cachedRender(
  key: string,
  out: string,
  cacheDir: string,
  render: () => Promise<Buffer>,
): Promise<void> {
  const cached = join(cacheDir, `${createHash('sha256').update(key).digest('hex').slice(0, 24)}`)
  const bytes = existsSync(cached) ? readFileSync(cached) : await render()
  if (!existsSync(cached)) {
    mkdirSync(cacheDir, { recursive: true })
    // Written aside then renamed: a build killed mid-write must not leave a cut image that later
    // builds would take from the cache.
    writeFileSync(`${cached}.${process.pid}.tmp`, bytes)
    renameSync(`${cached}.${process.pid}.tmp`, cached)
  }
  mkdirSync(dirname(out), { recursive: true })
  writeFileSync(out, bytes)
}

/** Writes /og/<lang>/<page>.jpg for every card. */
export async function writeSocialImages(
  clientDir: string,
  cards: SocialCard[],
  cacheDir: string,
): Promise<void> {
  const sharp = (await import('sharp')).default as Sharp
  await runPool(
    cards.map((card) => () => {
      const svg = socialCardSvg(card)
      return cachedRender(
        `og2:${svg}`,
        join(clientDir, socialImagePath(card.pageId, card.lang)),
        cacheDir,
        () => sharp(Buffer.from(svg)).jpeg(CARD_JPEG).toBuffer(),
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
