// FR/EN structure: content/fr/<id>.yaml and content/en/<id>.yaml have the same keys, the same
// blocks in the same order (paired by id, see blockPairs.ts: a block's id is an anchor and may be
// translated, but both have one or neither), the same list items by id, and nothing empty on one
// side only. A block in one file only is reported at that block; any other gap is placed in the
// file that lacks the text, at the nearest enclosing key, and names where the other language has
// it.
import { isBlockList, pairBlocks, pairItems } from './blockPairs.ts'
import type { ContentProblem } from './problems.ts'
import { keyPath } from './problems.ts'
import type { YamlFile } from './yamlFile.ts'

type Path = (string | number)[]
type Side = { yaml: YamlFile; name: string }

/** A gap, and where the other language has what is missing (a gap next to another problem is not one). */
export type StructureGap = ContentProblem & {
  source: { file: string; line: number; col: number }
  /** The id of the list item that is missing, when it is one. */
  itemId?: string
  /** The key that is missing from a mapping, when it is one. */
  missingKey?: string
}

/** Compares the two language versions of one page; both files were read without syntax errors. */
export function compareStructure(a: YamlFile, b: YamlFile): StructureGap[] {
  const fr: Side = { yaml: a, name: a.file }
  const en: Side = { yaml: b, name: b.file }
  for (const [mine, theirs] of [
    [fr, en],
    [en, fr],
  ] as const)
    if (isEmpty(mine.yaml.value) && !isEmpty(theirs.yaml.value))
      return [
        {
          file: mine.name,
          line: 1,
          col: 1,
          key: '(document)',
          message: `file is empty, but ${theirs.name} has content`,
          source: { file: theirs.name, line: 1, col: 1 },
        },
      ]
  return [...compareValues(fr, en, [], [], true), ...compareValues(en, fr, [], [], false)]
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'object' && Object.keys(value).length === 0)
  )
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v)
const isText = (v: unknown) => typeof v === 'string' && v.trim() !== ''
const idOf = (item: unknown) =>
  isObject(item) && typeof item.id === 'string' ? item.id : undefined
const isBlock = (item: unknown) => isObject(item) && typeof item.type === 'string'

/**
 * Reports what `from` has and `to` lacks, at `to`'s position. `fromPath`/`toPath` differ only when
 * list items are matched by id. Shape differences are reported once (when `reportShape`).
 */
function compareValues(
  from: Side,
  to: Side,
  fromPath: Path,
  toPath: Path,
  reportShape: boolean,
): StructureGap[] {
  const a = valueAt(from.yaml.value, fromPath)
  const b = valueAt(to.yaml.value, toPath)
  // No closures here: this runs for every value of every page (tsx wraps each named closure).
  const r: Reporter = { from, to, fromPath, toPath, source: fromPath }
  if (isObject(a)) {
    if (!isObject(b))
      return reportShape
        ? [
            gapIn(
              r,
              `${keyPath(toPath)} is ${kindOf(b)} here but a mapping in ${thereIn(r, fromPath)}`,
            ),
          ]
        : []
    return Object.keys(a)
      .filter((k) => k !== '$schema')
      .flatMap((k) =>
        k in b
          ? compareValues(from, to, [...fromPath, k], [...toPath, k], reportShape)
          : [
              {
                ...gapIn(
                  r,
                  `${keyPath([...toPath, k])} is missing (${thereIn(r, [...fromPath, k])} has it): translate it here, or remove it there`,
                ),
                missingKey: k,
              },
            ],
      )
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b))
      return reportShape
        ? [
            gapIn(
              r,
              `${keyPath(toPath)} is ${kindOf(b)} here but a list in ${thereIn(r, fromPath)}`,
            ),
          ]
        : []
    return compareLists(from, to, a, b, fromPath, toPath, reportShape, r)
  }
  if (isText(a) && !isText(b) && typeof b === 'string')
    return [gapIn(r, `${keyPath(toPath)} is empty (${thereIn(r, fromPath)} has text)`)]
  return []
}

function compareLists(
  from: Side,
  to: Side,
  a: unknown[],
  b: unknown[],
  fromPath: Path,
  toPath: Path,
  reportShape: boolean,
  r: Reporter,
): StructureGap[] {
  const key = keyPath(toPath)
  if (a.length > 0 && b.length === 0)
    return [
      gapIn(
        r,
        `${key} is empty (${thereIn(r, fromPath)} has ${a.length} item${a.length === 1 ? '' : 's'})`,
      ),
    ]
  if (isBlockList(a) && isBlockList(b)) return compareBlocks(from, to, a, b, reportShape, r)
  // List items are matched by id.
  if (a.every((item) => idOf(item) !== undefined && !isBlock(item))) {
    // A list with a duplicate id is reported by the schema; matching by id would add a false gap.
    const unique = (list: unknown[]) => new Set(list.map(idOf)).size === list.length
    if (!unique(a) || !unique(b)) return []
    const pairs = pairItems(a, b).partner
    return a.flatMap((item, i) => {
      const j = pairs[i]
      if (j === undefined)
        return [
          {
            ...gapIn(
              r,
              `${key} has no item with id "${idOf(item)}" (${thereIn(r, [...fromPath, i])} has it): translate it here, or remove it there`,
            ),
            itemId: idOf(item),
          },
        ]
      // An id changed in one file: one message, once, in the file of the translation.
      const there = idOf(b[j])
      const renamed =
        reportShape && there !== undefined && there !== idOf(item)
          ? [
              gapIn(
                r,
                `id "${there}" here is "${idOf(item)}" in ${thereIn(r, [...fromPath, i, 'id'])}: a list item has the same id in both languages; use one of them in both files`,
                [...toPath, j, 'id'],
              ),
            ]
          : []
      return [...renamed, ...compareValues(from, to, [...fromPath, i], [...toPath, j], reportShape)]
    })
  }
  return a.flatMap((_, i) =>
    i >= b.length
      ? [
          gapIn(
            r,
            `${key}[${i}] is missing (${thereIn(r, [...fromPath, i])} has it): translate it here, or remove it there`,
          ),
        ]
      : compareValues(from, to, [...fromPath, i], [...toPath, i], reportShape),
  )
}

/**
 * The blocks of a page, paired by id (blockPairs.ts): a block `from` has and `to` lacks is
 * reported at that block, once; a pair's types and places are compared once (when `reportShape`),
 * its contents in both directions.
 */
function compareBlocks(
  from: Side,
  to: Side,
  a: unknown[],
  b: unknown[],
  reportShape: boolean,
  r: Reporter,
): StructureGap[] {
  const { fromPath, toPath } = r
  // Paired from the French side whichever way the comparison goes: the same pairs both ways.
  const paired = reportShape ? pairBlocks(a, b) : undefined
  const pairs = paired ? paired.partner : pairBlocks(b, a).partnerOf
  const moved = paired?.moved ?? new Set<number>()
  return a.flatMap((item, i) => {
    const j = pairs[i]
    const here = [...fromPath, i]
    if (j === undefined) return [blockInOneFile(from, to, a, b, pairs, i, here, toPath)]
    const typeA = (item as Record<string, unknown>).type
    const typeB = (b[j] as Record<string, unknown>).type
    if (typeA !== typeB)
      return reportShape
        ? [
            gapIn(
              r,
              `${keyPath([...toPath, j])} is a "${String(typeB)}" block here but a "${String(typeA)}" block in ${thereIn(r, here)}`,
              [...toPath, j],
            ),
          ]
        : []
    const order = moved.has(i)
      ? [
          located(
            from,
            here,
            `block "${idOf(item)}" is at another place in ${to.name} (line ${to.yaml.positionOf([...toPath, j]).line}): give the blocks the same order in both files`,
          ),
        ]
      : []
    return [...order, ...compareValues(from, to, here, [...toPath, j], reportShape)]
  })
}

/** A block that `from` has and `to` lacks, reported at the block, with where it would go. */
function blockInOneFile(
  from: Side,
  to: Side,
  a: unknown[],
  b: unknown[],
  pairs: (number | undefined)[],
  i: number,
  here: Path,
  toPath: Path,
): StructureGap {
  // The nearest block before it that both files have: the translation goes after its partner.
  let before = i - 1
  while (before >= 0 && pairs[before] === undefined) before--
  const partner = before >= 0 ? pairs[before] : undefined
  const where =
    partner === undefined
      ? 'as its first block'
      : `after ${blockName(b[partner])} at line ${to.yaml.positionOf([...toPath, partner]).line}`
  const what = blockName(a[i])
  return located(
    from,
    here,
    `${what.replace(/^the/, 'this')} is in ${from.name} but not in ${to.name}: translate it there, ${where}, or remove it here`,
  )
}

/** `block "intro"`, or `the "section" block` for a block without an id. */
function blockName(block: unknown): string {
  const id = idOf(block)
  return id === undefined
    ? `the "${String((block as Record<string, unknown>).type)}" block`
    : `block "${id}"`
}

/** A problem at `path` of the file of `side`, which is also where it is seen from. */
function located(side: Side, path: Path, message: string): StructureGap {
  const position = side.yaml.positionOf(path)
  return {
    file: side.name,
    ...position,
    key: keyPath(path),
    message,
    source: { file: side.name, ...position },
  }
}

type Reporter = { from: Side; to: Side; fromPath: Path; toPath: Path; source: Path }

/** Names what the other language has; the gap then remembers it as its source. */
function thereIn(r: Reporter, path: Path): string {
  r.source = path
  return `${r.from.name}:${fmt(r.from.yaml.positionOf(path))}`
}

function gapIn(r: Reporter, message: string, path: Path = r.toPath): StructureGap {
  return {
    file: r.to.name,
    ...r.to.yaml.positionOf(path),
    key: keyPath(path),
    message,
    source: { file: r.from.name, ...r.from.yaml.positionOf(r.source) },
  }
}

function valueAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>(
    (v, k) => (v as Record<string | number, unknown> | undefined)?.[k],
    value,
  )
}

function kindOf(v: unknown): string {
  if (Array.isArray(v)) return 'a list'
  if (isObject(v)) return 'a mapping'
  return v === null || v === undefined ? 'empty' : `a ${typeof v}`
}

const fmt = (p: { line: number; col: number }) => `${p.line}:${p.col}`
