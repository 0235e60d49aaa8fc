// YAML text for values the file does not hold yet, in the file's own style: its indentation, its
// padding of flow collections, and the quoting and flow/block layout of a template (the same key
// in a neighbouring item, the block of the same type): a new button comes out as
// `{ label: ..., href: "page:..." }` when the others are written so.
import { CST, isMap, isScalar, isSeq, type Node, parse, Scalar } from 'yaml'
import { isObject } from '../../lib/isObject.ts'
import { definedKeys } from './itemMatch.ts'

/** How the file is written. */
export type Style = {
  /** Spaces per level of block mapping. */
  step: number
  /** `key:\n  - item` (true) or `key:\n- item`. */
  indentSeq: boolean
  bracePad: boolean
  bracketPad: boolean
}

export function detectStyle(source: string): Style {
  const nested = /^( *)[^\s#-][^\n]*:[ \t]*\n( +)[^\s#-]/m.exec(source)
  const step = nested ? (nested[2] as string).length - (nested[1] as string).length : 2
  const seq = /^( *)[^\s#-][^\n]*:[ \t]*\n( *)- /m.exec(source)
  const count = (re: RegExp) => source.match(re)?.length ?? 0
  return {
    step: step > 0 ? step : 2,
    indentSeq: seq ? (seq[2] as string).length > (seq[1] as string).length : true,
    bracePad: count(/\{ [^}]/g) >= count(/\{[^\s}]/g),
    bracketPad: count(/\[ [^\]]/g) > count(/\[[^\s\]]/g),
  }
}

type ScalarType = Scalar['type']

/**
 * A scalar's text. Strings keep `type` when it can carry the value (plain text that would read
 * as a number, or holds `: `, gets double quotes); multi-line text in block context is a block
 * scalar whose lines are indented by `indent` spaces (header, newline, lines; no final newline).
 */
export function scalarText(
  value: unknown,
  { type, indent, inFlow }: { type?: ScalarType; indent: number; inFlow: boolean },
): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'number')
    return Number.isNaN(value)
      ? '.nan'
      : Number.isFinite(value)
        ? String(value)
        : `${value < 0 ? '-' : ''}.inf`
  if (typeof value !== 'string') return String(value)
  let wanted = type ?? Scalar.PLAIN
  const isBlock = wanted === Scalar.BLOCK_LITERAL || wanted === Scalar.BLOCK_FOLDED
  if (value.includes('\n')) {
    if (inFlow) wanted = Scalar.QUOTE_DOUBLE
    else if (!isBlock) wanted = Scalar.BLOCK_LITERAL
  } else if (isBlock) wanted = Scalar.PLAIN
  if (wanted === Scalar.PLAIN && !plainReadsAs(value, inFlow)) wanted = Scalar.QUOTE_DOUBLE
  const token = CST.createScalarToken(value, { indent, inFlow, type: wanted }) as
    | CST.FlowScalar
    | CST.BlockScalar
  if (token.type !== 'block-scalar') return token.source
  const header = (token.props[0] as CST.SourceToken | undefined)?.source ?? '|'
  return `${header}\n${token.source.replace(/\n$/, '')}`
}

/** Plain text that a reader reads back as this very string. */
function plainReadsAs(value: string, inFlow: boolean): boolean {
  if (!value || value !== value.trim() || (inFlow && /[,[\]{}]/.test(value))) return false
  const token = CST.createScalarToken(value, { indent: 0, inFlow, type: Scalar.PLAIN })
  const text = (token as CST.FlowScalar).source
  if (text !== value) return false
  try {
    if (inFlow) return (parse(`[${value}]`) as unknown[])[0] === value
    return (parse(`k: ${value}`) as { k?: unknown })?.k === value
  } catch {
    return false
  }
}

/** A mapping key: plain when it reads back as itself, else double-quoted. */
export function keyText(key: string): string {
  if (!/^[\w][\w\-./@]*$/.test(key)) return JSON.stringify(key)
  try {
    const read = parse(`${key}: x`) as Record<string, unknown>
    return Object.keys(read).join() === key ? key : JSON.stringify(key)
  } catch {
    return JSON.stringify(key)
  }
}

const typeOf = (tpl: Node | undefined) => (isScalar(tpl) ? tpl.type : undefined)
const isEmpty = (v: unknown) =>
  Array.isArray(v) ? v.length === 0 : isObject(v) && definedKeys(v).length === 0
/** A collection is written as block unless empty or its template is flow. */
const asBlock = (v: unknown, tpl: Node | undefined) =>
  (Array.isArray(v) || isObject(v)) &&
  !isEmpty(v) &&
  !((isMap(tpl) || isSeq(tpl)) && tpl.flow === true)

/**
 * A new map's keys in the order its template (a sibling item) has them, a key it lacks after
 * the one it followed in the value: an item added by the CMS reads like the items beside it,
 * whatever order the editor filled its fields in.
 */
function keysLike(value: Record<string, unknown>, tpl: Node | undefined): string[] {
  const keys = definedKeys(value)
  if (!isMap(tpl)) return keys
  const rank = new Map(
    tpl.items.map((p, i) => [isScalar(p.key) ? String(p.key.value) : String(p.key), i]),
  )
  // A key the template lacks stays after the key it followed in the value.
  let previous = -1
  const ranked = keys.map((key, i) => {
    const r = rank.get(key)
    if (r !== undefined) previous = r
    return { key, r: r ?? previous + 0.5, i }
  })
  return ranked.sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.key)
}

/** The template of a map's value under `key`. */
export const childTemplate = (tpl: Node | undefined, key: string): Node | undefined =>
  isMap(tpl) ? ((tpl.get(key, true) as Node | undefined) ?? undefined) : undefined

/** The template of a new list item: the item of the same `type`, else the first. */
export function itemTemplate(tpl: Node | undefined, value: unknown): Node | undefined {
  if (!isSeq(tpl)) return undefined
  const items = tpl.items as Node[]
  const type = isObject(value) ? value.type : undefined
  return (type !== undefined && items.find((n) => isMap(n) && n.get('type') === type)) || items[0]
}

/** `key: value` at column `col` (its first line unindented, the next ones indented absolutely). */
export function pairText(s: Style, key: string, value: unknown, col: number, tpl?: Node): string {
  const head = `${keyText(key)}:`
  if (!asBlock(value, tpl)) return `${head} ${inlineText(s, value, col + s.step, tpl)}`
  if (Array.isArray(value))
    return `${head}\n${seqText(s, value, col + (s.indentSeq ? s.step : 0), tpl)}`
  return `${head}\n${mapText(s, value as Record<string, unknown>, col + s.step, tpl)}`
}

/** `- value` at column `col`. */
export function itemText(s: Style, value: unknown, col: number, tpl?: Node): string {
  return `- ${compactText(s, value, col + 2, tpl)}`
}

/** A value that starts on the current line at column `col` (after `- `), block or not. */
export function compactText(s: Style, value: unknown, col: number, tpl?: Node): string {
  if (!asBlock(value, tpl)) return inlineText(s, value, col, tpl)
  const text = Array.isArray(value)
    ? seqText(s, value, col, tpl)
    : mapText(s, value as Record<string, unknown>, col, tpl)
  return text.slice(col)
}

export function mapText(s: Style, value: Record<string, unknown>, col: number, tpl?: Node) {
  return keysLike(value, tpl)
    .map((k) => ' '.repeat(col) + pairText(s, k, value[k], col, childTemplate(tpl, k)))
    .join('\n')
}

function seqText(s: Style, value: unknown[], col: number, tpl?: Node): string {
  return value.map((v) => ' '.repeat(col) + itemText(s, v, col, itemTemplate(tpl, v))).join('\n')
}

/** A scalar or a flow collection; a block scalar's lines indented by `indent`. */
export function inlineText(s: Style, value: unknown, indent: number, tpl?: Node): string {
  if (Array.isArray(value) || isObject(value)) return flowText(s, value, tpl)
  return scalarText(value, { type: typeOf(tpl), indent, inFlow: false })
}

export function flowText(s: Style, value: unknown, tpl?: Node): string {
  if (Array.isArray(value)) {
    if (!value.length) return '[]'
    const pad = s.bracketPad ? ' ' : ''
    const items = value.map((v) => flowText(s, v, itemTemplate(tpl, v)))
    return `[${pad}${items.join(', ')}${pad}]`
  }
  if (isObject(value)) {
    const keys = keysLike(value, tpl)
    if (!keys.length) return '{}'
    const pad = s.bracePad ? ' ' : ''
    return `{${pad}${keys.map((k) => flowPairText(s, k, value[k], childTemplate(tpl, k))).join(', ')}${pad}}`
  }
  return scalarText(value, { type: typeOf(tpl), indent: 0, inFlow: true })
}

export const flowPairText = (s: Style, key: string, value: unknown, tpl?: Node) =>
  `${keyText(key)}: ${flowText(s, value, tpl)}`
