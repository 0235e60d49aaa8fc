// Which old list item each wanted item continues: items with an `id` are matched by id (so a
// reordered or inserted block keeps its text, comments and quoting), other items by equality,
// and what is left between two matched items is paired in order (an edited paragraph).

import { isObject } from '../../lib/isObject.ts'

/** Deep equality of YAML values (plain data); key order does not matter. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    return a.every((x, i) => sameValue(x, b[i]))
  }
  if (!isObject(a) || !isObject(b)) return false
  const keys = definedKeys(a)
  if (keys.length !== definedKeys(b).length) return false
  return keys.every((k) => Object.hasOwn(b, k) && sameValue(a[k], b[k]))
}

/** A key set to undefined is no key (JSON cannot say undefined; a caller's spread can). */
export const definedKeys = (o: Record<string, unknown>) =>
  Object.keys(o).filter((k) => o[k] !== undefined)

/** The items' ids when every item has a distinct string or number `id`. */
function idsOf(items: unknown[]): string[] | undefined {
  const ids = items.map((x) =>
    isObject(x) && (typeof x.id === 'string' || typeof x.id === 'number') ? String(x.id) : '',
  )
  return items.length && ids.every(Boolean) && new Set(ids).size === ids.length ? ids : undefined
}

/** For each wanted item, the index of the old item it continues, or undefined for a new one. */
export function matchItems(old: unknown[], wanted: unknown[]): (number | undefined)[] {
  const oldIds = idsOf(old)
  const wantedIds = idsOf(wanted)
  const match =
    oldIds && wantedIds
      ? wantedIds.map((id) => {
          const i = oldIds.indexOf(id)
          return i < 0 ? undefined : i
        })
      : equalRuns(old, wanted)
  // Unmatched wanted items take, in order, the unmatched old items between the same neighbours.
  const used = new Set(match.filter((i) => i !== undefined))
  let previous = -1
  for (const [k, i] of match.entries()) {
    if (i !== undefined) {
      previous = i
      continue
    }
    const next = match.slice(k + 1).find((j) => j !== undefined) ?? old.length
    for (let j = previous + 1; j < next; j++)
      if (!used.has(j)) {
        match[k] = j
        used.add(j)
        previous = j
        break
      }
  }
  return match
}

/** The longest common subsequence of equal items, as wanted index -> old index. */
function equalRuns(old: unknown[], wanted: unknown[]): (number | undefined)[] {
  const a = old.map((x) => JSON.stringify(x))
  const b = wanted.map((x) => JSON.stringify(x))
  // lengths[i][j]: LCS of a[i..] and b[j..]
  const lengths = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  )
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      (lengths[i] as number[])[j] =
        a[i] === b[j]
          ? (lengths[i + 1]?.[j + 1] ?? 0) + 1
          : Math.max(lengths[i + 1]?.[j] ?? 0, lengths[i]?.[j + 1] ?? 0)
  const match: (number | undefined)[] = new Array(b.length).fill(undefined)
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      match[j] = i
      i++
      j++
    } else if ((lengths[i + 1]?.[j] ?? 0) >= (lengths[i]?.[j + 1] ?? 0)) i++
    else j++
  }
  return match
}
