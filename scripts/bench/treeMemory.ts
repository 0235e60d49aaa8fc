// Peak memory of a process and all its descendants (the build spawns Pagefind, esbuild...): the
// sum of their resident sets, sampled from /proc (Linux). A process's own maxRSS misses its
// children, and the children's maxRSS (getrusage) is the largest child's, not the sum.
// The same samples give the CPU time of the whole tree and of each kind of process (the build
// itself, the code build, the renderers, Pagefind): where a build's CPU goes, which wall times on
// two busy cores hide. The descendants that outlive their parent are still counted: the exit
// CPU time of the build's children (cutime) missed them.
import { readdirSync, readFileSync } from 'node:fs'

const PAGE_KB = 4 // resident sizes in /proc/<pid>/statm are in pages
const TICK_MS = 10 // CPU times in /proc/<pid>/stat are in clock ticks (USER_HZ, 100 on Linux)

/** A process of the tree: its parent, start time (clock ticks after boot: with the pid, it names
 * the process), resident memory (kB), CPU time so far (ms), that of the children it has waited
 * for (ms), command line. */
type Proc = {
  ppid: number
  start: number
  rssKb: number
  cpuMs: number
  reapedMs: number
  command: string
}

/**
 * `pid` and its descendants now (those that end while they are read are left out), and those of
 * the processes in `known` (pid to start time) that still run, wherever they are now: a process
 * whose parent ended is re-parented (to init or a subreaper) and leaves the tree of `pid`, but
 * it is still the build's (Pagefind and vite's esbuild service were still ending when the build
 * ended). Every process's stat is read, to find the tree; memory and, with `withCommand`, the
 * command line only for the tree's own processes: the sampler runs beside the build it measures.
 */
function tree(pid: number, withCommand: boolean, known?: Map<number, number>): [number, Proc][] {
  const stats = new Map<number, Omit<Proc, 'rssKb' | 'command'>>()
  const children = new Map<number, number[]>()
  for (const name of readdirSync('/proc')) {
    const p = Number(name)
    if (!p) continue
    try {
      // "pid (comm) state ppid ...": comm may hold spaces, so split after its closing paren.
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
      const ppid = Number(fields[1])
      stats.set(p, {
        ppid,
        // starttime: field 22 of stat (19 after "pid (comm) ").
        start: Number(fields[19]),
        // utime and stime: fields 14 and 15 of stat (11 and 12 after "pid (comm) ").
        cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
        // cutime and cstime: fields 16 and 17 (13 and 14), the children it has waited for.
        reapedMs: (Number(fields[13]) + Number(fields[14])) * TICK_MS,
      })
      children.set(ppid, [...(children.get(ppid) ?? []), p])
    } catch {} // the process ended while it was read
  }
  const out: [number, Proc][] = []
  const seen = new Set<number>()
  const walk = (p: number) => {
    if (seen.has(p)) return
    seen.add(p)
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
  // The same pid with another start time is another process, which took the number of one that ended.
  for (const [p, start] of known ?? []) if (stats.get(p)?.start === start) walk(p)
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

/** A process of the tree as last seen. */
export type SeenProcess = {
  pid: number
  kind: string
  /** Its parent when first seen; `reparented`: seen later with another one (its parent ended). */
  parent: number
  reparented: boolean
  /** Its own CPU time (ms), and that of the children it had waited for (ms). */
  ownMs: number
  reapedMs: number
  /** The number of the last sample that saw it. */
  last: number
}

export type TreeSample = {
  /** The highest resident memory of the tree seen (kB). */
  peakKb: number
  /** CPU time of each kind of process (ms, processKind()), as last seen before each one ended. */
  cpuMsByKind: Record<string, number>
  /** Every process seen, as last seen (wholeTreeCpuMs()). */
  processes: SeenProcess[]
}

/**
 * Samples the tree of `pid` every `everyMs` until stop() or settle(): its peak memory and the CPU
 * time of each process, by kind. A process once seen stays in the tree when its parent ends
 * (tree()). A process's CPU time is the last value seen, so up to `everyMs` of each process's
 * last moments is missed (a few percent of a renderer's time), and a process that starts and ends
 * between two samples is not seen at all.
 */
export function sampleTree(
  pid: number,
  everyMs = 100,
): { stop: () => TreeSample; settle: (timeoutMs?: number) => Promise<TreeSample> } {
  let peakKb = 0
  let count = 0
  const known = new Map<number, number>()
  const seen = new Map<string, SeenProcess>()
  /** One sample; returns the pids of the tree now. */
  const sample = (): number[] => {
    try {
      let rss = 0
      const found = tree(pid, true, known)
      for (const [p, proc] of found) {
        known.set(p, proc.start)
        rss += proc.rssKb
        const key = `${p}/${proc.start}`
        const before = seen.get(key)
        seen.set(key, {
          pid: p,
          // The command line as last seen: a child's is its parent's until it has started its
          // own program, and empty once it has ended.
          kind: proc.command ? processKind(proc.command, p === pid) : (before?.kind ?? 'other'),
          parent: before?.parent ?? proc.ppid,
          reparented: before ? before.reparented || before.parent !== proc.ppid : false,
          ownMs: proc.cpuMs,
          reapedMs: proc.reapedMs,
          last: count,
        })
      }
      peakKb = Math.max(peakKb, rss)
      count++
      return found.map(([p]) => p)
    } catch {
      return [] // no /proc: nothing is sampled and the caller falls back on maxRSS
    }
  }
  sample()
  const timer = setInterval(sample, everyMs)
  const result = (): TreeSample => {
    const cpuMsByKind: Record<string, number> = {}
    for (const { kind, ownMs } of seen.values())
      cpuMsByKind[kind] = (cpuMsByKind[kind] ?? 0) + ownMs
    return { peakKb, cpuMsByKind, processes: [...seen.values()] }
  }
  return {
    stop: () => {
      clearInterval(timer)
      return result()
    },
    /**
     * Once `pid` has ended: samples every 10 ms until no other process of its tree runs (or
     * `timeoutMs` has passed), then stops. The processes that outlive the build are still
     * ending: their last moments are counted too.
     */
    settle: async (timeoutMs = 30_000) => {
      clearInterval(timer)
      const deadline = Date.now() + timeoutMs
      while (sample().some((p) => p !== pid) && Date.now() < deadline)
        await new Promise((done) => setTimeout(done, 10))
      return result()
    },
  }
}

/**
 * CPU time (ms) of the finished children of this process that it has waited for, theirs and that
 * of their own waited-for children (cutime and cstime of /proc/self/stat); NaN without /proc.
 */
export function waitedChildrenCpuMs(): number {
  // process.cpuUsage() is this process only; the children's share is in /proc (Linux).
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? []
    return (Number(fields[13]) + Number(fields[14])) * TICK_MS
  } catch {
    return Number.NaN
  }
}

/**
 * CPU time (ms) of the whole tree of `rootPid`, which has ended: `rootTotalMs`, the time of the
 * root and of every process waited for within the tree (the kernel adds a process's time, its
 * own and its waited-for children's, to its parent's when the parent waits for it: the caller
 * reads it from its own cutime once it has waited for the root; exact), plus that of each process
 * that outlived its parent, which nobody of the tree waited for (re-parented to init, its time
 * never reached the root): its own and its waited-for children's, as last seen (Pagefind and
 * vite's esbuild service, still ending when the build ends).
 * A process outlived its parent when it was seen with another parent, or when both were last seen
 * in the same sample (both ended before the next one): then it is taken as outliving it, unless
 * the parent is the root and the root's time after its last sample (`rootTotalMs` less what it
 * had used then) holds the child's whole time as last seen, which the root may have waited for.
 */
export function wholeTreeCpuMs(
  sample: Pick<TreeSample, 'processes'>,
  rootPid: number,
  rootTotalMs: number,
): number {
  const byPid = new Map(sample.processes.map((p) => [p.pid, p]))
  const root = byPid.get(rootPid)
  if (!root) return rootTotalMs
  const total = (p: SeenProcess) => p.ownMs + p.reapedMs
  const orphans: SeenProcess[] = []
  const maybeWaitedByRoot: SeenProcess[] = []
  for (const p of sample.processes) {
    if (p.pid === rootPid) continue
    const parent = byPid.get(p.parent)
    if (p.reparented || !parent) orphans.push(p)
    else if (parent.last > p.last)
      continue // ended while its parent ran: waited for
    else if (parent === root) maybeWaitedByRoot.push(p)
    else orphans.push(p)
  }
  let rootLate = rootTotalMs - total(root)
  for (const p of maybeWaitedByRoot.sort((a, b) => total(b) - total(a)))
    if (total(p) <= rootLate) rootLate -= total(p)
    else orphans.push(p)
  return rootTotalMs + orphans.reduce((sum, p) => sum + total(p), 0)
}
