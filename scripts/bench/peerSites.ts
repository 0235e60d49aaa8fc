// The same pages as our build, written as a Hugo site and as an Eleventy site, for the peers'
// build bench (peers.ts). Pure: checked content in, files (path -> text) out.
//
// Every route of the route table in both languages, aliases included (our build renders each as
// a page too): front matter with title, description, output path, language, the other
// language's path and the breadcrumb; as body, the text of the page's blocks (headings as
// headings, every other text as a paragraph, facts filled, page: links resolved) with each
// ratings table as a Markdown table. One layout per peer with the shape of ours: header (site
// name, language switch), the main menu from the route table (submenus nested, the current page
// marked), breadcrumb, the page's heading and body, footer (company, the footer's two lists of
// links, copyright). What it leaves out of our templates: the top bar (contact details, header
// links, search field), islands and their scripts, pictures (images, their sizes and variants,
// the banner), block layouts (cards, carousels, tabs, forms: their text only), fact sheets
// (specTable), news lists and other blocks that quote other pages or data files, JSON-LD, share
// cards, hreflang and Open Graph tags, the search index, the report's checks and the CSS. The
// peers each parse Markdown; ours renders React components.
import { stringify } from 'yaml'
import type { MenuEntry, PageContent } from '../../templates/content.ts'
import { fillFacts, type SiteContent } from '../../templates/core/content/checkContent.ts'
import { ratingsTableById } from '../../templates/lib/catalogueData.ts'
import { escapeHtml } from '../../templates/lib/escapeHtml.ts'
import { fixedDigits } from '../../templates/lib/format.ts'
import { FOOTER_NAVIGATE, FOOTER_USEFUL, framePages } from '../../templates/lib/framePages.ts'
import { LANGS, type Lang, otherLang } from '../../templates/lib/languages.ts'
import { groupsOf } from '../../templates/lib/ratingsColumns.ts'
import { breadcrumbTrail, pathOf, resolveHref } from '../../templates/lib/siteModel.ts'

export type PeerName = 'hugo' | 'eleventy'

/** One rendered route: a page in one language at its canonical path or one of its aliases. */
export type PeerPage = {
  id: string
  lang: Lang
  path: string
  canonical: string
  title: string
  description: string
  /** The same page in the other language. */
  other: string
  breadcrumb: { title: string; href: string }[]
  /** Markdown. */
  body: string
}

type MenuItem = { label: string; href?: string; children?: MenuItem[] }
type Frame = {
  origin: string
  company: string
  menu: MenuItem[]
  footer: { title: string; links: { label: string; href: string }[] }[]
  copyright: string
}

/** Keys of block values that are settings or references, not text a visitor reads. */
const NOT_TEXT = new Set([
  'type',
  'id',
  'src',
  'href',
  'lang',
  'style',
  'layout',
  'logos',
  'tone',
  'fact',
  'follow',
  'imageSide',
  'group',
  'policy',
  'sheet',
  'table',
  'contact',
  'variant',
  'address',
])
const HEADINGS: Record<string, string> = { heading: '## ', title: '### ', subheading: '### ' }

/** Every route our build renders, each a page: canonical paths and aliases, both languages. */
export function peerPages(content: SiteContent): PeerPage[] {
  const { routes } = content
  return routes.routes.flatMap((route) =>
    LANGS.flatMap((lang) => {
      const page = content.pages[lang][route.id]
      if (!page) throw new Error(`No ${lang} content for page "${route.id}"`)
      const fields = {
        id: route.id,
        lang,
        canonical: route[lang].path,
        title: page.title,
        description: page.description,
        other: pathOf(routes, route.id, otherLang(lang)),
        breadcrumb: breadcrumbTrail(routes, route).map((r) => ({
          title: content.pages[lang][r.id]?.title ?? r.id,
          href: r[lang].path,
        })),
        body: pageBody(content, page, lang),
      }
      return [route[lang].path, ...(route[lang].aliases ?? [])].map((path) => ({
        ...fields,
        path,
      }))
    }),
  )
}

/** The page's text as Markdown: its blocks' texts in order, each ratings table as a table. */
export function pageBody(content: SiteContent, page: PageContent, lang: Lang): string {
  const text = (s: string) =>
    escapeHtml(fillFacts(s, content.facts, lang)).replace(
      /\]\((page:[^)\s]+)\)/g,
      (_, href: string) => `](${resolveHref(content.routes, href, lang)})`,
    )
  const out: string[] = [`# ${text(page.heading ?? page.title)}`]
  const walk = (value: unknown, key: string): void => {
    if (typeof value === 'string') {
      if (value.trim()) out.push(`${HEADINGS[key] ?? ''}${text(value)}`)
    } else if (Array.isArray(value)) for (const v of value) walk(v, key)
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) if (!NOT_TEXT.has(k)) walk(v, k)
  }
  for (const block of page.blocks) {
    walk(block, 'block')
    if (block.type === 'ratingsTable') out.push(ratingsMarkdown(content, block.table, lang))
  }
  return `${out.join('\n\n')}\n`
}

/** A ratings table as a Markdown table: rated power, then each column under its group. */
function ratingsMarkdown(content: SiteContent, id: string, lang: Lang): string {
  const table = ratingsTableById(content.data, id)
  const columns = groupsOf(table.kind).flatMap((g) =>
    g.columns.map((c) => ({
      ...c,
      label: `${ui(content, lang, `catalogue.ratings.group.${g.id}`)} ${c.key}`,
    })),
  )
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`
  const rows = table.rows as unknown as Record<string, number>[]
  return [
    row([ui(content, lang, 'catalogue.ratings.ratedPower'), ...columns.map((c) => c.label)]),
    row(['---', ...columns.map(() => '---:')]),
    ...rows.map((r) =>
      row([
        fixedDigits(lang, 0).format(r.kva ?? 0),
        ...columns.map((c) => fixedDigits(lang, c.digits).format(r[c.key] ?? 0)),
      ]),
    ),
  ].join('\n')
}

/** The frame of every page in `lang`: menu, footer, company name. */
function frame(content: SiteContent, lang: Lang): Frame {
  const { routes } = content
  const item = (entry: MenuEntry): MenuItem =>
    entry.page
      ? { label: ui(content, lang, `nav.${entry.page}`), href: pathOf(routes, entry.page, lang) }
      : { label: ui(content, lang, entry.label ?? ''), children: (entry.children ?? []).map(item) }
  const links = (ids: readonly string[]) =>
    framePages(routes, ids, lang).map(({ id, path }) => ({
      label: ui(content, lang, `nav.${id}`),
      href: path,
    }))
  const company = content.site.company.name
  return {
    origin: content.site.siteUrl,
    company,
    menu: routes.menu.map(item),
    footer: [
      { title: ui(content, lang, 'footer.navigate'), links: links(FOOTER_NAVIGATE) },
      { title: ui(content, lang, 'footer.usefulLinks'), links: links(FOOTER_USEFUL) },
    ],
    copyright: `© ${content.site.copyrightYear} ${company}`,
  }
}

/** A UI string by its dotted key (the key itself when absent: the peers need no check). */
function ui(content: SiteContent, lang: Lang, key: string): string {
  let v: unknown = content.i18n[lang]
  for (const part of key.split('.')) v = (v as Record<string, unknown> | undefined)?.[part]
  return typeof v === 'string' ? v : key
}

/** A content file's name for a page: its id, language and, for an alias, its position. */
function pageFile(page: PeerPage): string {
  const alias = page.path === page.canonical ? '' : `-alias-${page.path.replace(/\W+/g, '-')}`
  return `${page.lang}/${page.id}${alias}.md`
}

const frontMatter = (data: Record<string, unknown>, body: string) =>
  `---\n${stringify(data, { lineWidth: 0 })}---\n\n${body}`

const frames = (content: SiteContent) =>
  `${JSON.stringify(Object.fromEntries(LANGS.map((l) => [l, frame(content, l)])), null, 2)}\n`

/** A site's own files, then one Markdown file per route under `dir` with its front matter. */
function siteFiles(
  content: SiteContent,
  own: [string, string][],
  dir: string,
  meta: (page: PeerPage) => Record<string, unknown>,
): Map<string, string> {
  const files = new Map(own)
  for (const page of peerPages(content)) {
    const { title, description, canonical, other, breadcrumb } = page
    const data = { title, description, ...meta(page), canonical, other, breadcrumb }
    files.set(`${dir}/${pageFile(page)}`, frontMatter(data, page.body))
  }
  return files
}

/** The Hugo site: hugo.toml, the frame as data, a layout, one content file per route. */
export function hugoSite(content: SiteContent): Map<string, string> {
  const config = [
    `baseURL = "${content.site.siteUrl}/"`,
    // Only the pages: no home list, sections, taxonomies, feeds, sitemap or 404 of Hugo's own.
    'disableKinds = ["home", "section", "taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]',
    'disablePathToLower = true',
    '',
  ].join('\n')
  return siteFiles(
    content,
    [
      ['hugo.toml', config],
      ['data/frame.json', frames(content)],
      ['layouts/_default/baseof.html', HUGO_BASEOF],
      ['layouts/_default/single.html', HUGO_SINGLE],
      ['layouts/partials/menu.html', HUGO_MENU],
    ],
    'content',
    (page) => ({ url: page.path, pageLang: page.lang }),
  )
}

/** The Eleventy site: its config, the frame as global data, a layout, one file per route. */
export function eleventySite(content: SiteContent): Map<string, string> {
  return siteFiles(
    content,
    [
      ['eleventy.config.mjs', ELEVENTY_CONFIG],
      ['src/_data/frame.json', frames(content)],
      ['src/_includes/base.njk', ELEVENTY_BASE],
    ],
    'src',
    (page) => ({
      permalink: `${page.path.replace(/\/$/, '')}/index.html`,
      layout: 'base.njk',
      lang: page.lang,
    }),
  )
}

const HUGO_BASEOF = `{{ $lang := .Params.pageLang }}{{ $frame := index site.Data.frame $lang }}<!doctype html>
<html lang="{{ $lang }}">
<head>
<meta charset="utf-8">
<title>{{ .Title }} | {{ $frame.company }}</title>
<meta name="description" content="{{ .Description }}">
<link rel="canonical" href="{{ $frame.origin }}{{ .Params.canonical }}">
</head>
<body>
<header class="site-header"><a href="/">{{ $frame.company }}</a> <a href="{{ .Params.other }}">{{ if eq $lang "fr" }}English{{ else }}Français{{ end }}</a>
<nav class="main-nav">{{ partial "menu.html" (dict "items" $frame.menu "current" .Params.canonical) }}</nav>
</header>
<main>
<nav class="breadcrumb"><ol>{{ range .Params.breadcrumb }}<li><a href="{{ .href }}">{{ .title }}</a></li>{{ end }}</ol></nav>
{{ block "main" . }}{{ end }}
</main>
<footer class="site-footer"><p>{{ $frame.company }}</p>
{{ range $frame.footer }}<nav><h2>{{ .title }}</h2><ul>{{ range .links }}<li><a href="{{ .href }}">{{ .label }}</a></li>{{ end }}</ul></nav>
{{ end }}<p class="copyright">{{ $frame.copyright }}</p></footer>
</body>
</html>
`

const HUGO_SINGLE = `{{ define "main" }}<article>{{ .Content }}</article>{{ end }}
`

const HUGO_MENU = `<ul>{{ $current := .current }}{{ range .items }}<li>{{ if .href }}<a href="{{ .href }}"{{ if eq .href $current }} aria-current="page"{{ end }}>{{ .label }}</a>{{ else }}<button type="button" aria-expanded="false">{{ .label }}</button>{{ partial "menu.html" (dict "items" .children "current" $current) }}{{ end }}</li>{{ end }}</ul>`

const ELEVENTY_CONFIG = `// Markdown is not run through a template language first (as Hugo's is not).
export default function () {
  return { dir: { input: 'src', output: '_site' }, markdownTemplateEngine: false, templateFormats: ['md'] }
}
`

const ELEVENTY_BASE = `{%- macro menu(items, current) -%}
<ul>{% for item in items %}<li>{% if item.href %}<a href="{{ item.href }}"{% if item.href == current %} aria-current="page"{% endif %}>{{ item.label }}</a>{% else %}<button type="button" aria-expanded="false">{{ item.label }}</button>{{ menu(item.children, current) }}{% endif %}</li>{% endfor %}</ul>
{%- endmacro -%}
{%- set f = frame[lang] -%}
<!doctype html>
<html lang="{{ lang }}">
<head>
<meta charset="utf-8">
<title>{{ title }} | {{ f.company }}</title>
<meta name="description" content="{{ description }}">
<link rel="canonical" href="{{ f.origin }}{{ canonical }}">
</head>
<body>
<header class="site-header"><a href="/">{{ f.company }}</a> <a href="{{ other }}">{% if lang == "fr" %}English{% else %}Français{% endif %}</a>
<nav class="main-nav">{{ menu(f.menu, canonical) }}</nav>
</header>
<main>
<nav class="breadcrumb"><ol>{% for b in breadcrumb %}<li><a href="{{ b.href }}">{{ b.title }}</a></li>{% endfor %}</ol></nav>
<article>{{ content | safe }}</article>
</main>
<footer class="site-footer"><p>{{ f.company }}</p>
{% for list in f.footer %}<nav><h2>{{ list.title }}</h2><ul>{% for l in list.links %}<li><a href="{{ l.href }}">{{ l.label }}</a></li>{% endfor %}</ul></nav>
{% endfor %}<p class="copyright">{{ f.copyright }}</p></footer>
</body>
</html>
`
