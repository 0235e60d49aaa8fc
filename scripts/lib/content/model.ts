import type { Lang } from '../../../templates/content.ts'
import type { PageModel } from '../../../templates/lib/siteModel.ts'
import { routeById } from '../../../templates/lib/siteModel.ts'
import { imageInfo } from '../images/imageIndex.ts'
import { fillFacts, loadContent, projectDirs, type SiteContent } from './load.ts'

let cached: SiteContent | undefined

const publicDir = () => projectDirs(process.env.SITE_ROOT ?? process.cwd()).public

/** The validated content of the project in the current directory (read once per process). */
export function getContent(): SiteContent {
  cached ??= loadContent(projectDirs(process.env.SITE_ROOT ?? process.cwd()))
  return cached
}

export function buildModel(pageId: string, lang: Lang, urlPath: string): PageModel {
  const c = getContent()
  const page = c.pages[lang][pageId]
  if (!page) throw new Error(`No ${lang} content for page "${pageId}"`)
  return {
    lang,
    route: routeById(c.routes, pageId),
    urlPath,
    page,
    site: c.site,
    routes: c.routes,
    data: c.data,
    facts: c.facts,
    pagesOfLang: c.pages[lang],
    translations: c.i18n[lang] as Record<string, unknown>,
    imageInfo: (src) => imageInfo(publicDir(), src),
  }
}

export function fillerFor(lang: Lang): (text: string) => string {
  const { facts } = getContent()
  return (text) => fillFacts(text, facts, lang)
}
