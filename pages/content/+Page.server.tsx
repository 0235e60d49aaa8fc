import type { PageContextServer } from 'vike/types'
import { fillerFor } from '../../scripts/lib/content/model.ts'
import type { PageModel } from '../../templates/lib/siteModel.ts'
import { SitePage } from '../../templates/pages/SitePage.tsx'

export default function Page({ pageContext }: { pageContext: PageContextServer }) {
  const model = pageContext.data as PageModel
  return <SitePage model={model} fill={fillerFor(model.lang)} />
}
