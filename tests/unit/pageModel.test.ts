import { resolve } from 'node:path'
import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import { diskSource } from '../../scripts/lib/content/diskSource.ts'
import { checkRules, projectDirs } from '../../scripts/lib/content/load.ts'
import { buildModel, fillerFor } from '../../scripts/lib/content/model.ts'
import { imageInfo } from '../../scripts/lib/images/imageIndex.ts'
import { checkContent, type SiteContent } from '../../templates/core/content/checkContent.ts'
import { factFiller, pageModel } from '../../templates/core/content/pageModel.ts'
import { memorySource } from '../../templates/core/content/source.ts'
import { renderDocument } from '../../templates/layout/renderDocument.tsx'
import type { Lang } from '../../templates/lib/languages.ts'
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

// That pageModel.ts and the preview import nothing of Node, at any depth: checkImports.test.ts.
