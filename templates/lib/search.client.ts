// The search page's script: runs the visitor's query against the Pagefind index written by the
// build (dist/client/pagefind/), in the language of the page (Pagefind picks the index by
// <html lang>), and lists the results: pages, and the rows of the ratings tables, which the index
// holds inside their page's entry (scripts/lib/pipeline/searchIndex.ts). Loaded only by the search
// page; Pagefind's own code and index are fetched on first use.
import { RATINGS_ROW, type SearchMessages } from './searchMessages.ts'

/** An element of the indexed text with an id: its name, its text, the word where it starts. */
type Anchor = { element: string; id: string; text: string; location: number }
/** What Pagefind returns for a page (its fragment). */
type PagefindPage = {
  url: string
  /** The indexed text; Pagefind's word locations count its words split at white space. */
  content: string
  meta: Record<string, string | undefined>
  anchors: Anchor[]
}
type PagefindResult = { id: string; words: number[]; data: () => Promise<PagefindPage> }
type Pagefind = { search: (q: string) => Promise<{ results: PagefindResult[] }> }
/** One listed result: a page, or one row of a page's ratings tables. */
type Hit = {
  url: string
  title: string
  words: string[]
  from: number
  to: number
  marks: Set<number>
}

const MAX_RESULTS = 20
/** Pages whose text is fetched to find the matching rows; beyond, each page counts one. */
const MAX_PAGES = 40
const EXCERPT_WORDS = 24
const TYPING_PAUSE_MS = 250

let pagefind: Promise<Pagefind> | undefined
function loadPagefind(): Promise<Pagefind> {
  // A runtime URL, not a module of the bundle: the index is written after Vite has built.
  const url = '/pagefind/pagefind.js'
  pagefind ??= import(/* @vite-ignore */ url) as Promise<Pagefind>
  return pagefind
}

const fillIn = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''))

const within = (words: Iterable<number>, from: number, to: number) => {
  for (const w of words) if (w >= from && w < to) return true
  return false
}

/**
 * The results of one page: the page itself when its own text holds every word of the query, and
 * each ratings row (indexed after the page's text, from its anchor to the next) that holds them
 * all. `perWord` has, for each word of the query, where it occurs in each page (page id -> word
 * locations); Pagefind's own answer only says that the page holds them all, somewhere.
 */
export function hitsOf(
  result: PagefindResult,
  page: PagefindPage,
  perWord: Map<string, number[]>[],
): Hit[] {
  const rows = page.anchors
    .filter((a) => a.element === RATINGS_ROW)
    .sort((a, b) => a.location - b.location)
  const words = page.content.split(/[\r\n\s]+/g)
  const marks = new Set(result.words)
  const parts = [
    {
      url: page.url,
      title: page.meta.title ?? page.url,
      from: 0,
      to: rows[0]?.location ?? Infinity,
    },
    ...rows.map((row, i) => ({
      url: `${page.url}#${row.id}`,
      title: row.text || page.url,
      from: row.location,
      to: rows[i + 1]?.location ?? Infinity,
    })),
  ]
  return parts
    .filter((part) => perWord.every((w) => within(w.get(result.id) ?? [], part.from, part.to)))
    .map((part) => ({ ...part, words, marks }))
}

/** About EXCERPT_WORDS words of a result's text from a little before its first match, marked. */
function excerptNodes(hit: Hit): Node[] {
  const to = Math.min(hit.to, hit.words.length)
  const first = [...hit.marks].filter((w) => w >= hit.from && w < to).sort((a, b) => a - b)[0]
  const start = Math.max(hit.from, Math.min((first ?? hit.from) - 4, to - EXCERPT_WORDS))
  const nodes: Node[] = []
  let text = ''
  for (let w = start; w < Math.min(to, start + EXCERPT_WORDS); w++) {
    const word = hit.words[w] ?? ''
    if (!hit.marks.has(w)) {
      text += `${word} `
      continue
    }
    nodes.push(document.createTextNode(text))
    const mark = document.createElement('mark')
    mark.textContent = word
    nodes.push(mark, document.createTextNode(' '))
    text = ''
  }
  nodes.push(document.createTextNode(text.trimEnd()))
  return nodes
}

function resultItem(hit: Hit): HTMLLIElement {
  const li = document.createElement('li')
  const link = document.createElement('a')
  link.href = hit.url
  link.textContent = hit.title
  const excerpt = document.createElement('p')
  excerpt.append(...excerptNodes(hit))
  li.append(link, excerpt)
  return li
}

/** The visitor's query against the index: the results in Pagefind's order, and their number. */
async function search(query: string): Promise<{ hits: Hit[]; count: number }> {
  const index = await loadPagefind()
  const terms = query.split(/\s+/).filter(Boolean)
  const [found, ...single] = await Promise.all([
    index.search(query),
    ...(terms.length > 1 ? terms.map((t) => index.search(t)) : []),
  ])
  if (!found) return { hits: [], count: 0 }
  // A word Pagefind finds nowhere on its own (punctuation, say) does not restrict the results.
  const perWord = (single.length ? single : [found])
    .filter((s) => s.results.length)
    .map((s) => new Map(s.results.map((r) => [r.id, r.words])))
  const loaded = found.results.slice(0, MAX_PAGES)
  const pages = await Promise.all(loaded.map((r) => r.data()))
  const hits = loaded.flatMap((r, i) => (pages[i] ? hitsOf(r, pages[i], perWord) : []))
  return { hits, count: hits.length + found.results.length - loaded.length }
}

export function enhanceSearch(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>('form')
  const input = root.querySelector<HTMLInputElement>('input[name="q"]')
  const status = root.querySelector<HTMLElement>('.search-status')
  const list = root.querySelector<HTMLOListElement>('.search-results')
  if (!form || !input || !status || !list) return
  const messages = JSON.parse(status.dataset.messages ?? '{}') as SearchMessages
  const plural = new Intl.PluralRules(document.documentElement.lang)
  root.dataset.enhanced = 'true'
  let latest = 0

  const run = async (query: string) => {
    const ticket = ++latest
    const q = query.trim()
    const url = new URL(location.href)
    if (q) url.searchParams.set('q', q)
    else url.searchParams.delete('q')
    history.replaceState(null, '', url)
    if (!q) {
      status.textContent = ''
      list.replaceChildren()
      list.hidden = true
      return
    }
    status.textContent = messages.loading
    try {
      const { hits, count } = await search(q)
      if (ticket !== latest) return // a newer query has started
      const key = plural.select(count) === 'one' ? 'results_one' : 'results_other'
      status.textContent = fillIn(count ? messages[key] : messages.none, { count, query: q })
      const shown = hits.slice(0, MAX_RESULTS)
      list.replaceChildren(...shown.map(resultItem))
      list.hidden = shown.length === 0
    } catch {
      if (ticket !== latest) return
      status.textContent = messages.error
      root.dataset.enhanced = 'failed'
    }
  }

  let timer: ReturnType<typeof setTimeout> | undefined
  input.addEventListener('input', () => {
    clearTimeout(timer)
    timer = setTimeout(() => run(input.value), TYPING_PAUSE_MS)
  })
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    clearTimeout(timer)
    run(input.value)
  })
  const initial = new URLSearchParams(location.search).get('q') ?? ''
  input.value = initial
  if (initial) run(initial)
  else input.focus()
}
