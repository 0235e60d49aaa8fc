// Peak memory of a process and all its descendants (the build spawns Pagefind, esbuild...): the
// sum of their resident sets, sampled from /proc (Linux). A process's own maxRSS misses its
// children, and the children's maxRSS (getrusage) is the largest child's, not the sum.
// The same samples give the CPU time of each kind of process (the build itself, the code build,
// the renderers, Pagefind): where a build's CPU goes, which wall times on two busy cores hide.
import { readdirSync, readFileSync } from 'node:fs'

const PAGE_KB = 4 // resident sizes in /proc/<pid>/statm are in pages
const TICK_MS = 10 // CPU times in /proc/<pid>/stat are in clock ticks (USER_HZ, 100 on Linux)

/** A process of the tree: its parent, resident memory (kB), CPU time so far (ms), command line. */
type Proc = { ppid: number; rssKb: number; cpuMs: number; command: string }

/**
 * `pid` and its descendants now (those that end while they are read are left out). Every process's
 * stat is read, to find the tree; memory and, with `withCommand`, the command line only for the
 * tree's own processes: the sampler runs beside the build it measures.
 */
function tree(pid: number, withCommand: boolean): [number, Proc][] {
  const stats = new Map<number, { ppid: number; cpuMs: number }>()
  const children = new Map<number, number[]>()
  for (const name of readdirSync('/proc')) {
    const p = Number(name)
    if (!p) continue
    try {
      // "pid (comm) state ppid ...": comm may hold spaces, so split after its closing paren.
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
      const ppid = Number(fields[1])
      // utime and stime: fields 14 and 15 of stat (11 and 12 after "pid (comm) ").
      stats.set(p, { ppid, cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS })
      children.set(ppid, [...(children.get(ppid) ?? []), p])
    } catch {} // the process ended while it was read
  }
  const out: [number, Proc][] = []
  const walk = (p: number) => {
    const stat = stats.get(p)
    if (stat)
      try {
        out.push([
          p,
          {
            ...stat,
            rssKb: Number(readFileSync(`/proc/${p}/statm`, 'utf8').split(' ')[1]) * PAGE_KB,
            command: withCommand ? readFileSync(`/proc/${p}/cmdline`, 'utf8') : '',
          },
        ])
      } catch {} // it ended meanwhile
    for (const c of children.get(p) ?? []) walk(c)
  }
  walk(pid)
  return out
}

/** Resident memory (kB) of `pid` and its descendants now; 0 once they are gone. */
export function treeRssKb(pid: number): number {
  return tree(pid, false).reduce((sum, [, proc]) => sum + proc.rssKb, 0)
}

/** What a process of the build is, from its command line. */
export function processKind(command: string, isRoot: boolean): string {
  if (isRoot) return 'build'
  if (command.includes('renderChild')) return 'renderers'
  if (command.includes('codeBuildChild')) return 'code build'
  if (command.includes('pagefind')) return 'Pagefind'
  return 'other'
}

export type TreeSample = {
  /** The highest resident memory of the tree seen (kB). */
  peakKb: number
  /** CPU time of each kind of process (ms, processKind()), as last seen before each one ended. */
  cpuMsByKind: Record<string, number>
}

/**
 * Samples the tree of `pid` every `everyMs` until stop(): its peak memory and the CPU time of
 * each kind of process. A process's CPU time is the last value seen, so up to `everyMs` of each
 * process's last moments is missed (a few percent of a renderer's time).
 */
export function sampleTree(pid: number, everyMs = 100): { stop: () => TreeSample } {
  let peakKb = 0
  const cpu = new Map<number, { kind: string; ms: number }>()
  const sample = () => {
    try {
      let rss = 0
      for (const [p, proc] of tree(pid, true)) {
        rss += proc.rssKb
        // The command line as last seen: a child's is its parent's until it has started its own
        // program, and empty once it has ended.
        const kind = proc.command
          ? processKind(proc.command, p === pid)
          : (cpu.get(p)?.kind ?? 'other')
        cpu.set(p, { kind, ms: proc.cpuMs })
      }
      peakKb = Math.max(peakKb, rss)
    } catch {} // no /proc: nothing is sampled and the caller falls back on maxRSS
  }
  sample()
  const timer = setInterval(sample, everyMs)
  return {
    stop: () => {
      clearInterval(timer)
      const cpuMsByKind: Record<string, number> = {}
      for (const { kind, ms } of cpu.values()) cpuMsByKind[kind] = (cpuMsByKind[kind] ?? 0) + ms
      return { peakKb, cpuMsByKind }
    },
  }
}
