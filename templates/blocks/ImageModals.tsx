import type { BlockOf } from '../content.ts'
import ImageModalsIsland from '../islands/ImageModals.tsx'
import { byId, certificatesData } from '../lib/companyData.ts'
import { Island } from '../lib/Island.tsx'
import { Paragraphs } from '../lib/RichText.tsx'
import { useSite } from '../lib/SiteContext.tsx'

export function ImageModals({ block }: { block: BlockOf<'imageModals'> }) {
  const { data, fill, t } = useSite()
  const { policies } = certificatesData(data)
  const items = block.items.map((item) => {
    const policy = byId(policies, item.policy, 'policy')
    return {
      id: policy.id,
      thumbnail: policy.thumbnail,
      image: policy.image,
      caption: fill(item.caption),
    }
  })
  return (
    <section id={block.id} className={`block image-modals-block tone-${block.tone ?? 'plain'}`}>
      <div className="container">
        {block.heading ? <h2>{fill(block.heading)}</h2> : null}
        <Paragraphs items={block.intro} />
        <Island
          name="ImageModals"
          component={ImageModalsIsland}
          props={{
            items,
            enlargeHint: t('companyPages.enlarge'),
            closeLabel: t('common.close'),
          }}
        />
      </div>
    </section>
  )
}
