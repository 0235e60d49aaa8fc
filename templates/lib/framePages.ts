// The pages the site's frame (top bar, menu, footer, search field) links to by id. Each is
// optional: a page the editor removes from content/routes.yaml loses its links here instead of
// stopping the build. Where one exists, its label nav.<id> must be in content/i18n/<lang>.yaml:
// the content check asks for it (templates/core/content/templateNeeds.ts).

import type { RouteTable } from '../content.ts'
import type { Lang } from '../lib/languages.ts'
import { findRoute } from './siteModel.ts'

/** The top bar's links on a large screen, the menu's last entries on a phone. */
export const HEADER_EXTRAS = ['careers', 'pfebook'] as const
/** The footer's two lists of links. */
export const FOOTER_NAVIGATE = ['home', 'services', 'products', 'contact'] as const
export const FOOTER_USEFUL = ['news', 'careers', 'faqs', 'privacy'] as const
/** The page the header's search field sends its query to. */
export const SEARCH_PAGE = 'search'

/** Every page of the frame, each once. */
export const FRAME_PAGES: readonly string[] = [
  ...new Set([...HEADER_EXTRAS, ...FOOTER_NAVIGATE, ...FOOTER_USEFUL, SEARCH_PAGE]),
]

/** The path of page `id` in `lang`, or undefined when the route table has no such page. */
export function framePath(routes: RouteTable, id: string, lang: Lang): string | undefined {
  return findRoute(routes, id)?.[lang].path
}

/** The pages of `ids` the route table has, with their paths in `lang`. */
export function framePages(
  routes: RouteTable,
  ids: readonly string[],
  lang: Lang,
): { id: string; path: string }[] {
  return ids.flatMap((id) => {
    const path = framePath(routes, id, lang)
    return path ? [{ id, path }] : []
  })
}
