// FR/EN structure: content/fr/<id>.yaml and content/en/<id>.yaml have the same keys, the same
// blocks in the same order (paired by id, see blockPairs.ts: a block's id is an anchor and may be
// translated, but both have one or neither), the same list items by id, and nothing empty on one
// side only. A block in one file only is reported at that block; any other gap is placed in the
// file that lacks the text, at the nearest enclosing key, and names where the other language has
// it.
import { isObject } from '../../lib/isObject.ts'
import { isBlockList, pairBlocks, pairItems } from './blockPairs.ts'
import type { ContentProblem, Text } from './problems.ts'
import { keyPath, worded } from './problems.ts'
import type { YamlFile } from './yamlFile.ts'

type Path = (string | number)[]
type Side = { yaml: YamlFile; name: string }

/** A gap, and where the other language has what is missing (a gap next to another problem is not one). */
export type StructureGap = ContentProblem & {
  source: { file: string; line: number; col: number }
  /** The key that is missing from a mapping, when it is one. */
  missingKey?: string
}

/** The gaps of each pair compared, by its English file (with the French one it was compared to). */
const compared = new WeakMap<YamlFile, { a: YamlFile; gaps: StructureGap[] }>()

/**
 * Compares the two language versions of one page; both files were read without syntax errors.
 * Kept per pair of parsed files (as neutralPage keeps its merges): the dev server checks the
 * content again on each save, and compares again only the pages whose files changed.
 */
export function compareStructure(a: YamlFile, b: YamlFile): StructureGap[] {
  const known = compared.get(b)
  if (known?.a === a) return known.gaps
  const gaps = compareFiles(a, b)
  compared.set(b, { a, gaps })
  return gaps
}

function compareFiles(a: YamlFile, b: YamlFile): StructureGap[] {
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
          ...worded({
            en: `file is empty, but ${theirs.name} has content`,
            fr: `le fichier est vide, mais ${theirs.name} a du contenu`,
          }),
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
    if (!isObject(b)) {
      if (!reportShape) return []
      const there = thereIn(r, fromPath)
      return [
        gapIn(r, {
          en: `${keyPath(toPath)} is ${kindOf(b)} here but a mapping in ${there}`,
          fr: `${keyPath(toPath)} est ${kindOfFr(b)} ici, mais un objet dans ${there}`,
        }),
      ]
    }
    return Object.keys(a)
      .filter((k) => k !== '$schema')
      .flatMap((k) => {
        if (k in b) return compareValues(from, to, [...fromPath, k], [...toPath, k], reportShape)
        const there = thereIn(r, [...fromPath, k])
        const key = keyPath([...toPath, k])
        return [
          {
            ...gapIn(r, {
              en: `${key} is missing (${there} has it): translate it here, or remove it there`,
              fr: `${key} manque (${there} l'a) : traduisez-le ici, ou retirez-le là-bas`,
            }),
            missingKey: k,
          },
        ]
      })
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b)) {
      if (!reportShape) return []
      const there = thereIn(r, fromPath)
      return [
        gapIn(r, {
          en: `${keyPath(toPath)} is ${kindOf(b)} here but a list in ${there}`,
          fr: `${keyPath(toPath)} est ${kindOfFr(b)} ici, mais une liste dans ${there}`,
        }),
      ]
    }
    return compareLists(from, to, a, b, fromPath, toPath, reportShape, r)
  }
  if (isText(a) && !isText(b) && typeof b === 'string') {
    const there = thereIn(r, fromPath)
    return [
      gapIn(r, {
        en: `${keyPath(toPath)} is empty (${there} has text)`,
        fr: `${keyPath(toPath)} est vide (${there} a du texte)`,
      }),
    ]
  }
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
  if (a.length > 0 && b.length === 0) {
    const there = thereIn(r, fromPath)
    const s = a.length === 1 ? '' : 's'
    return [
      gapIn(r, {
        en: `${key} is empty (${there} has ${a.length} item${s})`,
        fr: `${key} est vide (${there} a ${a.length} élément${s})`,
      }),
    ]
  }
  if (isBlockList(a) && isBlockList(b)) return compareBlocks(from, to, a, b, reportShape, r)
  // List items are matched by id.
  if (a.every((item) => idOf(item) !== undefined && !isBlock(item))) {
    // A list with a duplicate id is reported by the schema; matching by id would add a false gap.
    const unique = (list: unknown[]) => new Set(list.map(idOf)).size === list.length
    if (!unique(a) || !unique(b)) return []
    const pairs = pairItems(a, b).partner
    return a.flatMap((item, i) => {
      const j = pairs[i]
      if (j === undefined) {
        const there = thereIn(r, [...fromPath, i])
        return [
          {
            ...gapIn(r, {
              en: `${key} has no item with id "${idOf(item)}" (${there} has it): translate it here, or remove it there`,
              fr: `${key} n'a pas d'élément d'id « ${idOf(item)} » (${there} l'a) : traduisez-le ici, ou retirez-le là-bas`,
            }),
            itemId: idOf(item),
          },
        ]
      }
      // An id changed in one file: one message, once, in the file of the translation.
      const there = idOf(b[j])
      const renamed: StructureGap[] = []
      if (reportShape && there !== undefined && there !== idOf(item)) {
        const place = thereIn(r, [...fromPath, i, 'id'])
        renamed.push(
          gapIn(
            r,
            {
              en: `id "${there}" here is "${idOf(item)}" in ${place}: a list item has the same id in both languages; use one of them in both files`,
              fr: `l'id « ${there} » ici est « ${idOf(item)} » dans ${place} : un élément de liste a le même id dans les deux langues ; utilisez l'un des deux dans les deux fichiers`,
            },
            [...toPath, j, 'id'],
          ),
        )
      }
      return [...renamed, ...compareValues(from, to, [...fromPath, i], [...toPath, j], reportShape)]
    })
  }
  return a.flatMap((_, i) => {
    if (i < b.length) return compareValues(from, to, [...fromPath, i], [...toPath, i], reportShape)
    const there = thereIn(r, [...fromPath, i])
    return [
      gapIn(r, {
        en: `${key}[${i}] is missing (${there} has it): translate it here, or remove it there`,
        fr: `${key}[${i}] manque (${there} l'a) : traduisez-le ici, ou retirez-le là-bas`,
      }),
    ]
  })
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
    if (typeA !== typeB) {
      if (!reportShape) return []
      const there = thereIn(r, here)
      const key = keyPath([...toPath, j])
      return [
        gapIn(
          r,
          {
            en: `${key} is a "${String(typeB)}" block here but a "${String(typeA)}" block in ${there}`,
            fr: `${key} est un bloc « ${String(typeB)} » ici, mais un bloc « ${String(typeA)} » dans ${there}`,
          },
          [...toPath, j],
        ),
      ]
    }
    const line = moved.has(i) ? to.yaml.positionOf([...toPath, j]).line : 0
    const order = moved.has(i)
      ? [
          located(from, here, {
            en: `block "${idOf(item)}" is at another place in ${to.name} (line ${line}): give the blocks the same order in both files`,
            fr: `le bloc « ${idOf(item)} » est à une autre place dans ${to.name} (ligne ${line}) : donnez aux blocs le même ordre dans les deux fichiers`,
          }),
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
  const line = partner === undefined ? 0 : to.yaml.positionOf([...toPath, partner]).line
  const after = partner === undefined ? undefined : blockName(b[partner])
  const what = blockName(a[i])
  return located(from, here, {
    en: `${what.en.replace(/^the/, 'this')} is in ${from.name} but not in ${to.name}: translate it there, ${after ? `after ${after.en} at line ${line}` : 'as its first block'}, or remove it here`,
    fr: `${what.fr.replace(/^le bloc/, 'ce bloc')} est dans ${from.name} mais pas dans ${to.name} : traduisez-le là-bas, ${after ? `après ${after.fr} à la ligne ${line}` : 'en premier bloc'}, ou retirez-le ici`,
  })
}

/** `block "intro"`, or `the "section" block` for a block without an id. */
function blockName(block: unknown): Text {
  const id = idOf(block)
  const type = String((block as Record<string, unknown>).type)
  return id === undefined
    ? { en: `the "${type}" block`, fr: `le bloc de type « ${type} »` }
    : { en: `block "${id}"`, fr: `le bloc « ${id} »` }
}

/** A problem at `path` of the file of `side`, which is also where it is seen from. */
function located(side: Side, path: Path, text: Text): StructureGap {
  const position = side.yaml.positionOf(path)
  return {
    file: side.name,
    ...position,
    key: keyPath(path),
    ...worded(text),
    source: { file: side.name, ...position },
  }
}

type Reporter = { from: Side; to: Side; fromPath: Path; toPath: Path; source: Path }

/** Names what the other language has; the gap then remembers it as its source. */
function thereIn(r: Reporter, path: Path): string {
  r.source = path
  return `${r.from.name}:${fmt(r.from.yaml.positionOf(path))}`
}

function gapIn(r: Reporter, text: Text, path: Path = r.toPath): StructureGap {
  return {
    file: r.to.name,
    ...r.to.yaml.positionOf(path),
    key: keyPath(path),
    ...worded(text),
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

function kindOfFr(v: unknown): string {
  if (Array.isArray(v)) return 'une liste'
  if (isObject(v)) return 'un objet'
  if (v === null || v === undefined) return 'vide'
  return typeof v === 'string' ? 'un texte' : typeof v === 'number' ? 'un nombre' : `un ${typeof v}`
}

const fmt = (p: { line: number; col: number }) => `${p.line}:${p.col}`
