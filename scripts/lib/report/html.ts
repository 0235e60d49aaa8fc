// A light reader for the HTML this project generates (React's static markup): tags and their
// attributes with source offsets. Regular expressions are enough because the markup is our
// own; script, style and comment bodies are skipped so text inside them is never read as tags.

/** One attribute of one tag, with the offset of the attribute name in the file. */
export type Attribute = { tag: string; name: string; value: string; offset: number }

/** A URL the page refers to, and where. */
export type LinkRef = { attr: string; tag: string; url: string; offset: number }

export type HtmlDocument = {
  lang: string | undefined
  canonical: LinkRef | undefined
  /** `<link rel="alternate" hreflang>` in the head. */
  alternates: { hreflang: string; link: LinkRef }[]
  noindex: boolean
  links: LinkRef[]
  ids: Set<string>
  /** The text of each `<script type="application/ld+json">`, at the offset where it starts. */
  jsonLd: { text: string; offset: number }[]
}

const TAG = /<!--[\s\S]*?-->|<([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title'])

/**
 * Every tag that has one of the attributes the report reads, with them, in document order (a
 * tag without any, most of a page, is nothing the report looks at: at 1,000 pages, keeping them
 * doubled the report's time in allocations).
 */
export function readTags(html: string): { tag: string; attributes: Attribute[] }[] {
  const tags: { tag: string; attributes: Attribute[] }[] = []
  TAG.lastIndex = 0
  for (let m = TAG.exec(html); m; m = TAG.exec(html)) {
    const tag = m[1]?.toLowerCase()
    if (!tag) continue
    const source = m[2] ?? ''
    if (source) {
      const attributes = readAttributes(tag, source, m.index + 1 + (m[1]?.length ?? 0))
      if (attributes.length) tags.push({ tag, attributes })
    }
    if (RAW_TEXT.has(tag)) {
      // The closing tag in any case: search from here, not in a lower-case copy of the page.
      const close = new RegExp(`</${tag}`, 'gi')
      close.lastIndex = TAG.lastIndex
      const end = close.exec(html)?.index ?? -1
      if (end >= 0) TAG.lastIndex = end
    }
  }
  return tags
}

/** The attribute `name` of a tag read by readTags. */
export const attributeOf = (attributes: Attribute[], name: string): Attribute | undefined =>
  attributes.find((a) => a.name === name)

/** The attributes the report reads; the others (class, style, d, data-props...) are skipped. */
const WANTED = new Set([
  'href',
  'src',
  'srcset',
  'id',
  'name',
  'lang',
  'rel',
  'hreflang',
  'content',
  'property',
  'http-equiv',
])

function readAttributes(tag: string, source: string, start: number): Attribute[] {
  const out: Attribute[] = []
  ATTRIBUTE.lastIndex = 0
  for (let m = ATTRIBUTE.exec(source); m; m = ATTRIBUTE.exec(source)) {
    const name = (m[1] ?? '').toLowerCase()
    if (!WANTED.has(name)) continue
    const raw = m[2] ?? m[3] ?? m[4] ?? ''
    const value = raw.includes('&') ? decodeEntities(raw) : raw
    out.push({ tag, name, value, offset: start + m.index })
  }
  return out
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, code: string) => {
    if (code[0] === '#')
      return String.fromCodePoint(
        code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : Number(code.slice(1)),
      )
    return NAMED[code.toLowerCase()] ?? all
  })
}

/** The URLs of one `srcset`: each candidate is `url [descriptor]`, separated by commas. */
export function srcsetUrls(value: string): string[] {
  return value
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter(Boolean)
}

/** Every href/src/srcset of a page, plus the head's og:url/og:image and meta refresh target. */
export function extractLinks(tags: { tag: string; attributes: Attribute[] }[]): LinkRef[] {
  const links: LinkRef[] = []
  for (const { tag, attributes } of tags) {
    for (const a of attributes) {
      if (a.name === 'href' || a.name === 'src')
        links.push({ attr: a.name, tag, url: a.value.trim(), offset: a.offset })
      else if (a.name === 'srcset')
        for (const url of srcsetUrls(a.value))
          links.push({ attr: a.name, tag, url, offset: a.offset })
    }
    if (tag !== 'meta') continue
    const content = attributeOf(attributes, 'content')
    if (!content) continue
    const property = attributeOf(attributes, 'property')?.value
    if (property === 'og:url' || property === 'og:image')
      links.push({
        attr: `${property} content`,
        tag,
        url: content.value.trim(),
        offset: content.offset,
      })
    const refresh = /url\s*=\s*(.+)$/i.exec(content.value)
    if (attributeOf(attributes, 'http-equiv')?.value.toLowerCase() === 'refresh' && refresh?.[1])
      links.push({ attr: 'refresh content', tag, url: refresh[1].trim(), offset: content.offset })
  }
  return links
}

/** Reads what the report needs from one built page. */
export function readHtmlDocument(html: string): HtmlDocument {
  const tags = readTags(html)
  const doc: HtmlDocument = {
    lang: undefined,
    canonical: undefined,
    alternates: [],
    noindex: false,
    links: extractLinks(tags),
    ids: new Set(),
    jsonLd: readJsonLd(html),
  }
  // No helper closure per tag: tsx (the build's runner) wraps every function it creates to keep
  // its name, which cost about a second per 1,000 pages.
  for (const { tag, attributes } of tags) {
    const id = attributeOf(attributes, 'id')
    if (id) doc.ids.add(id.value)
    const name = attributeOf(attributes, 'name')?.value
    if (tag === 'a' && name) doc.ids.add(name)
    if (tag === 'html') doc.lang = attributeOf(attributes, 'lang')?.value
    if (tag === 'meta' && name === 'robots')
      doc.noindex ||= /noindex/i.test(attributeOf(attributes, 'content')?.value ?? '')
    if (tag !== 'link') continue
    const href = attributeOf(attributes, 'href')
    const rel = (attributeOf(attributes, 'rel')?.value ?? '').toLowerCase().split(/\s+/)
    if (!href) continue
    const link = { attr: 'href', tag, url: href.value.trim(), offset: href.offset }
    if (rel.includes('canonical')) doc.canonical = link
    const hreflang = attributeOf(attributes, 'hreflang')?.value
    if (rel.includes('alternate') && hreflang) doc.alternates.push({ hreflang, link })
  }
  return doc
}

const JSON_LD =
  /<script\b[^>]*\btype\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script/gi

/** The JSON-LD data blocks of a page (the structured data search engines read). */
function readJsonLd(html: string): HtmlDocument['jsonLd'] {
  const blocks: HtmlDocument['jsonLd'] = []
  for (const m of html.matchAll(JSON_LD))
    blocks.push({ text: m[1] ?? '', offset: m.index + m[0].length - (m[1] ?? '').length - 8 })
  return blocks
}

/** Offset -> 1-based line and column, for `file:line:col` messages. */
export function lineIndex(text: string): (offset: number) => { line: number; col: number } {
  const starts = [0]
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1)
  return (offset) => {
    let lo = 0
    let hi = starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if ((starts[mid] ?? 0) <= offset) lo = mid
      else hi = mid - 1
    }
    return { line: lo + 1, col: offset - (starts[lo] ?? 0) + 1 }
  }
}
