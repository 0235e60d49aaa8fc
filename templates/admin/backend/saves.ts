// What the editor's backend does whatever the host (issue 23, item 1): an entry is read from the
// repository's snapshot (deps.readEntry: a page's path stands for its two language files), and
// a save is planned over the snapshot the form was read from (deps.planSave) and written as ONE
// commit of every file it changes, with the entry's uploads, on top of that snapshot's head. A
// refused plan, or a branch moved since, writes nothing: the problems go to the problems panel
// and Decap's failure notification. An unchanged save makes no commit.
import { type AssetLike, type SiteHost, StaleHead } from './hosts.ts'
import { type BlobCache, Repository, type Snapshot } from './repository.ts'
import type { SaveProblem, SaveUpload, SiteBackendDeps } from './types.ts'

/** Decap's entry as its core hands it to a backend's persistEntry (decap-cms-lib-util Entry). */
export type DecapEntry = {
  dataFiles: { path: string; slug?: string; raw: string; newPath?: string }[]
  assets: AssetLike[]
}

export type ImplementationEntry = {
  data: string
  file: { path: string; label?: string; id: string | null }
}

/** What Decap's backends do that the site's replace (decap-cms-lib-util's `Implementation`). */
export type EntryMethods = {
  getEntry(path: string): Promise<ImplementationEntry>
  entriesByFiles(files: { path: string; label?: string }[]): Promise<ImplementationEntry[]>
  persistEntry(entry: DecapEntry, options: { commitMessage: string }): Promise<unknown>
}

/** A save the plan or the host refused: Decap's notification shows its message. */
export class SaveRefused extends Error {
  constructor(readonly problems: readonly SaveProblem[]) {
    const count = problems.length
    super(
      `${count === 1 ? 'Un problème empêche' : `${count} problèmes empêchent`} l'enregistrement : ${problems.map((p) => p.message).join(' ; ')}`,
    )
    // Decap prints the error as a string: its message alone, as the dev endpoint's refusal reads.
    this.name = ''
  }
}

export const STALE_MESSAGE =
  "Le site a été modifié depuis l'ouverture de cette page (un autre enregistrement) : rien n'a été enregistré. Rechargez la page pour voir la dernière version, puis refaites la modification."

export type SaveStats = { planMs: number; commitMs: number; files: number; committed: boolean }

export class SiteSaves {
  readonly repository: Repository
  /** The head each entry's form was read at. */
  private readonly loadedAt = new Map<string, string>()
  private queue: Promise<unknown> = Promise.resolve()
  /** The read started after a commit, awaited by the next save. */
  private refreshing?: Promise<unknown>
  lastSave?: SaveStats

  constructor(
    private readonly deps: SiteBackendDeps,
    private readonly host: SiteHost,
    options: { cache?: BlobCache; concurrency?: number } = {},
  ) {
    this.repository = new Repository(host, deps.memorySource, options)
  }

  /** An entry as the form shows it: the tree listed again, new blobs read, the head noted. */
  async getEntry(path: string): Promise<ImplementationEntry> {
    const snapshot = await this.repository.read()
    this.loadedAt.set(path, snapshot.head)
    return { file: { path, id: null }, data: this.deps.readEntry(snapshot.source, path) ?? '' }
  }

  /** The entries of a file collection (its list): from the snapshot held, read once. */
  async entriesByFiles(files: { path: string; label?: string }[]): Promise<ImplementationEntry[]> {
    const snapshot = await this.repository.ensure()
    return files.map((f) => ({
      file: { ...f, id: null },
      data: this.deps.readEntry(snapshot.source, f.path) ?? '',
    }))
  }

  /** One save, one commit (or none); saves run one at a time. */
  persistEntry(entry: DecapEntry, options: { commitMessage: string }): Promise<void> {
    const run = this.queue.then(() => this.persist(entry, options))
    this.queue = run.catch(() => undefined)
    return run
  }

  private async persist(entry: DecapEntry, { commitMessage }: { commitMessage: string }) {
    const [dataFile, ...others] = entry.dataFiles
    if (!dataFile || others.length)
      throw new Error(`One entry file per save (${entry.dataFiles.length} given)`)
    const path = dataFile.path
    await this.refreshing
    const snapshot = await this.snapshotFor(path)
    const started = performance.now()
    const uploads: SaveUpload[] = await Promise.all(
      entry.assets.map(async (a) => ({
        path: a.path.replace(/^\/+/, ''),
        bytes: base64Bytes(await a.toBase64()),
      })),
    )
    const plan = await this.deps.planSave(snapshot.source, path, dataFile.raw, uploads)
    const planMs = performance.now() - started
    if (!plan.ok) {
      this.lastSave = { planMs, commitMs: 0, files: 0, committed: false }
      this.refuse(path, plan.problems)
    }
    const assets = entry.assets.map((a) => {
      const from = a.path.replace(/^\/+/, '')
      return { path: plan.uploads?.get(from) ?? from, toBase64: () => a.toBase64() }
    })
    if (plan.files.size === 0 && assets.length === 0) {
      this.lastSave = { planMs, commitMs: 0, files: 0, committed: false }
      this.deps.onSaved?.(path)
      return
    }
    const committing = performance.now()
    let result: Awaited<ReturnType<SiteHost['commit']>>
    try {
      result = await this.host.commit({
        parent: snapshot.head,
        files: plan.files,
        assets,
        message: commitMessage,
      })
    } catch (e) {
      if (!(e instanceof StaleHead)) throw e
      // The branch moved: the next form is read from the new tree.
      this.refreshing = this.repository.read().catch(() => undefined)
      this.refuse(path, [staleProblem(path)])
    }
    this.lastSave = {
      planMs,
      commitMs: performance.now() - committing,
      files: plan.files.size + assets.length,
      committed: true,
    }
    this.repository.remember(result.written)
    this.loadedAt.set(path, result.head)
    // The new tree, read while Decap reloads the form: the files just written are not fetched.
    this.refreshing = this.repository.read().catch(() => undefined)
    this.deps.onSaved?.(path)
  }

  /**
   * Files removed by the media library while a form may be open (Decap commits a deletion at
   * once, even during an edit): one commit on the newest tree; the forms read from that tree
   * are moved to the new head, so their saves are planned without the files, not refused.
   */
  deleteFiles(paths: string[], commitMessage: string): Promise<void> {
    const run = this.queue.then(async () => {
      await this.refreshing
      const base = await this.repository.read()
      const result = await this.host.commit({
        parent: base.head,
        files: new Map(paths.map((p) => [p.replace(/^\/+/, ''), null])),
        assets: [],
        message: commitMessage,
      })
      for (const [path, head] of this.loadedAt)
        if (head === base.head) this.loadedAt.set(path, result.head)
      this.refreshing = this.repository.read().catch(() => undefined)
    })
    this.queue = run.catch(() => undefined)
    return run
  }

  /** The snapshot the entry's form was read from; the last one for an entry never read. */
  private async snapshotFor(path: string): Promise<Snapshot> {
    const head = this.loadedAt.get(path)
    const held = head ? this.repository.at(head) : undefined
    if (held) return held
    // Read from a snapshot no longer held (or not read at all): only the newest tree is safe
    // when the form showed it; a form of an older head is stale.
    const latest = await this.repository.ensure()
    if (head && head !== latest.head) this.refuse(path, [staleProblem(path)])
    return latest
  }

  private refuse(path: string, problems: readonly SaveProblem[]): never {
    this.deps.onRefused?.(path, problems)
    throw new SaveRefused(problems)
  }
}

function staleProblem(path: string): SaveProblem {
  return {
    file: path,
    line: 0,
    col: 0,
    key: '',
    message: STALE_MESSAGE,
    text: `${path}: ${STALE_MESSAGE}`,
  }
}

function base64Bytes(base64: string): Uint8Array {
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
