// The site's CSS and scripts, for the preview's page, read from a page the site itself serves:
// the stylesheet links and module scripts vike puts around a rendered page (the built page's
// hashed /assets/*.css and its client entry in the published editor; vite's served CSS and dev
// entry in `npm run dev`). Every content page has the same ones (one vike page, pages/content),
// so one page is read once per visit of the editor. Not a second copy of how the site's CSS is
// made: the very files a visitor's browser loads, from the same URLs (cached once for both).

export type SiteAssets = {
  /** Stylesheet links, put first in <head>, where vike puts them. */
  head: string
  /** Module scripts (the islands, the menu), put before </body>, where vike puts them. */
  body: string
}

const VITE_CLIENT = /import\(\s*["']\/@vite\/client["']\s*\);?/g

const cache = new Map<string, Promise<SiteAssets>>()

/** The assets of the site's page at `url` (a path of the site: `/transformateur_dist_24`). */
export function siteAssets(url: string, fetcher: typeof fetch = fetch): Promise<SiteAssets> {
  let assets = cache.get(url)
  if (!assets) {
    assets = fetcher(url, { headers: { accept: 'text/html' } })
      .then((r) => {
        if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`)
        return r.text()
      })
      .then(assetsOf)
    assets.catch(() => cache.delete(url))
    cache.set(url, assets)
  }
  return assets
}

/** The stylesheets and module scripts of a served page's HTML. */
export function assetsOf(html: string): SiteAssets {
  const doc = new DOMParser().parseFromString(html, 'text/html')
  const head = [...doc.querySelectorAll('link[rel="stylesheet"], link[rel="modulepreload"]')]
  // Module scripts only: the page's own inline classic script is in the preview's markup
  // already (and the editor's CSP refuses it: the pane sets its effect itself), JSON-LD is data.
  // In `npm run dev`, vite's client is not started by the page (an inline module script imports
  // it, the react-refresh preamble and the client entry): its error overlay would show the disk's
  // content problems over the preview. (The modules the islands load in dev may still start it.)
  const body = [...doc.querySelectorAll('script[type="module"]')]
    .filter((el) => el.getAttribute('src') !== '/@vite/client')
    .map((el) => el.outerHTML.replace(VITE_CLIENT, ''))
  return { head: head.map((el) => el.outerHTML).join(''), body: body.join('') }
}

/**
 * The document the pane loads: the rendered page with the site's assets where vike puts them,
 * the `js` class the page's inline script would add (the editor's CSP runs no inline script), and
 * the loading overlay hidden (it would cover each load of the pane).
 */
export function previewDocument(html: string, assets: SiteAssets): string {
  return html
    .replace(/<html([^>]*)>/, (_, attrs: string) => `<html${attrs} class="js">`)
    .replace("<script>document.documentElement.classList.add('js')</script>", '')
    .replace('<head>', `<head>${assets.head}`)
    .replace('</head>', `${PREVIEW_STYLE}</head>`)
    .replace(/<\/body>(?![\s\S]*<\/body>)/, `${assets.body}</body>`)
}

const PREVIEW_STYLE = '<style>.reveal-overlay{display:none!important}</style>'
