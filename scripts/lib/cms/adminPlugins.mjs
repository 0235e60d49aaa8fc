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

/**
 * One editor per address: Decap's route of an entry renders its Editor without a key, so an
 * address that names another entry (typed, pasted, back, forward) keeps the mounted Editor,
 * which loads its entry only when it mounts: the form stayed the first entry's, and « Publier »
 * wrote it to that entry's files with the values typed at the other's address. Keyed by the
 * address, React makes the Editor anew, which loads the entry the address names (and Decap's own
 * guard still asks before leaving unsaved changes). The build fails if Decap's route changes
 * shape, rather than ship the editor without it.
 * @returns {import('vite').Plugin}
 */
export function entryPerAddress() {
  const APP = /[\\/]decap-cms-core[\\/]dist[\\/]esm[\\/]components[\\/]App[\\/]App\.js$/
  const ROUTE =
    /(path: "\/collections\/:name\/entries\/\*",\s*collections: collections,\s*render: props => _jsx\(Editor, \{\s*\.\.\.props\s*\})\)/
  return {
    name: 'transfo-site:entry-per-address',
    enforce: 'pre',
    transform(code, id) {
      if (!APP.test(id.split('?')[0] ?? '')) return null
      if (!ROUTE.test(code))
        throw new Error(`${id}: Decap's entry route changed shape; adminPlugins.mjs cannot key it`)
      return { code: code.replace(ROUTE, '$1, props.location.pathname)'), map: null }
    },
  }
}
