import type { TFunction } from 'i18next'
import type { BlockOf } from '../content.ts'
import { ButtonLinks } from '../lib/ButtonLinks.tsx'
import { type SpecRow, specSheetById } from '../lib/catalogueData.ts'
import { numberFormat } from '../lib/format.ts'
import type { Lang } from '../lib/languages.ts'
import { Paragraphs } from '../lib/RichText.tsx'
import { useSite } from '../lib/SiteContext.tsx'

/** Two-column table of technical facts: the label as row heading, the value beside it. */
export function SpecTable({ block }: { block: BlockOf<'specTable'> }) {
  const { fill } = useSite()
  return (
    <section id={block.id} className={`block spec-block tone-${block.tone ?? 'plain'}`}>
      <div className="container">
        {block.heading ? <h2>{fill(block.heading)}</h2> : null}
        <Paragraphs items={block.intro} />
        <SpecSheetTable sheet={block.sheet} caption={fill(block.caption)} />
        <ButtonLinks links={block.buttons} />
      </div>
    </section>
  )
}

/** The table of a fact sheet: each fact's label as row heading, its value beside it. */
export function SpecSheetTable({ sheet: id, caption }: { sheet: string; caption: string }) {
  const { t, lang, data } = useSite()
  const sheet = specSheetById(data, id)
  return (
    <table className="spec-table">
      <caption>{caption}</caption>
      <tbody>
        {sheet.rows.map((row) => (
          <tr key={row.id}>
            <th scope="row">{t(`catalogue.spec.${row.id}`)}</th>
            <td>{specValue(row, t, lang)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The value of a fact in a language: numbers formatted and joined, a code, or a phrase around them. */
export function specValue(row: SpecRow, t: TFunction, lang: Lang): string {
  const format = numberFormat(lang, { maximumFractionDigits: 3 })
  let value = row.code ?? ''
  if (row.values) {
    const numbers = row.values.map((n) => format.format(n))
    const joined =
      row.join === 'or'
        ? numbers.join(` ${t('catalogue.specJoin.or')} `)
        : row.join === 'slash'
          ? numbers.join('/')
          : row.join === 'range'
            ? numbers.join('–')
            : numbers.join(', ')
    value = row.unit ? `${joined} ${row.unit}` : joined
  }
  return row.text ? t(`catalogue.specValue.${row.text}`, { value }) : value
}
