// https://vike.dev/route-function
import type { PageContextServer } from 'vike/types'
import { getContent } from '../../scripts/lib/content/model.ts'
import { matchPath } from '../../templates/lib/siteModel.ts'

export function route(pageContext: PageContextServer) {
  const match = matchPath(getContent().routes, pageContext.urlPathname)
  if (!match) return false
  return { routeParams: { pageId: match.route.id, lang: match.lang } }
}
