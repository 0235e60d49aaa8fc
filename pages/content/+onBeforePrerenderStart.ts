// https://vike.dev/onBeforePrerenderStart
import { getContent } from '../../scripts/lib/content/model.ts'
import { allPagePaths } from '../../templates/lib/siteModel.ts'

export function onBeforePrerenderStart() {
  return allPagePaths(getContent().routes)
}
