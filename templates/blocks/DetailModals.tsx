import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { BlockOf } from '../content.ts'
import DetailModalsIsland from '../islands/DetailModals.tsx'
import { ButtonLinks } from '../lib/ButtonLinks.tsx'
import { Island } from '../lib/Island.tsx'
import { MODAL_SIZES, Picture } from '../lib/Picture.tsx'
import { BulletList, Paragraphs } from '../lib/RichText.tsx'
import { SiteProvider, useSite } from '../lib/SiteContext.tsx'
import { SpecSheetTable } from './SpecTable.tsx'

export function DetailModals({ block }: { block: BlockOf<'detailModals'> }) {
  const site = useSite()
  const { fill, t, sized } = site
  // Islands take JSON props: rich text (bold, links) is rendered to HTML here, on the server.
  const html = (node: ReactNode) =>
    renderToStaticMarkup(<SiteProvider value={site}>{node}</SiteProvider>)
  const items = block.items.map((item) => ({
    id: item.id,
    title: fill(item.title),
    ...(item.image ? { image: sized({ src: item.image.src, alt: fill(item.image.alt) }) } : {}),
    summaryHtml: html(<Paragraphs items={item.summary} />),
    detailsHtml: html(
      <>
        {item.details.image ? (
          <Picture
            image={sized(item.details.image)}
            alt={fill(item.details.image.alt)}
            sizes={MODAL_SIZES}
          />
        ) : null}
        <Paragraphs items={item.details.paragraphs} />
        <BulletList items={item.details.list} />
        {item.details.sheet ? (
          <SpecSheetTable
            sheet={item.details.sheet}
            caption={fill(item.details.sheetCaption ?? item.title)}
          />
        ) : null}
        <Paragraphs items={item.details.listAfter} />
      </>,
    ),
    linksHtml: html(<ButtonLinks links={item.links} />),
  }))
  return (
    <section id={block.id} className={`block detail-modals-block tone-${block.tone ?? 'plain'}`}>
      <div className="container">
        {block.heading ? <h2>{fill(block.heading)}</h2> : null}
        <Paragraphs items={block.intro} />
        <Island
          name="DetailModals"
          component={DetailModalsIsland}
          props={{
            items,
            columns: block.columns ?? 2,
            detailsLabel: t('common.details'),
            closeLabel: t('common.close'),
          }}
        />
        <ButtonLinks links={block.buttons} />
      </div>
    </section>
  )
}
