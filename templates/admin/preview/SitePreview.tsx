// The preview pane of every entry, the same in the published editor and in
// `npm run dev`: the entry as it is being edited, rendered in the browser by the site's own
// templates from the content of the tree as the save would leave it (preview/render.tsx), in
// the language of the editor's left column, shown with the site's CSS and scripts
// (preview/pane.ts). While the tree as it would be has problems, the pane lists them instead.
import { useEffect, useRef } from 'react'
import { PAGE_ENTRY_FOLDER } from '../../core/editor/entryPaths.ts'
import type { DecapApi, EditorConfig, ImmutableLike, PreviewProps } from '../decap/types.ts'
import type { PaneOptions, PreviewPane } from './pane.ts'
import type { PreviewDeps, PreviewRequest } from './render.tsx'

/** Decap hands the preview the left column's language: a non-French one replaces `data`. */
function previewLanguage(entry: ImmutableLike): 'fr' | 'en' {
  return entry.getIn(['i18n', 'en', 'data']) === entry.get('data') ? 'en' : 'fr'
}

const plain = (value: unknown): unknown =>
  value && typeof (value as ImmutableLike).toJS === 'function'
    ? (value as Required<ImmutableLike>).toJS()
    : value

/** The preview template for Decap, on the editor's repository and check. */
export function sitePreview(deps: PreviewDeps, options: PaneOptions = {}) {
  return function SitePreview({ entry }: PreviewProps) {
    const path = String(entry.get('path') ?? '')
    const lang = previewLanguage(entry)
    // Decap's immutable value: a new one only when the form's value changed.
    const data = entry.get('data')
    const holder = useRef<HTMLDivElement>(null)
    const pane = useRef<PreviewPane | null>(null)
    const latest = useRef<PreviewRequest | null>(null)
    // The preview's code (the site's templates, React's server renderer) is a chunk of its own,
    // loaded when a preview first shows: the editor starts without it.
    useEffect(() => {
      let live = true
      void import('./pane.ts').then(({ PreviewPane }) => {
        if (!live || !holder.current) return
        pane.current = new PreviewPane(holder.current, deps, options)
        if (latest.current) pane.current.show(latest.current)
      })
      return () => {
        live = false
        pane.current?.dispose()
        pane.current = null
      }
    }, [])
    useEffect(() => {
      latest.current = { path, lang, data: plain(data) }
      pane.current?.show(latest.current)
    }, [path, lang, data])
    return <div ref={holder} />
  }
}

/** The site's preview for every file entry of the configuration and every folder of pages. */
export function registerSitePreview(
  CMS: Pick<DecapApi, 'registerPreviewTemplate'>,
  config: EditorConfig,
  deps: PreviewDeps,
  options: PaneOptions = {},
): void {
  const template = sitePreview(deps, options)
  for (const collection of config.collections) {
    for (const file of collection.files ?? []) CMS.registerPreviewTemplate(file.name, template)
    // A folder collection's template goes by the collection's name (the new page's has none).
    if (collection.folder?.startsWith(`${PAGE_ENTRY_FOLDER}/`))
      CMS.registerPreviewTemplate(collection.name, template)
  }
}
