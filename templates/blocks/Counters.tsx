import type { BlockOf } from '../content.ts'
import CountersIsland from '../islands/Counters.tsx'
import { formatValue } from '../lib/format.ts'
import { Island } from '../lib/Island.tsx'
import { LOCALES } from '../lib/languages.ts'
import { useSite } from '../lib/SiteContext.tsx'

export function Counters({ block }: { block: BlockOf<'counters'> }) {
  const { fill, facts, lang, site } = useSite()
  const items = block.items.map((item) => {
    const [group = '', name = ''] = item.fact.split('.')
    const value = Number(facts[group]?.[name])
    const label = fill(item.label)
    return {
      value,
      label,
      suffix: item.suffix,
      text: `${formatValue(value, lang)}${item.suffix ?? ''} ${label}`,
    }
  })
  return (
    <section id={block.id} className="block counters-block">
      <div className="container">
        {block.heading ? <h2>{fill(block.heading)}</h2> : null}
        <Island
          name="Counters"
          component={CountersIsland}
          props={{
            items,
            durationMs: site.timing.counterDurationMs,
            locale: LOCALES[lang],
          }}
        />
      </div>
    </section>
  )
}
