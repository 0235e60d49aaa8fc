// The search page's script: runs the visitor's query against the Pagefind index written by the
// build (dist/client/pagefind/), in the language of the page (Pagefind picks the index by
// <html lang>), and lists the results. Loaded only by the search page; Pagefind's own code and
// index are fetched on first use.
import type { SearchMessages } from './searchMessages.ts'

type PagefindResult = {
  url: string
  excerpt: string
  meta: { title?: string }
}
type Pagefind = {
  options: (o: Record<string, unknown>) => Promise<void>
  search: (q: string) => Promise<{ results: { data: () => Promise<PagefindResult> }[] }>
}

const MAX_RESULTS = 20
const TYPING_PAUSE_MS = 250

let pagefind: Promise<Pagefind> | undefined
function loadPagefind(): Promise<Pagefind> {
  // A runtime URL, not a module of the bundle: the index is written after Vite has built.
  const url = '/pagefind/pagefind.js'
  pagefind ??= (import(/* @vite-ignore */ url) as Promise<Pagefind>).then(async (p) => {
    await p.options({ excerptLength: 24 })
    return p
  })
  return pagefind
}

const fillIn = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''))

/** Pagefind's excerpt is HTML with <mark> around the matches: keep the text and the marks only. */
function excerptNodes(excerpt: string): Node[] {
  const body = new DOMParser().parseFromString(excerpt, 'text/html').body
  return [...body.childNodes].map((n) => {
    if (n.nodeName !== 'MARK') return document.createTextNode(n.textContent ?? '')
    const mark = document.createElement('mark')
    mark.textContent = n.textContent
    return mark
  })
}

function resultItem(r: PagefindResult): HTMLLIElement {
  const li = document.createElement('li')
  const link = document.createElement('a')
  link.href = r.url
  link.textContent = r.meta.title ?? r.url
  const excerpt = document.createElement('p')
  excerpt.append(...excerptNodes(r.excerpt))
  li.append(link, excerpt)
  return li
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
      const found = await (await loadPagefind()).search(q)
      const results = await Promise.all(found.results.slice(0, MAX_RESULTS).map((r) => r.data()))
      if (ticket !== latest) return // a newer query has started
      const count = found.results.length
      const key = plural.select(count) === 'one' ? 'results_one' : 'results_other'
      status.textContent = fillIn(count ? messages[key] : messages.none, { count, query: q })
      list.replaceChildren(...results.map(resultItem))
      list.hidden = results.length === 0
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
