// Two lists of names that should have matched (an image path under a name no image has, an image
// without a path; a route without files, files without a route): the closest names are most
// often one thing under a mistyped or former name, said in one message.

/**
 * Pairs items of `from` with items of `to`, each used once, the closest first; `distance` is
 * undefined for two that cannot be one thing.
 */
export function pairClosest<A, B>(
  from: readonly A[],
  to: readonly B[],
  distance: (a: A, b: B) => number | undefined,
): Map<A, B> {
  const candidates: { a: A; b: B; d: number }[] = []
  for (const a of from)
    for (const b of to) {
      const d = distance(a, b)
      if (d !== undefined) candidates.push({ a, b, d })
    }
  const out = new Map<A, B>()
  const taken = new Set<B>()
  for (const { a, b } of candidates.sort((x, y) => x.d - y.d))
    if (!out.has(a) && !taken.has(b)) {
      out.set(a, b)
      taken.add(b)
    }
  return out
}

/** How many characters to insert, remove or replace to turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const next = [i]
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(
        (row[j] ?? 0) + 1,
        (next[j - 1] ?? 0) + 1,
        (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
    row = next
  }
  return row[b.length] ?? 0
}
