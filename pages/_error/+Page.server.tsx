// https://vike.dev/error-page
import type { PageContextServer } from 'vike/types'
import { buildModel, fillerFor } from '../../scripts/lib/content/model.ts'
import { languageOfPath } from '../../templates/lib/siteModel.ts'
import { ErrorScreen } from '../../templates/pages/ErrorScreen.tsx'
import { SitePage } from '../../templates/pages/SitePage.tsx'

/** Unknown paths get the not-found page of their language; render errors the error screen. */
export default function Page({ pageContext }: { pageContext: PageContextServer }) {
  const lang = languageOfPath(pageContext.urlPathname)
  if (pageContext.is404) {
    return (
      <SitePage
        model={buildModel('not-found', lang, pageContext.urlPathname)}
        fill={fillerFor(lang)}
      />
    )
  }
  const reason = pageContext.abortReason
  const message =
    typeof reason === 'string'
      ? reason
      : (pageContext.errorWhileRendering as Error | undefined)?.message
  return <ErrorScreen lang={lang} message={message ?? 'Internal Server Error'} />
}
