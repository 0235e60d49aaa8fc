// Writes a lightweight, clearly labelled SVG placeholder under public/, for an editor to
// replace by a real photo or logo later (drop the file, change one YAML value).
// Usage: npm run placeholder -- images/home/hero-1.svg "Hero: factory aerial view" [width] [height]
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export function placeholderSvg(label: string, width = 800, height = 500): string {
  const escaped = label.replace(/&/g, '&amp;').replace(/</g, '&lt;')
  const size = Math.max(12, Math.round(Math.min(width, height) / 12))
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="Placeholder: ${escaped}"><rect width="100%" height="100%" fill="#dfe6ee"/><path d="M0 0L${width} ${height}M${width} 0L0 ${height}" stroke="#c3ccd6" stroke-width="2"/><text x="50%" y="50%" font-family="sans-serif" font-size="${size}" fill="#33414f" text-anchor="middle" dominant-baseline="middle">PLACEHOLDER · ${escaped}</text></svg>\n`
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [rel, label, w, h] = process.argv.slice(2)
  if (!rel || !label) {
    console.error('usage: npm run placeholder -- <path under public/> "<label>" [width] [height]')
    process.exit(2)
  }
  const out = join(fileURLToPath(new URL('../public/', import.meta.url)), rel)
  mkdirSync(dirname(out), { recursive: true })
  writeFileSync(out, placeholderSvg(label, Number(w) || undefined, Number(h) || undefined))
  console.log(`wrote public/${rel}`)
}
