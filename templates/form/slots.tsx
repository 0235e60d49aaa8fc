import { Fragment, type ReactNode } from 'react'

/** Fills the `{slot}` markers of a resolved string with text or elements (links). */
export function withSlots(text: string, slots: Record<string, ReactNode>): ReactNode {
  const parts = text.split(/\{(\w+)\}/)
  return parts.map((part, i) => (
    // Odd indexes are slot names: split() keeps the captured group.
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
    <Fragment key={i}>{i % 2 === 1 ? (slots[part] ?? `{${part}}`) : part}</Fragment>
  ))
}

/** Plain-text version, for the server's answer and error texts. */
export function fillText(text: string, slots: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (all, name: string) => slots[name] ?? all)
}
