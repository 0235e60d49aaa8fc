// What the report knows about the site: the route table (pages, aliases, redirects) from
// content/, and the built files and pages from dist/client.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import type { Lang, RouteTable } from '../../../templates/content.ts'
import { LANGS as SITE_LANGS } from '../../../templates/lib/languages.ts'
import { readYamlFile } from '../content/yamlFile.ts'
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

/** Reads content/routes.yaml (and the site URL) into lookups by path. */
export function readSiteIndex(root: string, distDir: string): SiteIndex {
  const routesPath = join(root, 'content', 'routes.yaml')
  if (!existsSync(routesPath)) throw new Error('content/routes.yaml is missing')
  const routes = readYamlFile(routesPath, root).yaml.value as RouteTable | undefined
  if (!routes?.routes) throw new Error('content/routes.yaml cannot be read: run `npm run validate`')
  const pages = new Map<string, { id: string; lang: Lang }>()
  const aliases = new Map<string, string>()
  for (const r of routes.routes)
    for (const lang of LANGS) {
      pages.set(r[lang].path, { id: r.id, lang })
      for (const a of r[lang].aliases ?? []) aliases.set(a, r[lang].path)
    }
  const redirects = new Map<string, string>()
  for (const r of routes.redirects ?? []) {
    const to = routes.routes.find((x) => x.id === r.to)?.[r.lang]?.path
    if (to) redirects.set(r.from, to)
  }
  return { origin: siteOrigin(root), pages, aliases, redirects, files: new Set(listFiles(distDir)) }
}

function siteOrigin(root: string): string {
  const sitePath = join(root, 'content', 'site.yaml')
  const site = existsSync(sitePath)
    ? (readYamlFile(sitePath, root).yaml.value as { siteUrl?: string } | undefined)
    : undefined
  try {
    // SITE_URL (a build-time setting, scripts/lib/build/production.ts) wins over site.yaml.
    return new URL(process.env.SITE_URL?.trim() || site?.siteUrl || '').origin
  } catch {
    return 'https://site.invalid'
  }
}

export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort()
}

/** `index.html` -> `/`, `en/contact.html` -> `/en/contact` (the static host's layout). */
export function urlPathOfFile(file: string): string {
  return file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`
}

/** Reads every HTML file of the built site. */
export function readBuiltPages(
  distDir: string,
  files: Set<string>,
  distLabel: string,
): BuiltPage[] {
  return [...files]
    .filter((f) => f.endsWith('.html'))
    .map((file) => {
      const html = readFileSync(join(distDir, file), 'utf8')
      return {
        file,
        label: `${distLabel}/${file}`,
        path: urlPathOfFile(file),
        doc: readHtmlDocument(html),
        positionOf: lineIndex(html),
      }
    })
}
