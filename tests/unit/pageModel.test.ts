import { existsSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import { checkContent, type SiteContent } from '../../scripts/lib/content/check.ts'
import { diskSource } from '../../scripts/lib/content/diskSource.ts'
import { checkRules, projectDirs } from '../../scripts/lib/content/load.ts'
import { buildModel, fillerFor } from '../../scripts/lib/content/model.ts'
import { factFiller, pageModel } from '../../scripts/lib/content/pageModel.ts'
import { memorySource } from '../../scripts/lib/content/source.ts'
import { imageInfo } from '../../scripts/lib/images/imageIndex.ts'
import type { Lang } from '../../templates/content.ts'
import { renderDocument } from '../../templates/layout/renderDocument.tsx'
import { pathOf } from '../../templates/lib/siteModel.ts'
import { SitePage } from '../../templates/pages/SitePage.tsx'

// The page model the build renders (model.ts, on the content it read from the disk) and the one
// the editor's preview renders in the browser (pageModel.ts, on the content a check of a set of
// files returned) are one builder's: the same model, the same markup, byte for byte.

const root = resolve(import.meta.dirname, '../..')
const dirs = projectDirs(root)
/** The repository as the editor reads it: texts and names in memory, checked as a set of files. */
const disk = diskSource(dirs)
const source = memorySource(disk.content, disk.public.toJSON())
const { content, problems } = checkContent(source, checkRules(dirs.schemas))
const checked = content as SiteContent

/** A page of each kind: home, a catalogue page with its ratings table, news, a form, a list. */
const PAGES = ['home', 'transformer-dist-24', 'news', 'contact', 'faqs', 'certificates']
const LANGS: Lang[] = ['fr', 'en']

describe('the page model, pure (pageModel.ts) and as the build makes it (model.ts)', () => {
  it('checks the repository as a set of files without a problem', () => {
    expect(problems).toEqual([])
  })

  for (const id of PAGES)
    for (const lang of LANGS)
      it(`${id} (${lang}): the same model and the same markup`, () => {
        const urlPath = pathOf(checked.routes, id, lang)
        const built = buildModel(id, lang, urlPath)
        const sizes = (src: string) => imageInfo(dirs.public, src)
        const pure = pageModel(checked, id, lang, urlPath, sizes)
        const { imageInfo: _b, ...builtData } = built
        const { imageInfo: _p, ...pureData } = pure
        expect(pureData).toEqual(builtData)
        const html = (model: typeof built, fill: (t: string) => string) =>
          renderDocument(createElement(SitePage, { model, fill }))
        const buildHtml = html(built, fillerFor(lang))
        expect(html(pure, factFiller(checked, lang))).toBe(buildHtml)
        expect(buildHtml).toContain(`<html lang="${lang}">`)
      })

  it('the catalogue page has its breadcrumb and ratings table', () => {
    const urlPath = pathOf(checked.routes, 'transformer-dist-24', 'fr')
    const model = pageModel(checked, 'transformer-dist-24', 'fr', urlPath, () => undefined)
    const html = renderDocument(createElement(SitePage, { model, fill: factFiller(checked, 'fr') }))
    expect(html).toContain('class="breadcrumb"')
    expect(html).toContain('class="ratings-table"')
  })
})

/** The modules `entry` imports at run time (not `import type`), this repository's only. */
function importGraph(entry: string): { files: string[]; builtins: string[] } {
  const files = new Set<string>()
  const builtins = new Set<string>()
  const visit = (file: string) => {
    if (files.has(file)) return
    files.add(file)
    const text = readFileSync(file, 'utf8')
    const specs = [
      ...text.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm),
      ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
    ].map((m) => m[1] as string)
    for (const spec of specs) {
      if (spec.startsWith('.')) {
        const target = resolve(dirname(file), spec.split('?')[0] as string)
        if (existsSync(target)) visit(target)
      } else if (spec.startsWith('node:') || builtinModules.includes(spec.split('/')[0] as string))
        builtins.add(`${relative(root, file)}: ${spec}`)
    }
  }
  visit(entry)
  return { files: [...files].map((f) => relative(root, f)), builtins: [...builtins] }
}

describe('what the browser bundles of the preview', () => {
  it('the page model imports no node: module, through any module', () => {
    const graph = importGraph(join(root, 'scripts/lib/content/pageModel.ts'))
    expect(graph.builtins).toEqual([])
    expect(graph.files).not.toContain('scripts/lib/content/check.ts')
  })

  it("the preview's own modules and the templates import no node: module", () => {
    const graph = importGraph(join(root, 'templates/admin/preview/pane.ts'))
    expect(graph.files).toContain('templates/pages/SitePage.tsx')
    // The save path's core (entryPlan.ts: the entry's files as they would be) reaches the check,
    // whose rules' makers and parse cache still read the disk: they are being split off for the
    // browser (issue 23 item 2). Nothing else of the preview may.
    const owners = new Set(graph.builtins.map((b) => b.split(':')[0]))
    const CHECK_IN_SPLITTING = [
      'scripts/lib/content/validator.ts',
      'scripts/lib/content/validatorCache.ts',
      'scripts/lib/content/parseCache.ts',
      'scripts/lib/content/neutral.ts',
      'scripts/lib/content/templateNeeds.ts',
      'scripts/lib/content/yamlFile.ts',
    ]
    expect([...owners].filter((f) => !CHECK_IN_SPLITTING.includes(f as string))).toEqual([])
  })
})
