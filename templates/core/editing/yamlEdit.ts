// Edits a YAML file in place: given its text and the whole value it should now hold (what a CMS
// submits for an entry), returns the text with only the changed values rewritten. Comments, the
// `$schema` line, key order, quoting and the layout of everything untouched stay byte for byte;
// an unchanged value gives back the very same text. Lists of items with an `id` are matched by
// id, so a reordered or inserted block moves with its comments. The result is parsed again and
// must hold exactly the wanted value, or nothing is returned (YamlEditError).
import {
  isMap,
  isScalar,
  isSeq,
  type Node,
  type Pair,
  parseDocument,
  Scalar,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml'
import { isObject } from '../../lib/isObject.ts'
import { yamlMessage } from '../content/yamlFile.ts'
import { definedKeys, matchItems, sameValue } from './itemMatch.ts'
import {
  applyEdits,
  blockEntries,
  column,
  dashBefore,
  type Edit,
  endOfLine,
  type Planned,
  rebuildBlock,
  rebuildFlow,
  trimmedEnd,
} from './yamlLayout.ts'
import {
  childTemplate,
  compactText,
  detectStyle,
  flowPairText,
  flowText,
  itemTemplate,
  itemText,
  mapText,
  pairText,
  type Style,
  scalarText,
} from './yamlWrite.ts'

/** A save that cannot edit the file: said in French, since only the editor's save path edits. */
export class YamlEditError extends Error {
  override name = 'YamlEditError'
}

type Ctx = { src: string; style: Style }
/** Where a value sits, to write a new one in its place. */
type Slot =
  | { kind: 'doc' }
  | { kind: 'pair'; keyEnd: number; col: number; inFlow: boolean }
  | { kind: 'item'; col: number; inFlow: boolean }

/** `source` changed to hold `wanted`, touching only what differs. */
export function editYaml(source: string, wanted: unknown): string {
  const doc = parseDocument(source)
  const error = doc.errors[0]
  if (error)
    throw new YamlEditError(
      `Le fichier a une erreur de syntaxe YAML, à corriger d'abord (par un développeur) : ${yamlMessage(error.code, error.message).fr}`,
    )
  const old: unknown = doc.toJS()
  if (sameValue(old, wanted)) return source
  const ctx: Ctx = { src: source, style: detectStyle(source) }
  const contents = doc.contents as Node | null
  const text = applyEdits(source, editValue(ctx, contents, old, wanted, { kind: 'doc' }, []))
  const check = parseDocument(text)
  if (check.errors.length || !sameValue(check.toJS(), wanted))
    throw new YamlEditError(
      "Le fichier modifié ne se relirait pas avec les valeurs saisies : rien n'est enregistré (à signaler à un développeur).",
    )
  return text
}

function editValue(
  ctx: Ctx,
  node: Node | null,
  old: unknown,
  wanted: unknown,
  slot: Slot,
  peers: Node[],
): Edit[] {
  if (sameValue(old, wanted)) return []
  const isCollection = Array.isArray(wanted) || isObject(wanted)
  if (isScalar(node) && !isCollection && node.range) return [scalarEdit(ctx, node, wanted, slot)]
  if (isMap(node) && node.items.length && isObject(wanted) && definedKeys(wanted).length)
    return editMap(ctx, node, old as Record<string, unknown>, wanted, slot, peers)
  if (isSeq(node) && node.items.length && Array.isArray(wanted) && wanted.length)
    return editSeq(ctx, node, old as unknown[], wanted, slot, peers)
  return [replaceValue(ctx, node, wanted, slot, peers[0] ?? node ?? undefined)]
}

/** A changed scalar: its text only, in its old style when that can carry the new value. */
function scalarEdit(ctx: Ctx, node: Scalar, value: unknown, slot: Slot): Edit {
  const { src, style } = ctx
  const [start, end] = node.range as [number, number, number]
  const wasBlock = node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED
  const inFlow = slot.kind !== 'doc' && slot.inFlow
  const indent = wasBlock
    ? (/\n( *)\S/.exec(src.slice(start, end))?.[1]?.length ?? 0)
    : slot.kind === 'doc'
      ? 0
      : slot.col + (slot.kind === 'pair' ? style.step : 2)
  const text = scalarText(value, { type: node.type, indent, inFlow })
  const isBlock = /^[|>]/.test(text)
  // A comment after the value (or after a block scalar's header) stays on the first line.
  const lineEnd = wasBlock ? src.indexOf('\n', start) : endOfLine(src, end)
  const rest = src.slice(wasBlock ? start : end, lineEnd).replace(/\n$/, '')
  const found = wasBlock ? (/\s+#.*$/.exec(rest)?.[0] ?? '') : rest
  const comment = found && !/^\s/.test(found) ? ` ${found}` : found
  // `key:` with nothing after it: the value needs its space.
  const space = start === end && !/\s/.test(src[start - 1] ?? ' ') ? ' ' : ''
  if (!wasBlock && !isBlock) return { from: start, to: end, text: space + text }
  const [header, ...lines] = text.split('\n')
  const first = space + (isBlock ? `${header}${comment}` : `${text}${comment}`)
  const to = wasBlock ? trimmedEnd(src, start, end) : end + rest.length
  return { from: start, to, text: isBlock ? [first, ...lines].join('\n') : first }
}

function editMap(
  ctx: Ctx,
  node: YAMLMap,
  old: Record<string, unknown>,
  wanted: Record<string, unknown>,
  slot: Slot,
  peers: Node[],
): Edit[] {
  const { src, style } = ctx
  const pairs = node.items as Pair<Node, Node | null>[]
  const keys = pairs.map((p) => (isScalar(p.key) ? String(p.key.value) : JSON.stringify(p.key)))
  const kept = new Set(definedKeys(wanted))
  const plan: Planned[] = keys.flatMap((k, i) => (kept.has(k) ? [i] : []))
  // A new key goes after the key the wanted value has before it.
  let cursor = -1
  for (const k of kept) {
    const at = plan.findIndex((p) => (typeof p === 'number' ? keys[p] === k : p === k))
    if (at >= 0) cursor = at
    else plan.splice(++cursor, 0, k)
  }
  const inFlow = node.flow === true || (slot.kind !== 'doc' && slot.inFlow)
  const keyStart = (p: Pair<Node, Node | null>) => (p.key.range as [number, number, number])[0]
  const keyEnd = (p: Pair<Node, Node | null>) => (p.key.range as [number, number, number])[1]
  const valueEnd = (p: Pair<Node, Node | null>) => p.value?.range?.[1] ?? keyEnd(p)
  const peerValues = (k: string) => peers.flatMap((p) => childTemplate(p, k) ?? [])
  const edits = plan.flatMap((p) => {
    if (typeof p !== 'number') return []
    const pair = pairs[p] as Pair<Node, Node | null>
    const k = keys[p] as string
    const at = { kind: 'pair', keyEnd: keyEnd(pair), col: column(src, keyStart(pair)), inFlow }
    return editValue(ctx, pair.value, old[k], wanted[k], at as Slot, peerValues(k))
  })
  if (plan.length === pairs.length && plan.every((p, i) => p === i)) return edits
  const col = column(src, keyStart(pairs[0] as Pair<Node, Node | null>))
  const texts = plan.map((p) =>
    typeof p === 'number'
      ? p
      : inFlow
        ? flowPairText(style, p, wanted[p], peerValues(p)[0])
        : pairText(style, p, wanted[p], col, peerValues(p)[0]),
  )
  if (inFlow) {
    const items = pairs.map((p) => ({ start: keyStart(p), end: valueEnd(p) }))
    return [rebuildFlow(src, flowRange(node), items, texts, edits)]
  }
  const entries = blockEntries(src, pairs.map(keyStart), pairs.map(valueEnd))
  return [rebuildBlock(src, entries, texts, edits)]
}

function editSeq(
  ctx: Ctx,
  node: YAMLSeq,
  old: unknown[],
  wanted: unknown[],
  slot: Slot,
  peers: Node[],
): Edit[] {
  const { src, style } = ctx
  const items = node.items as Node[]
  const match = matchItems(old, wanted)
  const inFlow = node.flow === true || (slot.kind !== 'doc' && slot.inFlow)
  const starts = items.map((n) => (n.range as [number, number, number])[0])
  const anchors = inFlow ? starts : starts.map((s) => dashBefore(src, s))
  const col = column(src, anchors[0] as number)
  // The other items, those of the same `type` first, are the templates of a new key.
  const others = (i: number) => {
    const item = items[i]
    const type = isMap(item) ? item.get('type') : undefined
    const rest = items.filter((_, j) => j !== i)
    const same = (n: Node) => isMap(n) && n.get('type') === type
    return [...rest.filter(same), ...rest.filter((n) => !same(n)), ...peers]
  }
  const edits = match.flatMap((i, k) =>
    i === undefined
      ? []
      : editValue(
          ctx,
          items[i] as Node,
          old[i],
          wanted[k],
          { kind: 'item', col, inFlow },
          others(i),
        ),
  )
  if (match.length === items.length && match.every((i, k) => i === k)) return edits
  const texts: Planned[] = match.map((i, k) => {
    if (i !== undefined) return i
    const tpl = itemTemplate(node, wanted[k]) ?? itemTemplate(peers[0], wanted[k])
    return inFlow ? flowText(style, wanted[k], tpl) : itemText(style, wanted[k], col, tpl)
  })
  const ends = items.map((n) => (n.range as [number, number, number])[1])
  if (inFlow) {
    const spans = starts.map((start, i) => ({ start, end: ends[i] as number }))
    return [rebuildFlow(src, flowRange(node), spans, texts, edits)]
  }
  return [rebuildBlock(src, blockEntries(src, anchors, ends), texts, edits)]
}

const flowRange = (node: Node) => {
  const [open, end] = node.range as [number, number, number]
  return { open, close: end - 1 }
}

/** A value of another kind (a text becomes a list, a list becomes empty...): written anew. */
function replaceValue(
  ctx: Ctx,
  node: Node | null,
  wanted: unknown,
  slot: Slot,
  tpl: Node | undefined,
): Edit {
  const { src, style } = ctx
  const range = node?.range
  if (slot.kind === 'doc') {
    const text =
      isObject(wanted) && definedKeys(wanted).length
        ? mapText(style, wanted, 0, tpl)
        : compactText(style, wanted, 0, tpl)
    const newline = src && !src.endsWith('\n') ? '\n' : ''
    if (!range) return { from: src.length, to: src.length, text: `${newline}${text}\n` }
    return { from: range[0], to: trimmedEnd(src, range[0], range[1]), text }
  }
  if (slot.inFlow) {
    const at = range?.[0] ?? src.indexOf(':', slot.kind === 'pair' ? slot.keyEnd : 0) + 1
    const text = flowText(style, wanted, tpl)
    return { from: at, to: range ? range[1] : at, text: range ? text : ` ${text}` }
  }
  if (slot.kind === 'pair') {
    const colonEnd = src.indexOf(':', slot.keyEnd) + 1
    const to = range ? Math.max(colonEnd, trimmedEnd(src, range[0], range[1])) : colonEnd
    return { from: colonEnd, to, text: pairText(style, 'k', wanted, slot.col, tpl).slice(2) }
  }
  const from = range?.[0] ?? 0
  const text = compactText(style, wanted, slot.col + 2, tpl)
  const to = range ? trimmedEnd(src, from, range[1]) : from
  return { from, to, text: src[from - 1] === '-' ? ` ${text}` : text }
}
