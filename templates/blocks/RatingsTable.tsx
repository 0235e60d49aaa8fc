import type { BlockOf } from '../content.ts'
import { ButtonLinks } from '../lib/ButtonLinks.tsx'
import { ratingsTableById } from '../lib/catalogueData.ts'
import { fixedDigits, numberFormat } from '../lib/format.ts'
import { Paragraphs } from '../lib/RichText.tsx'
import { groupsOf, type RatingsColumn } from '../lib/ratingsColumns.ts'
import { useSite } from '../lib/SiteContext.tsx'

/**
 * A ratings table: a real <table> with a caption, grouped column headings carrying the units,
 * the kVA of each row as its row heading. Every data cell names its headings (headers=...) since
 * the table has two heading levels. On a phone it scrolls inside a labelled, focusable region.
 */
export function RatingsTable({ block }: { block: BlockOf<'ratingsTable'> }) {
  const { fill, t, lang, data } = useSite()
  const table = ratingsTableById(data, block.table)
  const groups = groupsOf(table.kind)
  const base = `ratings-${block.id ?? block.table}`
  const captionId = `${base}-caption`
  const number = (n: number, digits: number) => fixedDigits(lang, digits).format(n)
  const colId = (c: RatingsColumn) => `${base}-${c.key}`
  const groupId = (g: string) => `${base}-g-${g}`
  return (
    <section id={block.id} className="block ratings-block">
      <div className="container">
        {block.heading ? <h2>{fill(block.heading)}</h2> : null}
        <Paragraphs items={block.intro} />
        <p className="table-scroll-hint">{t('catalogue.ratings.scrollHint')}</p>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex lint/a11y/useSemanticElements: a div region named by the caption (a <section> would add an outline entry); focusable so the keyboard can scroll it */}
        <div role="region" aria-labelledby={captionId} tabIndex={0} className="table-scroll">
          <table className="ratings-table">
            <caption id={captionId}>
              <span className="caption-text">
                {fill(block.caption)}
                {table.indicative ? (
                  <span className="indicative"> ({t('catalogue.ratings.indicative')})</span>
                ) : null}
              </span>
            </caption>
            <colgroup>
              <col />
            </colgroup>
            {groups.map((g) => (
              <colgroup key={g.id} span={g.columns.length} />
            ))}
            <thead>
              <tr>
                <th scope="col" rowSpan={2} id={`${base}-kva`}>
                  {t('catalogue.ratings.ratedPower')}
                </th>
                {groups.map((g) =>
                  g.columns.length > 1 ? (
                    <th key={g.id} scope="colgroup" colSpan={g.columns.length} id={groupId(g.id)}>
                      {t(`catalogue.ratings.group.${g.id}`)}
                    </th>
                  ) : (
                    <th
                      key={g.id}
                      scope="col"
                      rowSpan={2}
                      id={colId(g.columns[0] as RatingsColumn)}
                    >
                      {t(`catalogue.ratings.group.${g.id}`)}
                    </th>
                  ),
                )}
              </tr>
              <tr>
                {groups
                  .filter((g) => g.columns.length > 1)
                  .flatMap((g) =>
                    g.columns.map((c) => (
                      <th key={c.key} scope="col" id={colId(c)} headers={groupId(g.id)}>
                        <ColumnLabel column={c.key} />
                      </th>
                    )),
                  )}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => {
                const rowId = `${base}-r${row.kva}`
                return (
                  <tr key={row.kva}>
                    <th scope="row" id={rowId} headers={`${base}-kva`}>
                      {number(row.kva, 0)}
                    </th>
                    {groups.flatMap((g) =>
                      g.columns.map((c) => {
                        const value = (row as Record<string, number>)[c.key]
                        const heads =
                          g.columns.length > 1
                            ? [rowId, groupId(g.id), colId(c)]
                            : [rowId, colId(c)]
                        return (
                          <td key={c.key} headers={heads.join(' ')}>
                            {value === undefined ? '' : number(value, c.digits)}
                          </td>
                        )
                      }),
                    )}
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
        <p className="table-note">
          {t(`catalogue.ratings.legend.${table.kind}`)}
          {table.indicative ? ` ${t('catalogue.ratings.indicativeNote')}` : ''}
        </p>
        <ButtonLinks links={block.buttons} />
      </div>
    </section>
  )
}

/** A sub-column heading: the short letter or phrase, with its full name for screen readers. */
function ColumnLabel({ column }: { column: string }) {
  const { t, lang } = useSite()
  const percent = (n: number) => numberFormat(lang).format(n)
  switch (column) {
    case 'dropPf08':
      return <>{t('catalogue.ratings.powerFactor', { pf: percent(0.8) })}</>
    case 'dropPf1':
      return <>{t('catalogue.ratings.powerFactor', { pf: percent(1) })}</>
    case 'efficiency50':
    case 'efficiency75':
    case 'efficiency100':
      return <>{t('catalogue.ratings.atLoad', { load: percent(Number(column.slice(10))) })}</>
    case 'length':
    case 'width':
    case 'height':
    case 'wheelBase':
      return (
        <>
          <span aria-hidden="true">{t(`catalogue.ratings.column.${column}.short`)}</span>
          <span className="visually-hidden">{t(`catalogue.ratings.column.${column}.name`)}</span>
        </>
      )
    default:
      return <>{t(`catalogue.ratings.column.${column}`)}</>
  }
}
