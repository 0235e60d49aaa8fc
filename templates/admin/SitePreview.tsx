// The preview pane: the entry as it is being edited, rendered by the site itself (the dev
// server's /api/cms/preview: the page's route, data and React templates, its CSS and scripts),
// in the language of the editor's left column. While the edited tree has a problem, the pane
// lists it instead.
import { useEffect, useRef, useState } from 'react'
import type { ImmutableLike, PreviewProps } from './types.ts'

const PREVIEW_URL = '/api/cms/preview'

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
  const [html, setHtml] = useState('')
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
      .then((text) => {
        if (ask === latest.current) setHtml(text)
      })
      .catch(() => {})
    return () => controller.abort()
  }, [body])

  return (
    <iframe
      title={lang === 'en' ? 'Aperçu de la page (anglais)' : 'Aperçu de la page (français)'}
      srcDoc={html}
      data-preview-lang={lang}
      style={{ border: 0, width: '100%', height: '100vh', display: 'block' }}
    />
  )
}
