// One page's model from checked content: what the build renders each route from (model.ts, on
// the content read from the disk) and what the editor's preview renders in the browser (on the
// content of the tree as a save would leave it, templates/admin/preview.tsx). Pure: nothing of
// the disk or of a process, no node: module in its import graph (tests/unit/pageModel.test.ts),
// so both render the same markup from the same content. Image sizes are an argument: read from
// the files in Node (images/imageIndex.ts), learnt from the site's own files in the browser.
import type { Lang } from '../../lib/languages.ts'
import type { ImageInfo } from '../../lib/picture.ts'
import { type PageModel, routeById } from '../../lib/siteModel.ts'
import { fillFacts, type SiteContent } from './checkContent.ts'

/** The model of page `pageId` in `lang`, served at `urlPath` (a canonical path or an alias). */
export function pageModel(
  content: SiteContent,
  pageId: string,
  lang: Lang,
  urlPath: string,
  imageInfo: (src: string) => ImageInfo | undefined,
): PageModel {
  const page = content.pages[lang][pageId]
  if (!page) throw new Error(`No ${lang} content for page "${pageId}"`)
  return {
    lang,
    route: routeById(content.routes, pageId),
    urlPath,
    page,
    site: content.site,
    routes: content.routes,
    data: content.data,
    facts: content.facts,
    pagesOfLang: content.pages[lang],
    translations: content.i18n[lang] as Record<string, unknown>,
    imageInfo,
  }
}

/** What the templates fill running text with: each {{group.name}} replaced by its fact. */
export function factFiller(content: Pick<SiteContent, 'facts'>, lang: Lang) {
  const { facts } = content
  return (text: string): string => fillFacts(text, facts, lang)
}
