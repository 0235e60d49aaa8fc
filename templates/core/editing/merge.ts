// Concurrent edits lose nothing: a save applies the values the editor changed
// since the form opened (`base`) to the entry as it is now (`theirs`: the repository's head, or
// the disk), not to the copy the form was opened on. A field-level three-way merge: a value only
// one side changed takes that side's; a value both changed alike is kept; a value both changed
// differently is a conflict at its field, and nothing is saved. Lists of items with an `id` are
// merged item by item (matched by id), other lists index by index when both keep the length;
// otherwise a list changed on both sides is one conflict.
import { isObject } from '../../lib/isObject.ts'
import { sameValue } from './itemMatch.ts'

export type Conflict = {
  /** The field's path in the entry (`['en', 'blocks', 2, 'heading']`). */
  field: (string | number)[]
  mine: unknown
  theirs: unknown
}

export type Merge = { value: unknown; conflicts: Conflict[] }

/** `mine` (the form) and `theirs` (now) merged over `base` (the form when it opened). */
export function mergeValues(base: unknown, mine: unknown, theirs: unknown): Merge {
  const conflicts: Conflict[] = []
  const value = merge(base, mine, theirs, [], conflicts)
  return { value, conflicts }
}

function merge(
  base: unknown,
  mine: unknown,
  theirs: unknown,
  at: (string | number)[],
  conflicts: Conflict[],
): unknown {
  if (sameValue(mine, base)) return theirs
  if (sameValue(theirs, base) || sameValue(mine, theirs)) return mine
  if (isObject(base) && isObject(mine) && isObject(theirs)) {
    const out: Record<string, unknown> = {}
    // Their key order first (the file's), then the keys only the form has.
    for (const key of new Set([...Object.keys(theirs), ...Object.keys(mine)])) {
      const merged = merge(base[key], mine[key], theirs[key], [...at, key], conflicts)
      if (merged !== undefined) out[key] = merged
    }
    return out
  }
  if (Array.isArray(base) && Array.isArray(mine) && Array.isArray(theirs)) {
    const byId = mergeById(base, mine, theirs, at, conflicts)
    if (byId) return byId
    if (base.length === mine.length && base.length === theirs.length)
      return base.map((b, i) => merge(b, mine[i], theirs[i], [...at, i], conflicts))
  }
  conflicts.push({ field: at, mine, theirs })
  return mine
}

const idOf = (item: unknown) =>
  isObject(item) && (typeof item.id === 'string' || typeof item.id === 'number')
    ? String(item.id)
    : undefined

/**
 * Lists whose items all have distinct ids on the three sides: the items in their order (theirs,
 * with the form's new items after the item they follow in the form), each merged with its own.
 * An item removed on one side and changed on the other is a conflict. Undefined: not such lists.
 */
function mergeById(
  base: unknown[],
  mine: unknown[],
  theirs: unknown[],
  at: (string | number)[],
  conflicts: Conflict[],
): unknown[] | undefined {
  const sides = [base, mine, theirs].map((list) => list.map(idOf))
  if (sides.some((ids) => ids.some((id) => id === undefined) || new Set(ids).size !== ids.length))
    return undefined
  const [baseIds, mineIds, theirIds] = sides as [string[], string[], string[]]
  const find = (list: unknown[], ids: string[], id: string) => list[ids.indexOf(id)]
  // The order: the form's when the form reordered, else theirs; the other side's new items at
  // their place, after the item they follow there.
  const mineReordered = !sameOrder(baseIds, mineIds)
  const order = mineReordered ? [...mineIds] : [...theirIds]
  const other = mineReordered ? theirIds : mineIds
  other.forEach((id, k) => {
    if (order.includes(id)) return
    if (baseIds.includes(id)) {
      // Removed by the side that gives the order: kept out unless the other side changed it.
      const changed = find(mineReordered ? theirs : mine, other, id)
      if (!sameValue(changed, find(base, baseIds, id)))
        conflicts.push({
          field: [...at, mineIds.indexOf(id)],
          mine: find(mine, mineIds, id),
          theirs: find(theirs, theirIds, id),
        })
      return
    }
    const after = other[k - 1]
    order.splice(after === undefined ? 0 : order.indexOf(after) + 1, 0, id)
  })
  const out: unknown[] = []
  for (const id of order) {
    const inBase = baseIds.includes(id)
    const b = inBase ? find(base, baseIds, id) : undefined
    const m = mineIds.includes(id) ? find(mine, mineIds, id) : undefined
    const t = theirIds.includes(id) ? find(theirs, theirIds, id) : undefined
    const field = [...at, mineIds.includes(id) ? mineIds.indexOf(id) : out.length]
    if (inBase && (m === undefined || t === undefined)) {
      // Removed on one side: gone, unless the other side changed it.
      const kept = m === undefined ? t : m
      if (!sameValue(kept, b)) conflicts.push({ field, mine: m, theirs: t })
      continue
    }
    const merged = merge(b, m, t, field, conflicts)
    if (merged !== undefined) out.push(merged)
  }
  return out
}

/** Whether the ids both lists share come in the same order. */
function sameOrder(a: string[], b: string[]): boolean {
  const shared = a.filter((id) => b.includes(id))
  return shared.every((id, i) => b.filter((x) => a.includes(x))[i] === id)
}
