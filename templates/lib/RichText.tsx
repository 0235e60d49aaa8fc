import { Fragment, type ReactNode } from 'react'
import { inlineMarks } from './inlineMarkup.ts'
import { useSite } from './SiteContext.tsx'

/** A content paragraph with its inline markup: **bold** and [label](link). */
export function RichText({ text }: { text: string }) {
  const { fill, href } = useSite()
  const source = fill(text)
  const out: ReactNode[] = []
  let last = 0
  for (const mark of inlineMarks(source)) {
    out.push(source.slice(last, mark.start))
    if (mark.kind === 'bold') out.push(<strong key={mark.start}>{mark.text}</strong>)
    else {
      const target = href(mark.target)
      const external = /^https?:/.test(target)
      out.push(
        <a
          key={mark.start}
          href={target}
          {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {mark.label}
        </a>,
      )
    }
    last = mark.end
  }
  out.push(source.slice(last))
  return <Fragment>{out}</Fragment>
}

export function Paragraphs({ items }: { items?: string[] }) {
  if (!items) return null
  return (
    <>
      {items.map((p) => (
        <p key={p}>
          <RichText text={p} />
        </p>
      ))}
    </>
  )
}

export function BulletList({ items, className }: { items?: string[]; className?: string }) {
  if (!items) return null
  return (
    <ul className={className}>
      {items.map((p) => (
        <li key={p}>
          <RichText text={p} />
        </li>
      ))}
    </ul>
  )
}
