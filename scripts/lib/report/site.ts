// What the report knows about the site: the route table (pages, aliases, redirects) from the
// content model (scripts/lib/content), and the built files and pages from dist/client.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { RouteTable, SiteSettings } from '../../../templates/content.ts'
import { type Lang, LANGS as SITE_LANGS } from '../../../templates/lib/languages.ts'
import { publicSiteUrl } from '../../../templates/lib/siteUrl.ts'
import { listFiles } from '../files.ts'
import { type HtmlDocument, lineIndex, readHtmlDocument } from './html.ts'

export type SiteIndex = {
  /** `https://www.example.com`: absolute URLs on this origin are internal links. */
  origin: string
  /** Canonical page path -> page id and language. */
  pages: Map<string, { id: string; lang: Lang }>
  /** Alias path -> canonical path. */
  aliases: Map<string, string>
  /** Redirect source -> target path. */
  redirects: Map<string, string>
  /** Every file under dist/client, as a path relative to it with `/` separators. */
  files: Set<string>
}

/** One built HTML file, read once. */
export type BuiltPage = {
  /** Relative to dist/client: `en/contact.html`. */
  file: string
  /** Shown to the reader: `dist/client/en/contact.html`. */
  label: string
  /** The URL path it is served at: `/en/contact`. */
  path: string
  doc: HtmlDocument
  positionOf: (offset: number) => { line: number; col: number }
}

export const LANGS: Lang[] = [...SITE_LANGS]

/** The part of the content model the report indexes (scripts/lib/content: collectContent). */
export type ReportContent = { routes?: RouteTable; site?: Pick<SiteSettings, 'siteUrl'> }

/**
 * The route table and site URL of the content model, as lookups by path, and the built files.
 * The content may have problems (the report then lists them): a route table that cannot be
 * read at all stops the report, whatever else is wrong.
 */
export function readSiteIndex(content: ReportContent, distDir: string): SiteIndex {
  const routes = content.routes
  if (!Array.isArray(routes?.routes))
    throw new Error('content/routes.yaml cannot be read: run `npm run validate`')
  const pages = new Map<string, { id: string; lang: Lang }>()
  const aliases = new Map<string, string>()
  for (const r of routes.routes)
    for (const lang of LANGS) {
      const path = r[lang]?.path
      if (!path) continue
      pages.set(path, { id: r.id, lang })
      for (const a of r[lang].aliases ?? []) aliases.set(a, path)
    }
  const redirects = new Map<string, string>()
  for (const r of routes.redirects ?? []) {
    const to = routes.routes.find((x) => x.id === r.to)?.[r.lang]?.path
    if (to) redirects.set(r.from, to)
  }
  const origin = siteOrigin(content.site?.siteUrl)
  const files = listFiles(distDir).filter((f) => !f.startsWith(EDITOR_FOLDER))
  return { origin, pages, aliases, redirects, files: new Set(files) }
}

/**
 * The production editor's folder (ADMIN_DIR of scripts/lib/cms/adminBuild.ts, when CMS_BACKEND is
 * set): not the site. Its page is no visitor page and no page may link to it, so the report
 * neither reads it nor counts its files as link targets.
 */
export const EDITOR_FOLDER = 'admin/'

/** The origin of SITE_URL, else of site.yaml's siteUrl (templates/lib/siteUrl.ts). */
function siteOrigin(yamlSiteUrl: string | undefined): string {
  try {
    return new URL(publicSiteUrl(yamlSiteUrl ?? '')).origin
  } catch {
    return 'https://site.invalid'
  }
}

/** `index.html` -> `/`, `en/contact.html` -> `/en/contact` (the static host's layout). */
export function urlPathOfFile(file: string): string {
  return file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`
}

/**
 * Reads every HTML file of the built site. `known`: documents the build's renderers read from
 * the pages as they wrote them; such a page is read from disk only if a message needs a line.
 */
export function readBuiltPages(
  distDir: string,
  files: Set<string>,
  distLabel: string,
  known: ReadonlyMap<string, { doc: HtmlDocument }> = new Map(),
): BuiltPage[] {
  return [...files]
    .filter((f) => f.endsWith('.html'))
    .map((file) => {
      const page = { file, label: `${distLabel}/${file}`, path: urlPathOfFile(file) }
      const doc = known.get(file)?.doc
      if (!doc) {
        const html = readFileSync(join(distDir, file), 'utf8')
        return { ...page, doc: readHtmlDocument(html), positionOf: lineIndex(html) }
      }
      let positions: BuiltPage['positionOf'] | undefined
      const positionOf: BuiltPage['positionOf'] = (offset) => {
        positions ??= lineIndex(readFileSync(join(distDir, file), 'utf8'))
        return positions(offset)
      }
      return { ...page, doc, positionOf }
    })
}
