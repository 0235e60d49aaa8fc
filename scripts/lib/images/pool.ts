import { availableParallelism } from 'node:os'

/**
 * Image jobs at once. sharp gives each image one libvips thread here (sharp.concurrency() is 1 on
 * a 2-core machine), so one job per core keeps every core busy; each job in flight holds a
 * decoded image (a share card is 1200x630 pixels, 3 MB), so more would only add memory.
 */
export const IMAGE_JOBS_AT_ONCE = Math.max(2, availableParallelism())

/** Runs the jobs, at most `atOnce` at a time, in order of start; rejects on the first failure. */
export async function runPool(
  jobs: readonly (() => Promise<void>)[],
  atOnce = IMAGE_JOBS_AT_ONCE,
): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(atOnce, jobs.length) }, async () => {
      while (next < jobs.length) await jobs[next++]?.()
    }),
  )
}
