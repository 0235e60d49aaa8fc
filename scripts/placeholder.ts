// Placeholder art for public/: text-free SVG patterns in the brand colours, so nothing in an
// image competes with a headline laid over it, and any crop still looks intended. The art is
// deterministic per file name (same path, same picture), and every placeholder carries
// data-placeholder="true": `--all` regenerates only those, so a real photo dropped at the same
// path (or an SVG without the marker) is never overwritten.
// Usage: npm run placeholder -- images/home/hero-1.svg [width] [height]
//        npm run placeholder -- --all        (every placeholder under public/images, same sizes)
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The site's palette (templates/styles/site.css) and two tints of the brand blue. */
const BRAND = { dark: '#08375f', brand: '#0b4f8a', accent: '#c2410c', sky: '#5b8fc2' }
const PAIRS: readonly (readonly [string, string])[] = [
  [BRAND.dark, BRAND.brand],
  [BRAND.brand, BRAND.sky],
  ['#e6edf4', BRAND.brand],
  [BRAND.dark, BRAND.sky],
]

/** FNV-1a: a stable 32-bit seed from the file name. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return h >>> 0
}

/** mulberry32: a tiny seeded generator, so the same name always draws the same picture. */
function random(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Mixes two #rrggbb colours (t = 0 gives a, 1 gives b). */
function mix(a: string, b: string, t: number): string {
  const channel = (hex: string, i: number) => Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16)
  const out = [0, 1, 2].map((i) =>
    Math.round(channel(a, i) + (channel(b, i) - channel(a, i)) * t)
      .toString(16)
      .padStart(2, '0'),
  )
  return `#${out.join('')}`
}

const r1 = (n: number) => Math.round(n * 10) / 10

type Art = { w: number; h: number; rnd: () => number; bg: string; fg: string }

/** Soft layered hills: reads as a landscape behind a headline. */
function waves({ w, h, rnd, bg, fg }: Art): string {
  const layers = 3 + Math.floor(rnd() * 2)
  let out = ''
  for (let i = 0; i < layers; i++) {
    const base = h * (0.35 + (0.5 * (i + 1)) / (layers + 1))
    const y = () => r1(base + (rnd() - 0.5) * h * 0.25)
    const d = `M0 ${y()}C${r1(w * 0.3)} ${y()} ${r1(w * 0.6)} ${y()} ${w} ${y()}V${h}H0Z`
    out += `<path d="${d}" fill="${mix(bg, fg, (i + 1) / (layers + 0.5))}"/>`
  }
  const cx = r1(w * (0.55 + rnd() * 0.35))
  const cy = r1(h * (0.15 + rnd() * 0.2))
  return `${out}<circle cx="${cx}" cy="${cy}" r="${r1(Math.min(w, h) * 0.12)}" fill="${mix(bg, '#ffffff', 0.35)}" opacity="0.6"/>`
}

/** Diagonal bands of the duotone, one thin accent stripe. */
function bands({ w, h, rnd, bg, fg }: Art): string {
  const n = 4 + Math.floor(rnd() * 3)
  const step = (w + h) / n
  let out = ''
  for (let i = 0; i < n; i += 2) {
    const x = r1(i * step - h)
    out += `<path d="M${x} ${h}L${r1(x + h)} 0H${r1(x + h + step)}L${r1(x + step)} ${h}Z" fill="${mix(bg, fg, 0.35 + rnd() * 0.4)}"/>`
  }
  const x = r1(w * (0.2 + rnd() * 0.6))
  return `${out}<path d="M${x} ${h}L${r1(x + h)} 0" stroke="${BRAND.accent}" stroke-width="${r1(Math.min(w, h) * 0.012 + 1)}" opacity="0.8"/>`
}

/** Concentric arcs from a corner, like a field radiating from a coil. */
function arcs({ w, h, rnd, bg, fg }: Art): string {
  const cx = rnd() < 0.5 ? 0 : w
  const cy = rnd() < 0.5 ? 0 : h
  const max = Math.hypot(w, h)
  const n = 6 + Math.floor(rnd() * 4)
  let out = ''
  for (let i = n; i > 0; i--)
    out += `<circle cx="${cx}" cy="${cy}" r="${r1((max * i) / n)}" fill="${mix(bg, fg, (n - i) / n)}"/>`
  return out
}

/** A grid of rings, some filled: the coils of a transformer seen from above. */
function rings({ w, h, rnd, bg, fg }: Art): string {
  const cols = 5 + Math.floor(rnd() * 4)
  const size = w / cols
  const rows = Math.ceil(h / size)
  const stroke = r1(size * 0.08)
  let out = ''
  for (let y = 0; y < rows; y++)
    for (let x = 0; x < cols; x++) {
      const filled = rnd() < 0.25
      const c = `cx="${r1((x + 0.5) * size)}" cy="${r1((y + 0.5) * size)}" r="${r1(size * 0.32)}"`
      out += filled
        ? `<circle ${c} fill="${mix(bg, fg, 0.8)}"/>`
        : `<circle ${c} fill="none" stroke="${mix(bg, fg, 0.55)}" stroke-width="${stroke}"/>`
    }
  return out
}

/** A document page (certificates, policies): header band, grey lines, a seal. */
function page({ w, h, rnd }: Art): string {
  const m = r1(w * 0.1)
  const line = r1(h * 0.012)
  let out = `<rect x="${m}" y="${m}" width="${r1(w - 2 * m)}" height="${r1(h * 0.08)}" fill="${BRAND.brand}"/>`
  for (let y = h * 0.25; y < h * 0.72; y += h * 0.04)
    out += `<rect x="${m}" y="${r1(y)}" width="${r1((w - 2 * m) * (0.55 + rnd() * 0.45))}" height="${line}" rx="${r1(line / 2)}" fill="#c9d3de"/>`
  const r = r1(w * 0.11)
  return `${out}<circle cx="${r1(w - m - r)}" cy="${r1(h - m - r)}" r="${r}" fill="none" stroke="${BRAND.accent}" stroke-width="${r1(r * 0.12)}"/><circle cx="${r1(w - m - r)}" cy="${r1(h - m - r)}" r="${r1(r * 0.6)}" fill="${BRAND.accent}" opacity="0.25"/>`
}

/** A neutral logo-like mark (a shape and two bars), for logo slots. */
function mark({ w, h, rnd, fg }: Art): string {
  const s = Math.min(w, h) * 0.5
  const x = w / 2 - s * 1.4
  const y = (h - s) / 2
  const shape = Math.floor(rnd() * 3)
  const body =
    shape === 0
      ? `<circle cx="${r1(x + s / 2)}" cy="${r1(y + s / 2)}" r="${r1(s / 2)}" fill="${fg}"/>`
      : shape === 1
        ? `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(s)}" height="${r1(s)}" rx="${r1(s * 0.18)}" fill="${fg}"/>`
        : `<path d="M${r1(x + s / 2)} ${r1(y)}L${r1(x + s)} ${r1(y + s)}H${r1(x)}Z" fill="${fg}"/>`
  const bx = r1(x + s * 1.3)
  return `${body}<rect x="${bx}" y="${r1(y + s * 0.15)}" width="${r1(s * (1.2 + rnd() * 0.4))}" height="${r1(s * 0.26)}" rx="${r1(s * 0.06)}" fill="${mix(fg, '#ffffff', 0.2)}"/><rect x="${bx}" y="${r1(y + s * 0.6)}" width="${r1(s * (0.8 + rnd() * 0.5))}" height="${r1(s * 0.18)}" rx="${r1(s * 0.05)}" fill="${mix(fg, '#ffffff', 0.55)}"/>`
}

const SCENES = [waves, bands, arcs, rings]

/** Which kind of art a file gets, from its path and shape. */
export function placeholderKind(file: string, width: number, height: number) {
  if (/(^|\/)logos?(\/|\.svg$)|customers\//.test(file)) return 'mark'
  if (file.includes('certificates/') && height > width) return 'page'
  return 'scene'
}

/**
 * The SVG of a placeholder for a file under public/ (e.g. "images/home/hero-1.svg"). No text:
 * what an image shows is said by its alt text in content/, not painted into the picture.
 */
export function placeholderSvg(file: string, width = 800, height = 500): string {
  const name = file.split(sep).join('/')
  const rnd = random(hash(name))
  const [bg, fg] = PAIRS[Math.floor(rnd() * PAIRS.length)] ?? [BRAND.dark, BRAND.brand]
  const art: Art = { w: width, h: height, rnd, bg, fg }
  const kind = placeholderKind(name, width, height)
  const body =
    kind === 'mark'
      ? `<rect width="100%" height="100%" fill="#f2f5f8"/>${mark({ ...art, fg: rnd() < 0.5 ? BRAND.brand : BRAND.dark })}`
      : kind === 'page'
        ? `<rect width="100%" height="100%" fill="#ffffff"/>${page(art)}`
        : `<rect width="100%" height="100%" fill="${bg}"/>${(SCENES[Math.floor(rnd() * SCENES.length)] ?? waves)(art)}`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" preserveAspectRatio="xMidYMid slice" aria-hidden="true" data-placeholder="true">${body}</svg>\n`
}

const publicDir = fileURLToPath(new URL('../public/', import.meta.url))

/** Every SVG under public/images that is still a placeholder (old labelled ones included). */
export function findPlaceholders(dir = join(publicDir, 'images')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return findPlaceholders(path)
    if (!entry.name.endsWith('.svg')) return []
    const svg = readFileSync(path, 'utf8')
    return /data-placeholder="true"|aria-label="Placeholder: /.test(svg) ? [path] : []
  })
}

function write(rel: string, width?: number, height?: number) {
  const out = join(publicDir, rel)
  mkdirSync(dirname(out), { recursive: true })
  writeFileSync(out, placeholderSvg(rel, width, height))
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [rel, w, h] = process.argv.slice(2)
  if (rel === '--all') {
    const files = findPlaceholders()
    for (const path of files) {
      const size = /<svg[^>]*\bwidth="(\d+)"[^>]*\bheight="(\d+)"/.exec(readFileSync(path, 'utf8'))
      write(
        relative(publicDir, path),
        Number(size?.[1]) || undefined,
        Number(size?.[2]) || undefined,
      )
    }
    console.log(`regenerated ${files.length} placeholders under public/images`)
  } else if (rel) {
    write(rel, Number(w) || undefined, Number(h) || undefined)
    console.log(`wrote public/${rel}`)
  } else {
    console.error('usage: npm run placeholder -- <path under public/> [width] [height] | --all')
    process.exit(2)
  }
}
