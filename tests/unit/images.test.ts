// The image pipeline as an editor meets it: drop one large photo under public/, and the build
// knows its size (EXIF rotation included), makes AVIF and WebP at several widths, caches them,
// and the page offers them with width, height, srcset and sizes.
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { imageInfo } from '../../scripts/lib/images/imageIndex.ts'
import { QUALITY, writeImageVariants } from '../../scripts/lib/images/variants.ts'
import { Picture } from '../../templates/lib/Picture.tsx'
import { variantWidths } from '../../templates/lib/picture.ts'

const dir = mkdtempSync(join(tmpdir(), 'images-'))
const publicDir = join(dir, 'public')
const clientDir = join(dir, 'client')
const cacheDir = join(dir, 'cache')

beforeAll(async () => {
  mkdirSync(join(publicDir, 'images'), { recursive: true })
  // A 2400x1600 camera photo stored sideways: EXIF orientation 6 shows it 1600x2400.
  const photo = await sharp({
    create: { width: 2400, height: 1600, channels: 3, background: { r: 11, g: 79, b: 138 } },
  })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer()
  writeFileSync(join(publicDir, 'images', 'factory.jpg'), photo)
  writeFileSync(
    join(publicDir, 'images', 'mark.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 80"></svg>',
  )
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('image sizes', () => {
  it('reads a photo as displayed (EXIF rotation applied) and plans its variants', () => {
    const info = imageInfo(publicDir, '/images/factory.jpg')
    expect(info).toMatchObject({ width: 1600, height: 2400 })
    expect(info?.variants?.widths).toEqual([480, 960, 1440, 1600])
    expect(info?.variants?.base).toMatch(/^\/_img\/[0-9a-f]{10}\/factory$/)
  })

  it('sizes an SVG from its viewBox and makes no variants of it', () => {
    expect(imageInfo(publicDir, '/images/mark.svg')).toEqual({ width: 240, height: 80 })
  })

  it('knows nothing of a missing file or a path out of public/', () => {
    expect(imageInfo(publicDir, '/images/none.jpg')).toBeUndefined()
    expect(imageInfo(publicDir, '/../secret.jpg')).toBeUndefined()
  })

  it('steps widths up to the image, never beyond 1920', () => {
    expect(variantWidths(300)).toEqual([300])
    expect(variantWidths(960)).toEqual([480, 960])
    expect(variantWidths(4000)).toEqual([480, 960, 1440, 1920])
  })
})

describe('image variants', () => {
  it('writes AVIF and WebP at every width, then reuses them from the cache', async () => {
    const info = imageInfo(publicDir, '/images/factory.jpg')
    const first = await writeImageVariants(clientDir, publicDir, cacheDir)
    expect(first).toEqual({ images: 1, files: 8 })
    for (const width of info?.variants?.widths ?? [])
      for (const format of ['avif', 'webp'] as const) {
        const file = join(clientDir, `${info?.variants?.base}-${width}.${format}`)
        const meta = await sharp(file).metadata()
        expect([meta.format === 'heif' ? 'avif' : meta.format, meta.width]).toEqual([format, width])
        expect(meta.height).toBe(Math.round((width * 2400) / 1600))
      }
    const cached = readdirSync(cacheDir).map((f) => statSync(join(cacheDir, f)).mtimeMs)
    rmSync(clientDir, { recursive: true })
    await writeImageVariants(clientDir, publicDir, cacheDir)
    expect(readdirSync(cacheDir).map((f) => statSync(join(cacheDir, f)).mtimeMs)).toEqual(cached)
    expect(readdirSync(join(clientDir, '_img'))).toHaveLength(1)
  }, 60_000)

  it('encodes anew, not from the cache, when the encoder settings change', async () => {
    const base = imageInfo(publicDir, '/images/factory.jpg')?.variants?.base
    const webp = join(clientDir, `${base}-480.webp`)
    await writeImageVariants(clientDir, publicDir, cacheDir)
    const before = readFileSync(webp)
    rmSync(clientDir, { recursive: true })
    await writeImageVariants(clientDir, publicDir, cacheDir, { ...QUALITY, webp: { quality: 20 } })
    expect(readFileSync(webp).equals(before)).toBe(false)
  }, 60_000)
})

describe('<Picture>', () => {
  const photo = () => ({
    src: '/images/factory.jpg',
    alt: 'The factory',
    ...imageInfo(publicDir, '/images/factory.jpg'),
  })

  it('offers AVIF then WebP with srcset and sizes, the original as <img> with its size, lazy', () => {
    const html = renderToStaticMarkup(createElement(Picture, { image: photo(), sizes: '50vw' }))
    const base = photo().variants?.base
    expect(html).toBe(
      `<picture><source type="image/avif" srcSet="${base}-480.avif 480w, ${base}-960.avif 960w, ${base}-1440.avif 1440w, ${base}-1600.avif 1600w" sizes="50vw"/>` +
        `<source type="image/webp" srcSet="${base}-480.webp 480w, ${base}-960.webp 960w, ${base}-1440.webp 1440w, ${base}-1600.webp 1600w" sizes="50vw"/>` +
        '<img src="/images/factory.jpg" alt="The factory" width="1600" height="2400" loading="lazy" decoding="async"/></picture>',
    )
  })

  it('loads the main image of a page first, never lazily', () => {
    const html = renderToStaticMarkup(createElement(Picture, { image: photo(), priority: true }))
    expect(html).toContain('fetchPriority="high"')
    expect(html).toContain('loading="eager"')
    expect(html).not.toContain('lazy')
  })

  it('renders an SVG as a plain <img> with its size', () => {
    const svg = { src: '/images/mark.svg', alt: '', ...imageInfo(publicDir, '/images/mark.svg') }
    expect(renderToStaticMarkup(createElement(Picture, { image: svg }))).toBe(
      '<img src="/images/mark.svg" alt="" width="240" height="80" loading="lazy" decoding="async"/>',
    )
  })
})
