// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { buildModel } from '../../scripts/lib/content/model.ts'
import type { Lang } from '../../templates/lib/languages.ts'

export function data(pageContext: PageContextServer) {
  const { pageId = '', lang = 'fr' } = pageContext.routeParams
  return buildModel(pageId, lang as Lang, pageContext.urlPathname)
}
