import { BlockList } from '../blocks/BlockList.tsx'
import { Banner } from '../layout/Banner.tsx'
import { Document } from '../layout/Document.tsx'
import { makeSiteContext, SiteProvider } from '../lib/SiteContext.tsx'
import type { PageModel } from '../lib/siteModel.ts'

/** Every route renders through here: the shell, the banner (but on home) and the blocks. */
export function SitePage({ model, fill }: { model: PageModel; fill: (text: string) => string }) {
  const ctx = makeSiteContext(model, fill)
  return (
    <SiteProvider value={ctx}>
      <Document>
        {model.route.template !== 'home' && <Banner />}
        <BlockList blocks={model.page.blocks} />
      </Document>
    </SiteProvider>
  )
}
