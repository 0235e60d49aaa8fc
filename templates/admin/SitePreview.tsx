// The preview pane: the entry as it is being edited, rendered by the site itself (the dev
// server's /api/cms/preview: the page's route, data and React templates, its CSS and scripts),
// in the language of the editor's left column. While the edited tree has a problem, the pane
// lists it instead.
//
// The first render of a page loads it whole (srcdoc); each later one swaps the new <body> in
// and keeps the scroll position: no reload, no blank frame, nothing fetched again while the
// editor types. The swapped-in markup is the server's, as a visitor without JavaScript gets it
// (a carousel shows its first slide until the next full load).
import { useEffect, useRef } from 'react'
import type { ImmutableLike, PreviewProps } from './types.ts'

const PREVIEW_URL = '/api/cms/preview'

/** The site's loading overlay would cover every full load of the pane. */
const PREVIEW_STYLE = '<style>.reveal-overlay{display:none!important}</style>'

/** Decap hands the preview the left column's language: a non-French one replaces `data`. */
function previewLanguage(entry: ImmutableLike): 'fr' | 'en' {
  return entry.getIn(['i18n', 'en', 'data']) === entry.get('data') ? 'en' : 'fr'
}

const plain = (value: unknown): unknown =>
  value && typeof (value as ImmutableLike).toJS === 'function'
    ? (value as Required<ImmutableLike>).toJS()
    : value

export function SitePreview({ entry }: PreviewProps) {
  const path = String(entry.get('path') ?? '')
  const lang = previewLanguage(entry)
  const bilingual = /^content\/(pages\/[^/]+|i18n\/strings)\.yaml$/.test(path)
  const data = plain(entry.get('data'))
  const frame = useRef<HTMLIFrameElement>(null)
  /** Which page the frame holds (path and language): another one is loaded whole. */
  const shown = useRef('')
  const latest = useRef(0)
  const body = JSON.stringify({ path, lang, data: bilingual ? { [lang]: data } : data })

  useEffect(() => {
    const ask = ++latest.current
    const controller = new AbortController()
    fetch(PREVIEW_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      signal: controller.signal,
    })
      .then((r) => r.text())
      .then((html) => {
        if (ask !== latest.current || !frame.current) return
        show(frame.current, html, `${path} ${lang}`, shown)
      })
      .catch(() => {})
    return () => controller.abort()
  }, [body, path, lang])

  return (
    <iframe
      ref={frame}
      title={lang === 'en' ? 'Aperçu de la page (anglais)' : 'Aperçu de la page (français)'}
      data-preview-lang={lang}
      style={{ border: 0, width: '100%', height: '100vh', display: 'block' }}
    />
  )
}

function show(
  frame: HTMLIFrameElement,
  html: string,
  page: string,
  shown: { current: string },
): void {
  const doc = frame.contentDocument
  const next = new DOMParser().parseFromString(html, 'text/html')
  // The list of problems is a page of its own: from or to it, the frame loads whole.
  const kind = `${page} ${next.querySelector('meta[name="cms-preview-problems"]') ? 'problems' : 'site'}`
  if (doc?.body && shown.current === kind && doc.readyState === 'complete') {
    const scroll = doc.scrollingElement?.scrollTop ?? 0
    doc.title = next.title
    doc.body.replaceWith(doc.importNode(next.body, true))
    if (doc.scrollingElement) doc.scrollingElement.scrollTop = scroll
    return
  }
  shown.current = kind
  frame.srcdoc = html.replace('</head>', `${PREVIEW_STYLE}</head>`)
}
