import type { BlockOf } from '../content.ts'
import AwardPopupIsland from '../islands/AwardPopup.tsx'
import { Island } from '../lib/Island.tsx'
import { useSite } from '../lib/SiteContext.tsx'

export function AwardPopup({ block }: { block: BlockOf<'awardPopup'> }) {
  const { fill, site, t, sized } = useSite()
  return (
    <Island
      name="AwardPopup"
      component={AwardPopupIsland}
      props={{
        id: block.id,
        heading: fill(block.heading),
        ...(block.image ? { image: sized(block.image) } : {}),
        texts: block.texts.map((p) => ({
          text: fill(p.text),
          ...(p.lang ? { lang: p.lang } : {}),
        })),
        closeLabel: t('homeNews.popup.close'),
        ...(block.autoClose ? { autoCloseMs: site.timing.popupAutoCloseMs } : {}),
      }}
    />
  )
}
