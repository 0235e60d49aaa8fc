// Placeholder art (scripts/placeholder.ts): text-free, deterministic per file name, and the
// placeholders in public/images are the generator's current output (so none still carries a
// painted label that would collide with a headline laid over it).
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { findPlaceholders, placeholderSvg } from '../../scripts/placeholder.ts'

const publicDir = fileURLToPath(new URL('../../public/', import.meta.url))

describe('placeholderSvg', () => {
  it('draws the same picture for the same name, another for another name', () => {
    expect(placeholderSvg('images/a.svg', 800, 500)).toBe(placeholderSvg('images/a.svg', 800, 500))
    expect(placeholderSvg('images/a.svg', 800, 500)).not.toBe(
      placeholderSvg('images/b.svg', 800, 500),
    )
  })

  it('has the requested size, the marker, and no text', () => {
    for (const name of [
      'images/home/hero-1.svg',
      'images/logos/client-01.svg',
      'images/certificates/iso/x.svg',
    ])
      for (const [w, h] of [
        [1600, 700],
        [240, 120],
        [800, 1120],
      ] as const) {
        const svg = placeholderSvg(name, w, h)
        expect(svg).toMatch(
          new RegExp(`^<svg [^>]*width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"`),
        )
        expect(svg).toContain('data-placeholder="true"')
        expect(svg).not.toMatch(/<text|<title|aria-label|PLACEHOLDER ·/)
        expect(svg).not.toMatch(/NaN|undefined/)
      }
  })
})

describe('public/images placeholders', () => {
  const files = findPlaceholders()
  it('are all found (the site has dozens of image slots)', () => {
    expect(files.length).toBeGreaterThan(50)
  })
  it('are the current generator output (run `npm run placeholder -- --all` after changing it)', () => {
    const stale = files.filter((path) => {
      const svg = readFileSync(path, 'utf8')
      const size = /<svg[^>]*\bwidth="(\d+)"[^>]*\bheight="(\d+)"/.exec(svg)
      return svg !== placeholderSvg(relative(publicDir, path), Number(size?.[1]), Number(size?.[2]))
    })
    expect(stale).toEqual([])
  })
})
