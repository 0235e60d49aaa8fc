// The editor's guide in French (docs/editor-guide/, served at /admin/aide/): the page the build
// and the dev server write, its screenshots (made by tests/dev/guide-screenshots.spec.ts, named
// in tests/dev/guideShots.ts), its typography, and the README pointing to it.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { adminHtml } from '../../scripts/lib/cms/adminPage.ts'
import {
  GUIDE_SOURCE,
  guideHtml,
  guideImages,
  imagesNamed,
  writeGuide,
} from '../../scripts/lib/cms/guidePage.ts'
import { frenchHtml, frenchTypography } from '../../templates/lib/frenchTypography.ts'
import { GUIDE_SHOTS } from '../dev/guideShots.ts'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const body = readFileSync(join(repo, GUIDE_SOURCE, 'aide.html'), 'utf8')

describe("the editor's guide", () => {
  it('shows exactly the screenshots the dev tests make, and each file is there', () => {
    const named = imagesNamed(body)
    expect([...named].sort()).toEqual(GUIDE_SHOTS.map((s) => `${s}.png`).sort())
    expect(guideImages(repo)).toEqual([...named].sort())
  })

  it('is a French page with every image sized and described, and no script', () => {
    const html = guideHtml(repo)
    expect(html).toMatch(/^<!doctype html>\n<html lang="fr">/)
    expect(html).not.toMatch(/<script/i)
    for (const img of html.match(/<img\b[^>]*>/g) ?? []) {
      expect(img).toMatch(/ width="\d+" height="\d+"/)
      expect(img).toMatch(/ alt="[^"]{20,}"/)
    }
    // The sections the guide must have.
    for (const heading of [
      'Se connecter',
      'Trouver une page',
      'deux langues',
      'En ligne',
      'actualité avec des photos',
      'brochure',
      'refuse',
      'traductions à revoir',
    ])
      expect(html).toContain(heading.replace(/'/g, '’'))
  })

  it('is written with French typography: no breakable space before : ; ! ? » or after «', () => {
    const text = guideHtml(repo)
      .replace(/<(code|style)\b[\s\S]*?<\/\1>/g, '')
      .replace(/<[^>]*>/g, '')
    expect(text).not.toMatch(/ [:;!?»]|« /)
    expect(text).not.toMatch(/\p{L}'\p{L}/u)
  })

  it('writes its page and images into a built site, under /admin/aide/', () => {
    const dir = mkdtempSync(join(tmpdir(), 'guide-'))
    try {
      const files = writeGuide(dir, repo)
      expect(files).toContain('admin/aide/index.html')
      for (const f of files) expect(existsSync(join(dir, f))).toBe(true)
      expect(readdirSync(join(dir, 'admin/aide/images')).length).toBe(GUIDE_SHOTS.length)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("is linked first on the editor's page, so on every screen, the login included", () => {
    const page = adminHtml({ entry: '/a.js', preload: [], config: 'c.json', check: 'k.json' })
    expect(page).toMatch(/<body>\n<a class="cms-help" href="\/admin\/aide\/"[^>]*>Aide/)
  })

  it('is the one source of the how-to: the README points to it', () => {
    const readme = readFileSync(join(repo, 'README.md'), 'utf8')
    expect(readme).toContain('docs/editor-guide/aide.html')
    expect(readme).not.toContain('### With the editor (no YAML, no git)')
  })
})

describe('French typography', () => {
  it('sets the no-break spaces French needs, and the apostrophe', () => {
    expect(frenchTypography("Publiez : c'est fait ! « Aide » ?")).toBe(
      'Publiez\u00a0: c’est fait\u202f! «\u00a0Aide\u00a0»\u202f?',
    )
    expect(frenchTypography('Publiez: voilà; fini?')).toBe(
      'Publiez\u00a0: voilà\u202f; fini\u202f?',
    )
    // Not in a time, an address, an entity.
    expect(frenchTypography('à 10:30, https://x.tn &amp; rien')).toBe(
      'à 10:30, https://x.tn &amp; rien',
    )
  })
  it('leaves tags, attributes and code alone', () => {
    expect(frenchHtml('<a title="a : b">Voir :</a> <code>file:2:8 ; x</code>')).toBe(
      '<a title="a : b">Voir\u00a0:</a> <code>file:2:8 ; x</code>',
    )
  })
})
