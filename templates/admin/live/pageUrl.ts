// The page a save changed, for the link « En ligne » shows: a page's entry (in
// a menu group's folder, the news page's, a new page's) is its French address in the route table
// as the save left it; any other entry (settings, UI strings, data) changes the whole site, whose
// home is the link.
import { parse } from 'yaml'
import type { RouteTable } from '../../content.gen.ts'
import { pageIdOf } from '../../core/editor/entryPaths.ts'
import { newPageId } from '../../core/editor/newPage.ts'
import { SOURCE_LANG } from '../../lib/languages.ts'

export const ROUTES_FILE = 'content/routes.yaml'

/** The site path (`/produits`) of the page behind `entryPath`, `/` for other entries. */
export function pageUrlOf(entryPath: string, text: (file: string) => string | undefined): string {
  const id = pageIdOf(entryPath) ?? newPageId(entryPath)
  const routes = id ? text(ROUTES_FILE) : undefined
  if (!id || routes === undefined) return '/'
  try {
    const table = parse(routes) as Partial<RouteTable> | null
    const route = table?.routes?.find((r) => r.id === id)
    return route?.[SOURCE_LANG]?.path ?? '/'
  } catch {
    return '/'
  }
}
