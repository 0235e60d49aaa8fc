import type { RouteTable } from '../../../templates/content.ts'
import { LANGS } from '../../../templates/lib/languages.ts'
import { pathOf } from '../../../templates/lib/siteModel.ts'

/** The output file a static host serves for a page path (noExtraDir layout). */
export function fileForPath(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`
}

/**
 * Netlify/Cloudflare-style `_redirects`: one 301 per redirect. No catch-all 404 rules:
 * Cloudflare Pages accepts only 200/301/302/303/307/308 there; both hosts answer an unknown
 * URL with the nearest `404.html` (so `/en/xyz` gets `en/404.html`), as the local server does.
 */
export function redirectsFile(routes: RouteTable): string {
  const lines = routes.redirects.map((r) => `${r.from}  ${pathOf(routes, r.to, r.lang)}  301`)
  return `${lines.join('\n')}\n`
}

/** For hosts without redirect support: a small page that sends the visitor on. */
export function metaRefreshPage(target: string, siteUrl: string): string {
  return `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>Redirection</title><meta name="robots" content="noindex"><link rel="canonical" href="${siteUrl}${target}"><meta http-equiv="refresh" content="0; url=${target}"></head><body><p><a href="${target}">${target}</a></p></body></html>\n`
}

export function sitemapXml(routes: RouteTable, siteUrl: string): string {
  const urls = routes.routes
    .filter((r) => r.template !== 'notFound')
    .flatMap((r) =>
      LANGS.map((lang) => {
        const alternates = LANGS.map(
          (l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${siteUrl}${r[l].path}"/>`,
        )
          .concat(
            `<xhtml:link rel="alternate" hreflang="x-default" href="${siteUrl}${r.fr.path}"/>`,
          )
          .join('')
        return `<url><loc>${siteUrl}${r[lang].path}</loc>${alternates}</url>`
      }),
    )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`
}
