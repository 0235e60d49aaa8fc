// Async work over a list with a bound on how much runs at once: the editor's reads from a git host
// (a few requests at a time, polite to the host and enough to overlap them).

/** `work` over `items`, at most `limit` at a time, results in order. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await work(items[i] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}
