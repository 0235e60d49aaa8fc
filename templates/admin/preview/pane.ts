// The preview pane's frames: the page rendered in the browser (render.tsx) loaded as a real
// document with the site's own CSS and scripts (siteAssets.ts), so the islands (carousels,
// tabs, modals, the typed word...) run there as on the site, with the site's code.
//
// A new version of the same page changes, most of the time, a few elements of its <main> (the
// banner, a block) and of its head (title, description): those are replaced in the shown
// document, in place, when none of them holds an island or anything else the site's script takes
// over (patchMain: a few ms). Any other change (the header or footer, an island's block, another
// page, the list of problems) loads the version whole, in the second, hidden frame, which takes
// the shown one's place once loaded, at the same scroll position: no blank frame, no jump, and
// its islands start afresh as on a visitor's page. Versions asked for while one is being made are not all made: the latest only,
// once the current one is shown (never a queue behind a burst of keys).
import { type PreviewDeps, type PreviewRequest, renderPreview, type Timings } from './render.tsx'
import { previewDocument, type SiteAssets, siteAssets } from './siteAssets.ts'

/** Sent on the pane's element when a version is shown (for tests and the bench). */
export type PreviewShown = {
  /** The number show() returned for the request shown (later ones may have been skipped). */
  version: number
  kind: 'page' | 'problems'
  /** performance.now() of the pane's window when the new frame took its place. */
  at: number
  /** When it was asked for and shown, in ms since the epoch (comparable across frames). */
  epoch: { asked: number; shown: number }
  /** How it was shown: elements of <main> replaced in place, or the whole document loaded. */
  how: 'patch' | 'load'
  ms: Timings & { load: number }
}

export const PREVIEW_SHOWN = 'site-preview-shown'

export type PaneOptions = {
  /**
   * A page of the site whose stylesheets and scripts the preview takes (any content page: they
   * all have the same ones). Default: the site's root.
   */
  assetsUrl?: string
  assets?: (url: string) => Promise<SiteAssets>
}

export class PreviewPane {
  readonly element: HTMLElement
  private readonly frames: [HTMLIFrameElement, HTMLIFrameElement]
  private shownFrame = 0
  private shownPage = ''
  /** The markup of the shown version, parsed (what patchMain compares the next one with). */
  private shownDoc: Document | undefined
  private asked = 0
  private next: { version: number; request: PreviewRequest; asked: number } | undefined
  private running = false
  private disposed = false

  constructor(
    container: HTMLElement,
    private readonly deps: PreviewDeps,
    private readonly options: PaneOptions = {},
  ) {
    const doc = container.ownerDocument
    this.element = doc.createElement('div')
    this.element.className = 'site-preview'
    this.element.style.cssText = 'position:relative;width:100%;height:100vh'
    const frame = () => {
      const f = doc.createElement('iframe')
      f.style.cssText = 'position:absolute;inset:0;border:0;width:100%;height:100%;display:block'
      this.element.append(f)
      return f
    }
    this.frames = [frame(), frame()]
    this.hide(this.frames[1])
    container.append(this.element)
  }

  /** Asks for the preview of `request`; returns its version number (see PreviewShown). */
  show(request: PreviewRequest): number {
    const version = ++this.asked
    this.next = { version, request, asked: performance.timeOrigin + performance.now() }
    if (!this.running) void this.run()
    return version
  }

  dispose(): void {
    this.disposed = true
    this.element.remove()
  }

  private async run(): Promise<void> {
    this.running = true
    try {
      while (this.next && !this.disposed) {
        const { version, request, asked } = this.next
        this.next = undefined
        try {
          await this.make(version, request, asked)
        } catch (error) {
          this.element.dataset.previewError = String((error as Error)?.message ?? error)
          console.error('Aperçu :', error)
        }
      }
    } finally {
      this.running = false
    }
  }

  private async make(version: number, request: PreviewRequest, asked: number): Promise<void> {
    const result = await renderPreview(this.deps, request)
    const assetsUrl = this.options.assetsUrl ?? '/'
    const html =
      result.kind === 'page'
        ? previewDocument(result.html, await (this.options.assets ?? siteAssets)(assetsUrl))
        : result.html
    const started = performance.now()
    const page = result.kind === 'page' ? `${result.pageId} ${result.lang}` : 'problems'
    const front = this.frames[this.shownFrame] as HTMLIFrameElement
    const back = this.frames[1 - this.shownFrame] as HTMLIFrameElement
    const next = new DOMParser().parseFromString(html, 'text/html')
    const previous = this.shownDoc
    this.shownDoc = next
    if (
      result.kind === 'page' &&
      page === this.shownPage &&
      previous &&
      front.contentDocument &&
      patchMain(front.contentDocument, previous, next)
    )
      return this.shown(version, result, started, asked, 'patch')
    await loaded(back, html)
    if (this.disposed) return
    // The same page again: at the place the reader was; another page: at its top.
    const scroll =
      page === this.shownPage ? (front.contentDocument?.scrollingElement?.scrollTop ?? 0) : 0
    const scroller = back.contentDocument?.scrollingElement
    if (scroller) scroller.scrollTop = scroll
    this.showFrame(back, result.lang)
    this.hide(front)
    this.shownFrame = 1 - this.shownFrame
    this.shownPage = page
    this.shown(version, result, started, asked, 'load')
  }

  private shown(
    version: number,
    result: { kind: 'page' | 'problems'; ms: Timings },
    started: number,
    asked: number,
    how: PreviewShown['how'],
  ) {
    const at = performance.now()
    const shown: PreviewShown = {
      version,
      kind: result.kind,
      at,
      epoch: { asked, shown: performance.timeOrigin + at },
      how,
      ms: { ...result.ms, load: at - started },
    }
    this.element.dataset.previewVersion = String(version)
    this.element.dataset.previewKind = result.kind
    this.element.dispatchEvent(new CustomEvent(PREVIEW_SHOWN, { detail: shown }))
  }

  private showFrame(frame: HTMLIFrameElement, lang: string) {
    frame.style.visibility = 'visible'
    frame.removeAttribute('aria-hidden')
    frame.removeAttribute('tabindex')
    frame.title = lang === 'en' ? 'Aperçu de la page (anglais)' : 'Aperçu de la page (français)'
    // Tests find the shown page by this attribute: the hidden frame never has it.
    frame.dataset.previewLang = lang
  }

  private hide(frame: HTMLIFrameElement) {
    frame.style.visibility = 'hidden'
    frame.setAttribute('aria-hidden', 'true')
    frame.tabIndex = -1
    frame.removeAttribute('title')
    delete frame.dataset.previewLang
  }
}

/** What the site's script takes over in a page (pages/+client.ts): never replaced in place. */
const SCRIPTED = '[data-island], [data-site-search]'
/** What in a head runs or styles the page from a file: the site's assets, never replaced. */
const LOADED =
  'script[src], script[type="module"], link[rel="stylesheet"], link[rel="modulepreload"]'

/**
 * Shows `next` in `live` (which shows `previous`) by replacing, in place, the elements of the
 * head (title, meta, the page's <style>, its JSON-LD) and the children of <main> that changed,
 * when nothing else changed and none of them is scripted; else changes nothing and says so.
 */
export function patchMain(live: Document, previous: Document, next: Document): boolean {
  const shellOf = (doc: Document) =>
    [...doc.body.children].map((el) => (el.id === 'main' ? '' : el.outerHTML))
  if (!same(shellOf(previous), shellOf(next))) return false
  const head = changedChildren(previous.head, next.head, live.head, LOADED)
  const [was, is, shown] = [previous, next, live].map((doc) => doc.getElementById('main'))
  if (!head || !was || !is || !shown) return false
  if (!(was.cloneNode(false) as Element).isEqualNode(is.cloneNode(false))) return false
  const main = changedChildren(was, is, shown, SCRIPTED)
  if (!main) return false
  for (const [shownChild, nextChild] of [...head, ...main])
    shownChild.replaceWith(live.importNode(nextChild, true))
  return true
}

/**
 * The children of `shown` to replace by those of `is` where `was` and `is` differ (pairs), or
 * undefined when they cannot be matched one to one or a changed one is or holds `kept`.
 */
function changedChildren(
  was: Element,
  is: Element,
  shown: Element,
  kept: string,
): [Element, Element][] | undefined {
  const old = [...was.children]
  const now = [...is.children]
  const current = [...shown.children]
  // The shown document may have gained children since it loaded, at the end: the site's script
  // appends to the head the modulepreload links of the chunks it imports (an island's, React).
  if (old.length !== now.length || current.length < old.length) return undefined
  const pairs: [Element, Element][] = []
  for (const [i, el] of now.entries()) {
    const before = old[i] as Element
    if (before.outerHTML === el.outerHTML) continue
    for (const x of [before, el]) if (x.matches(kept) || x.querySelector(kept)) return undefined
    pairs.push([current[i] as Element, el])
  }
  return pairs
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i])

/** Loads `html` in `frame`; resolves once it has loaded (its stylesheets and images included). */
function loaded(frame: HTMLIFrameElement, html: string): Promise<void> {
  return new Promise((resolve) => {
    frame.addEventListener('load', () => resolve(), { once: true })
    frame.srcdoc = html
  })
}
