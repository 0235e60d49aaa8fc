import type { BlockOf } from '../content.ts'
import { timelineData } from '../lib/companyData.ts'
import { Paragraphs, RichText } from '../lib/RichText.tsx'
import { useSite } from '../lib/SiteContext.tsx'

/** Milestones of content/data/timeline.yaml in year order, labelled by this page's items. */
export function Timeline({ block }: { block: BlockOf<'timeline'> }) {
  const { data, fill, page } = useSite()
  const labels = new Map(block.items.map((item) => [item.id, item]))
  const entries = [...timelineData(data).entries].sort((a, b) => a.year - b.year)
  return (
    <section id={block.id} className="block timeline-block">
      <div className="container">
        {block.heading ? <h2>{fill(block.heading)}</h2> : null}
        <Paragraphs items={block.intro} />
        <ol className="timeline">
          {entries.map((entry) => {
            const label = labels.get(entry.id)
            // A year without its label in this language would vanish silently: fail the build.
            if (!label)
              throw new Error(
                `Timeline milestone "${entry.id}" (${entry.year}) has no label in the page "${page.title}": add it to the timeline block's items`,
              )
            return (
              <li key={entry.id} id={`milestone-${entry.id}`} className="timeline-entry">
                <p className="timeline-year">
                  <time dateTime={String(entry.year)}>{entry.year}</time>
                </p>
                <div className="timeline-card">
                  <h3>{fill(label.title)}</h3>
                  {label.text ? (
                    <p>
                      <RichText text={label.text} />
                    </p>
                  ) : null}
                </div>
              </li>
            )
          })}
        </ol>
      </div>
    </section>
  )
}
