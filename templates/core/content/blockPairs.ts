// The French and English files of a page hold the same blocks in the same order; which English
// block is the partner of which French one decides what the FR/EN structure check compares, which
// French block's neutral settings an English block takes (neutral.ts) and by which id its images
// are named (imageSlots.ts). Blocks are paired by id: a block added to one file only then leaves
// every other pair as it was. A block whose id differs between the files (a translated anchor,
// `nos-valeurs` / `our-values`) or that has none is paired with the block at the same place
// between two blocks of the same id; where one file has more such blocks than the other there, by
// type, the earliest first. List items (each with an id) are paired the same way, by id (pairItems).

import { isObject, type Json } from '../../lib/isObject.ts'

type Block = Json

export type BlockPairs = {
  /** For each block of the first list, the index of its partner in the second, if it has one. */
  partner: (number | undefined)[]
  /** For each block of the second list, the index of its partner in the first. */
  partnerOf: (number | undefined)[]
  /** Blocks of the first list paired by id with a block at another place of the second. */
  moved: Set<number>
}

const isBlock = (v: unknown): v is Block => isObject(v) && typeof v.type === 'string'

/** A list of blocks (every item an object with a `type`), not a list of words or items. */
export const isBlockList = (list: readonly unknown[]): boolean =>
  list.length > 0 && list.every(isBlock)

const idOf = (b: unknown) => (isBlock(b) && typeof b.id === 'string' ? b.id : undefined)

/** Each id that one block only of the list has, with its index. */
function singleIds(list: readonly unknown[]): Map<string, number> {
  const out = new Map<string, number>()
  const seen = new Set<string>()
  for (const [i, b] of list.entries()) {
    const id = idOf(b)
    if (id === undefined) continue
    if (seen.has(id)) out.delete(id)
    else out.set(id, i)
    seen.add(id)
  }
  return out
}

export function pairBlocks(a: readonly unknown[], b: readonly unknown[]): BlockPairs {
  const partner: (number | undefined)[] = a.map(() => undefined)
  const partnerOf: (number | undefined)[] = b.map(() => undefined)
  const inB = singleIds(b)
  // An id both lists have once (a duplicate id is the schema's to report, and pairs nothing).
  const byId: [number, number][] = []
  for (const [id, i] of singleIds(a)) {
    const j = inB.get(id)
    if (j !== undefined) byId.push([i, j])
  }
  byId.sort((x, y) => x[0] - y[0])
  for (const [i, j] of byId) {
    partner[i] = j
    partnerOf[j] = i
  }
  // The pairs in the same order in both lists delimit the places where the others are paired.
  const inOrder = longestInOrder(byId)
  const moved = new Set(byId.filter((p) => !inOrder.includes(p)).map(([i]) => i))
  let from: [number, number] = [-1, -1]
  for (const to of [...inOrder, [a.length, b.length] as [number, number]]) {
    const left = range(from[0] + 1, to[0]).filter((i) => partner[i] === undefined)
    const right = range(from[1] + 1, to[1]).filter((j) => partnerOf[j] === undefined)
    for (const [i, j] of alignByPlace(left, right, a, b)) {
      partner[i] = j
      partnerOf[j] = i
    }
    from = to
  }
  return { partner, partnerOf, moved }
}

const range = (start: number, end: number) =>
  Array.from({ length: Math.max(0, end - start) }, (_, k) => start + k)

/** The longest run of pairs (sorted by first index) whose second indexes increase too. */
function longestInOrder(pairs: [number, number][]): [number, number][] {
  const length = pairs.map(() => 1)
  const before = pairs.map(() => -1)
  let best = -1
  for (let k = 0; k < pairs.length; k++) {
    for (let p = 0; p < k; p++)
      if ((pairs[p]?.[1] ?? 0) < (pairs[k]?.[1] ?? 0) && (length[p] ?? 0) + 1 > (length[k] ?? 0)) {
        length[k] = (length[p] ?? 0) + 1
        before[k] = p
      }
    if (best < 0 || (length[k] ?? 0) > (length[best] ?? 0)) best = k
  }
  const out: [number, number][] = []
  for (let k = best; k >= 0; k = before[k] ?? -1) {
    const pair = pairs[k]
    if (pair) out.unshift(pair)
  }
  return out
}

/**
 * The blocks between two id pairs: by place when both files have as many (a differing type is
 * then the structure check's to report), else the longest sequence of equal types.
 */
function alignByPlace(
  left: number[],
  right: number[],
  a: readonly unknown[],
  b: readonly unknown[],
): [number, number][] {
  if (left.length === right.length) return left.map((i, k) => [i, right[k] ?? 0])
  const typeA = left.map((i) => (a[i] as Block).type)
  const typeB = right.map((j) => (b[j] as Block).type)
  // common[x][y]: how many blocks left.slice(x) and right.slice(y) can pair by type.
  const common = Array.from({ length: left.length + 1 }, () =>
    new Array<number>(right.length + 1).fill(0),
  )
  const at = (x: number, y: number) => common[x]?.[y] ?? 0
  for (let x = left.length - 1; x >= 0; x--)
    for (let y = right.length - 1; y >= 0; y--)
      (common[x] as number[])[y] =
        typeA[x] === typeB[y] ? at(x + 1, y + 1) + 1 : Math.max(at(x + 1, y), at(x, y + 1))
  const out: [number, number][] = []
  for (let x = 0, y = 0; x < left.length && y < right.length; )
    if (typeA[x] === typeB[y] && at(x, y) === at(x + 1, y + 1) + 1)
      out.push([left[x++] ?? 0, right[y++] ?? 0])
    else if (at(x + 1, y) >= at(x, y + 1)) x++
    else y++
  return out
}

const itemId = (item: unknown) =>
  item && typeof item === 'object' && typeof (item as Block).id === 'string'
    ? ((item as Block).id as string)
    : undefined

/**
 * List items paired by id (the first item with an id); an item whose id the other list does not
 * have is paired with the item at its place there when that one's id is not in this list either
 * (an id changed in one file).
 */
export function pairItems(a: readonly unknown[], b: readonly unknown[]): BlockPairs {
  const first = (list: readonly unknown[]) => {
    const out = new Map<string, number>()
    for (const [i, item] of list.entries()) {
      const id = itemId(item)
      if (id !== undefined && !out.has(id)) out.set(id, i)
    }
    return out
  }
  const inA = first(a)
  const inB = first(b)
  const partner = a.map((item, i) => {
    const id = itemId(item)
    const byId = id === undefined ? undefined : inB.get(id)
    if (byId !== undefined) return byId
    const there = itemId(b[i])
    return i < b.length && (there === undefined || !inA.has(there)) ? i : undefined
  })
  const partnerOf: (number | undefined)[] = b.map(() => undefined)
  for (const [i, j] of partner.entries()) if (j !== undefined) partnerOf[j] = i
  return { partner, partnerOf, moved: new Set() }
}
