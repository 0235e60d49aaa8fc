// Peak memory of a process and all its descendants (the build spawns Pagefind, esbuild...): the
// sum of their resident sets, sampled from /proc (Linux). A process's own maxRSS misses its
// children, and the children's maxRSS (getrusage) is the largest child's, not the sum.
import { readdirSync, readFileSync } from 'node:fs'

const PAGE_KB = 4 // resident sizes in /proc/<pid>/statm are in pages

/** Resident memory (kB) of `pid` and its descendants now; 0 once they are gone. */
export function treeRssKb(pid: number): number {
  const children = new Map<number, number[]>()
  const rss = new Map<number, number>()
  for (const name of readdirSync('/proc')) {
    const p = Number(name)
    if (!p) continue
    try {
      // "pid (comm) state ppid ...": comm may hold spaces, so split after its closing paren.
      const ppid = Number(readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]?.split(' ')[1])
      rss.set(p, Number(readFileSync(`/proc/${p}/statm`, 'utf8').split(' ')[1]) * PAGE_KB)
      children.set(ppid, [...(children.get(ppid) ?? []), p])
    } catch {} // the process ended while it was read
  }
  let total = 0
  const walk = (p: number) => {
    total += rss.get(p) ?? 0
    for (const c of children.get(p) ?? []) walk(c)
  }
  walk(pid)
  return total
}

/** Samples treeRssKb(pid) every `everyMs` until stop(), which returns the peak seen (kB). */
export function samplePeak(pid: number, everyMs = 200): { stop: () => number } {
  let peak = 0
  const sample = () => {
    try {
      peak = Math.max(peak, treeRssKb(pid))
    } catch {} // no /proc: the peak stays 0 and the caller falls back on maxRSS
  }
  sample()
  const timer = setInterval(sample, everyMs)
  return {
    stop: () => {
      clearInterval(timer)
      return peak
    },
  }
}
