import { Fragment, type ReactNode } from 'react'
import { useSite } from './SiteContext.tsx'

const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g

/** A content paragraph with its inline markup: **bold** and [label](link). */
export function RichText({ text }: { text: string }) {
  const { fill, href } = useSite()
  const source = fill(text)
  const out: ReactNode[] = []
  let last = 0
  for (const m of source.matchAll(INLINE)) {
    out.push(source.slice(last, m.index))
    if (m[1] !== undefined) out.push(<strong key={m.index}>{m[1]}</strong>)
    else {
      const target = href(m[3] ?? '')
      const external = /^https?:/.test(target)
      out.push(
        <a
          key={m.index}
          href={target}
          {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {m[2]}
        </a>,
      )
    }
    last = (m.index ?? 0) + m[0].length
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
