// Vite plugins of the editor's build (adminBuildChild.mjs), shared with the tests that bundle
// the editor's parts as it does. Plain JavaScript, as adminBuildChild.mjs.
import { fileURLToPath } from 'node:url'

/**
 * The site's stylesheets, which its templates import (Document.tsx: `../styles/index.css`) and
 * the editor's preview renders: the editor's build makes no CSS of them. The preview's frame
 * takes the site's own built CSS from a page the site serves (templates/admin/preview/
 * siteAssets.ts); were they bundled here, vite would make a second copy, and link it into the
 * editor's own page when the preview's chunk loads, restyling Decap with the site's CSS. The
 * editor's own stylesheets (templates/admin/, `?inline`) and packages' are kept.
 * @returns {import('vite').Plugin}
 */
export function withoutSiteCss() {
  const EMPTY = '\0transfo-site:site-css'
  return {
    name: 'transfo-site:without-site-css',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!/\.css(\?|$)/.test(source) || !importer) return null
      if (importer.includes('/node_modules/') || importer.includes('/templates/admin/')) return null
      return EMPTY
    },
    load(id) {
      return id === EMPTY ? 'export default ""' : null
    },
  }
}

/**
 * Decap's bar of a list item, as decap-cms-ui-default's index exports it to every widget, is
 * templates/admin/decap/ListItemTopBar.tsx: Decap's own bar with its icon-only buttons named (Decap
 * names none). That wrapper imports Decap's bar by its full path, which this leaves alone.
 * @returns {import('vite').Plugin}
 */
export function namedListButtons() {
  const wrapper = fileURLToPath(
    new URL('../../../templates/admin/decap/ListItemTopBar.tsx', import.meta.url),
  )
  return {
    name: 'transfo-site:named-list-buttons',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== './ListItemTopBar' || !importer) return null
      return /[\\/]decap-cms-ui-default[\\/]dist[\\/]esm[\\/]index\.js$/.test(importer)
        ? wrapper
        : null
    },
  }
}
