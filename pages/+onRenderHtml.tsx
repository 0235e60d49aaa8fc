// https://vike.dev/onRenderHtml
import { dangerouslySkipEscape } from 'vike/server'
import type { PageContextServer } from 'vike/types'
import { renderDocument } from '../templates/layout/renderDocument.tsx'

export function onRenderHtml(pageContext: PageContextServer) {
  const Page = pageContext.Page as (props: { pageContext: PageContextServer }) => React.ReactNode
  return { documentHtml: dangerouslySkipEscape(renderDocument(<Page pageContext={pageContext} />)) }
}
