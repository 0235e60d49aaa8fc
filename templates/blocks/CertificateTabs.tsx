import type { BlockOf } from '../content.ts'
import CertificateTabsIsland from '../islands/CertificateTabs.tsx'
import { byId, certificatesData } from '../lib/companyData.ts'
import { Island } from '../lib/Island.tsx'
import { Paragraphs } from '../lib/RichText.tsx'
import { useSite } from '../lib/SiteContext.tsx'

export function CertificateTabs({ block }: { block: BlockOf<'certificateTabs'> }) {
  const { data, fill, t } = useSite()
  const { groups } = certificatesData(data)
  const tabs = block.tabs.map((tab) => {
    const group = byId(groups, tab.group, 'certificate group')
    return {
      id: group.id,
      label: group.label,
      heading: fill(tab.heading),
      ...(tab.intro ? { intro: fill(tab.intro) } : {}),
      certificates: group.certificates.map((c) => ({
        id: c.id,
        thumbnail: c.thumbnail,
        image: c.image,
        caption: c.label,
      })),
    }
  })
  return (
    <section id={block.id} className="block certificate-tabs-block">
      <div className="container">
        {block.heading ? <h2>{fill(block.heading)}</h2> : null}
        <Paragraphs items={block.intro} />
        <Island
          name="CertificateTabs"
          component={CertificateTabsIsland}
          props={{
            label: fill(block.label),
            tabs,
            enlargeHint: t('companyPages.enlarge'),
            closeLabel: t('common.close'),
          }}
        />
      </div>
    </section>
  )
}
