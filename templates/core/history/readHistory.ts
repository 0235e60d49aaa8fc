// One page of an entry's history: the commits that changed its files, newest first, each with its
// changes (changes.ts), from the files' texts read from the host with as few reads as the list
// allows. A file's text before a commit is its text at the next older listed commit that changed
// it (nothing changed it in between), so each text is read once, at the commit that wrote it,
// and the reads of one commit go in one call; only a file's oldest listed commit needs a text
// from outside the list (its parent's), or none when the list shows the file was created there.
import { mapLimited } from '../../lib/mapLimited.ts'
import { commitChanges, type FieldChange } from './changes.ts'
import type { HistoryCommit, HistoryHost } from './types.ts'

export type SaveInHistory = HistoryCommit & {
  /** What it changed in the entry; [] when only the formatting or comments changed. */
  changes: FieldChange[]
  /**
   * The commit is the edge of a shallow clone and changed a file whose text before it is not
   * in the clone: that file's changes are left out rather than shown as a file created.
   */
  beforeUnknown?: true
}

export type HistoryPage = {
  saves: SaveInHistory[]
  /**
   * The `from` of the next page (« Plus anciennes »): the newest commit not shown. The host lists
   * `from` itself first, so on a straight history the next page starts right after this one, with
   * nothing twice. Across a merge the list mixes two branches by date, and the next page holds
   * only what that commit reaches: drop the ids already shown (a commit may come again).
   */
  next?: string
  /** The host holds only part of the history (a shallow clone): older saves are missing. */
  shallow?: boolean
  /** The textsAt calls made: as few as the list allows (what the tests hold it to). */
  reads: number
}

export type HistoryOptions = {
  /** Where to start (a commit id, `next` of the page before); default the branch's head. */
  from?: string
  /** The saves shown at once (default 20). */
  limit?: number
}

/** Texts read at once from the host: enough to overlap the requests, few enough to be polite. */
const PARALLEL_READS = 8

/** Where a file's text on one side of a commit comes from. */
type Side = { ref: string } | 'none' | 'unknown'

/**
 * The newest `limit` saves of the entry from `from` (its files: historyFiles), with their changes.
 * The host's failures (HistoryUnavailable) are thrown as they come.
 */
export async function readHistory(
  host: HistoryHost,
  entryPath: string,
  files: readonly string[],
  { from, limit = 20 }: HistoryOptions = {},
): Promise<HistoryPage> {
  const asked = new Set(files)
  const listing = await host.commits(files, { from, limit: limit + 1 })
  const commits = listing.commits
  const shown = commits.slice(0, limit)
  const ofEntry = (c: HistoryCommit) => c.files.filter((f) => asked.has(f))
  const listed = new Map<string, number>()
  for (const c of commits) for (const f of ofEntry(c)) listed.set(f, (listed.get(f) ?? 0) + 1)

  // The refs to read, each with the files wanted there.
  const reads = new Map<string, Set<string>>()
  const want = (ref: string, file: string) => {
    const at = reads.get(ref) ?? new Set<string>()
    at.add(file)
    reads.set(ref, at)
  }
  const plans = shown.map((c, index) => {
    const sides = ofEntry(c).map((file) => {
      want(c.id, file)
      const older = commits.slice(index + 1).find((o) => o.files.includes(file))
      let before: Side
      if (older) before = { ref: older.id }
      // Fewer than asked: the host listed all the file's commits, the oldest created it; unless
      // the clone is shallow, whose oldest commits may hide older ones.
      else if ((listed.get(file) ?? 0) <= limit && !listing.shallow) before = 'none'
      else if (c.parent !== null) before = { ref: c.parent }
      else before = listing.shallow ? 'unknown' : 'none'
      if (typeof before === 'object') want(before.ref, file)
      return { file, before }
    })
    return { commit: c, sides }
  })

  const texts = new Map<string, Map<string, string | null>>()
  await mapLimited([...reads], PARALLEL_READS, async ([ref, wanted]) => {
    texts.set(ref, await host.textsAt(ref, [...wanted]))
  })
  const textAt = (ref: string, file: string) => texts.get(ref)?.get(file) ?? null

  const saves = plans.map(({ commit, sides }): SaveInHistory => {
    const befores = new Map<string, string | null>()
    const afters = new Map<string, string | null>()
    for (const { file, before } of sides) {
      if (before === 'unknown') continue
      befores.set(file, before === 'none' ? null : textAt(before.ref, file))
      afters.set(file, textAt(commit.id, file))
    }
    const save: SaveInHistory = { ...commit, changes: commitChanges(entryPath, befores, afters) }
    if (sides.some((s) => s.before === 'unknown')) save.beforeUnknown = true
    return save
  })
  const next = commits[limit]?.id
  return {
    saves,
    ...(next ? { next } : {}),
    ...(listing.shallow ? { shallow: true } : {}),
    reads: reads.size,
  }
}
