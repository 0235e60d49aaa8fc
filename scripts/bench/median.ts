// The median of measured figures, one definition for the bench (and the tests that print a
// timing): the middle value of an odd count, the mean of the two middle ones of an even count;
// 0 for no value. Unrounded: the caller rounds where it prints. Picking a whole run (its other
// figures with it) is another job: `medianOf` in scale.ts.

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  if (sorted.length % 2) return sorted[mid] ?? 0
  return ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}
