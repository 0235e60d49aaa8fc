// What the editor's backend does whatever the host: an entry is read from the
// repository's snapshot (deps.readEntry: a page's path stands for its two language files), and
// a save is planned over the snapshot the form was read from (deps.planSave, given the entry's
// text at opening as `base`) and written as ONE commit of every file it changes, with the entry's
// uploads, on top of that snapshot's head. A refused plan writes nothing: the problems go to the
// problems panel and Decap's failure notification. A branch moved since the form opened is
// refused too, unless the planner merges (deps.merges): the save is then planned once more on
// the newest tree, over the same base, and committed on it. An unchanged save makes no commit.
import { gitBlobId } from '../../core/editor/blobId.ts'
import type { HistoryHost } from '../../core/history/types.ts'
import { base64Bytes } from './base64.ts'
import { hostFailure } from './hostFailure.ts'
import { type AssetLike, type CommitResult, type SiteHost, StaleHead } from './hosts.ts'
import { type BlobCache, Repository, type Snapshot } from './repository.ts'
import type { RefusedProblem, SavedVersion, SaveUpload, SiteBackendDeps } from './types.ts'

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
  entriesByFolder(folder: string, extension: string, depth: number): Promise<ImplementationEntry[]>
  /** Decap's git backends' (search, relations); the proxy backend has none. */
  allEntriesByFolder?(
    folder: string,
    extension: string,
    depth: number,
  ): Promise<ImplementationEntry[]>
  persistEntry(entry: DecapEntry, options: { commitMessage: string }): Promise<unknown>
  persistMedia(asset: MediaAsset, options: { commitMessage: string }): Promise<unknown>
  deleteFiles(paths: string[], commitMessage: string): Promise<unknown>
  /** The login (Decap's restoreUser and login both come here), its user's details. */
  authenticate(state: unknown): Promise<unknown>
}

/** Decap's AssetProxy as its core hands it to a backend's persistMedia. */
export type MediaAsset = AssetLike & { fileObj?: Blob }

/** What a backend's persistMedia answers (decap-cms-lib-util's ImplementationMediaFile). */
export type MediaFile = { id: string; name: string; size: number; path: string; displayURL: string }

/** A save the plan or the host refused: Decap's notification shows its message. */
export class SaveRefused extends Error {
  constructor(readonly problems: readonly RefusedProblem[]) {
    const count = problems.length
    super(
      `${count === 1 ? 'Un problème empêche' : `${count} problèmes empêchent`} l'enregistrement : ${problems.map((p) => p.fr).join(' ; ')}`,
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
  /** The head each entry's form was read at, and the entry's text then (the merge's base). */
  private readonly loadedAt = new Map<string, { head: string; base: string | null }>()
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

  /** The commits of the host and its files' texts at one (the entry's « Historique »), if it has them. */
  get history(): HistoryHost | undefined {
    return this.host.history
  }

  /** An entry as the form shows it: the tree listed again, new blobs read, the head noted. */
  async getEntry(path: string): Promise<ImplementationEntry> {
    const snapshot = await this.repository.read()
    const text = this.deps.readEntry(snapshot.source, path)
    this.loadedAt.set(path, { head: snapshot.head, base: text })
    return { file: { path, id: null }, data: text ?? '' }
  }

  /** The entries of a file collection (its list): from the snapshot held, read once. */
  async entriesByFiles(files: { path: string; label?: string }[]): Promise<ImplementationEntry[]> {
    const snapshot = await this.repository.ensure()
    return files.map((f) => ({
      file: { ...f, id: null },
      data: this.deps.readEntry(snapshot.source, f.path) ?? '',
    }))
  }

  /**
   * The entries of a folder collection of pages (its list, Decap's search): the pages the
   * configuration places in it (deps.folderEntries), read from the snapshot held, as their files.
   */
  async entriesByFolder(folder: string): Promise<ImplementationEntry[]> {
    const ids = this.deps.folderEntries?.(folder) ?? []
    return this.entriesByFiles(ids.map((id) => ({ path: `${folder}/${id}.yaml` })))
  }

  /** One save, one commit (or none); saves run one at a time. */
  persistEntry(entry: DecapEntry, options: { commitMessage: string }): Promise<void> {
    return this.inTurn(() => this.persist(entry, options))
  }

  /**
   * Runs one write after the others; a host's failure comes out in the editors' words
   * (hostFailure.ts), the form left as typed.
   */
  private inTurn<T>(write: () => Promise<T>): Promise<T> {
    const run = this.queue.then(write).catch((error: unknown) => {
      throw hostFailure(error)
    })
    this.queue = run.catch(() => undefined)
    return run
  }

  private async persist(entry: DecapEntry, { commitMessage }: { commitMessage: string }) {
    const [dataFile, ...others] = entry.dataFiles
    if (!dataFile || others.length)
      throw new Error(`One entry file per save (${entry.dataFiles.length} given)`)
    const path = dataFile.path
    await this.refreshing
    const form = this.loadedAt.get(path)
    const sent = await Promise.all(
      entry.assets.map(async (a) => {
        const bytes = base64Bytes(await a.toBase64())
        return { path: a.path.replace(/^\/+/, ''), bytes, id: await gitBlobId(bytes) }
      }),
    )
    const ids = new Map(sent.map((u) => [u.path, u.id]))
    /** A text of the tree as the save leaves it (the committed plan over its snapshot). */
    let savedText: (file: string) => string | undefined = () => undefined
    /** The English values of the saved files still « à revoir » after the save. */
    let toReview = 0
    const attempt = async (snapshot: Snapshot) => {
      const started = performance.now()
      // A file already in the tree with the same bytes keeps its name (no `-2` copy).
      const uploads: SaveUpload[] = sent.map(({ path, bytes, id }) => ({
        path,
        bytes,
        sameBytes: (at) => snapshot.publicIds.get(at) === id,
      }))
      const plan = await this.deps.planSave(
        snapshot.source,
        path,
        dataFile.raw,
        uploads,
        form?.base ?? null,
      )
      const planMs = performance.now() - started
      // On the page's performance timeline, for `npm run bench -- --editor`.
      performance.measure('editor:save-plan', { start: started, duration: planMs })
      if (!plan.ok) {
        this.lastSave = { planMs, commitMs: 0, files: 0, committed: false }
        // The planner's new base after a conflict: the next save merges over what was shown.
        if (plan.rebase !== undefined)
          this.loadedAt.set(path, { head: snapshot.head, base: plan.rebase })
        this.refuse(path, plan.problems)
      }
      const assets = entry.assets
        .map((a) => {
          const from = a.path.replace(/^\/+/, '')
          return { from, path: plan.uploads?.get(from) ?? from, toBase64: () => a.toBase64() }
        })
        // Already there, byte for byte: nothing to send.
        .filter((a) => snapshot.publicIds.get(a.path) !== ids.get(a.from))
        .map(({ path, toBase64 }) => ({ path, toBase64 }))
      toReview = plan.toReview ?? 0
      if (plan.files.size === 0 && assets.length === 0) {
        this.lastSave = { planMs, commitMs: 0, files: 0, committed: false }
        return undefined
      }
      const committing = performance.now()
      savedText = (file) => {
        const text = plan.files.get(file)
        return text === null ? undefined : (text ?? snapshot.source.content.get(file))
      }
      // The files it writes and those it only read (a record whose text came out unchanged):
      // a host that checks files refuses the commit if any changed since the snapshot.
      const guarded = new Set([...plan.files.keys(), ...(plan.reads ?? [])])
      const result = await this.host.commit({
        parent: snapshot.head,
        expected: new Map([...guarded].map((p) => [p, snapshot.ids.get(p) ?? null])),
        files: plan.files,
        assets,
        message: commitMessage,
      })
      performance.measure('editor:save-commit', { start: committing, end: performance.now() })
      this.lastSave = {
        planMs,
        commitMs: performance.now() - committing,
        files: plan.files.size + assets.length,
        committed: true,
      }
      return result
    }
    let result: CommitResult | undefined
    try {
      result = await attempt(await this.snapshotFor(form?.head))
    } catch (e) {
      if (!(e instanceof StaleHead)) throw e
      // The branch moved: the next form is read from the new tree; a merging planner plans the
      // save again on it, over the same base, once.
      const newest = this.repository.read({ after: true })
      this.refreshing = newest.catch(() => undefined)
      if (!this.deps.merges) this.refuse(path, [staleProblem(path)])
      try {
        result = await attempt(await newest)
      } catch (again) {
        if (again instanceof StaleHead) this.refuse(path, [staleProblem(path)])
        throw again
      }
    }
    if (result) {
      this.repository.remember(result.written)
      // The form now shows what was saved: the next save's base (its head, once read again).
      const saved = this.deps.readEntry
      this.refreshing = this.repository
        .read({ after: true })
        .then((s) => {
          if (s.head === result.head || !result.head)
            this.loadedAt.set(path, { head: s.head, base: saved(s.source, path) })
        })
        .catch(() => undefined)
      if (result.head) this.loadedAt.set(path, { head: result.head, base: form?.base ?? null })
    }
    this.deps.onSaved?.(path, {
      toReview,
      live: result && this.savedVersion(result, savedText),
    })
  }

  /** What the editor watches until the live site serves the save (live/), when the host says. */
  private savedVersion(
    result: CommitResult,
    text: (file: string) => string | undefined,
  ): SavedVersion | undefined {
    const { version } = result
    const compare = this.host.compare?.bind(this.host)
    if (!version || !compare) return undefined
    return { version, standing: (live) => compare(version, live), text }
  }

  /**
   * Files removed by the media library while a form may be open (Decap commits a deletion at
   * once, even during an edit): one commit on the newest tree; the forms read from that tree
   * are moved to the new head, so their saves are planned without the files, not refused.
   */
  deleteFiles(paths: string[], commitMessage: string): Promise<void> {
    return this.inTurn(async () => {
      await this.refreshing
      const base = await this.repository.read()
      const files = new Map(paths.map((p) => [p.replace(/^\/+/, ''), null]))
      // A file content still names is not deleted: the build would fail on the broken link.
      const problems = (await this.deps.planDelete?.(base.source, [...files.keys()])) ?? []
      if (problems.length) this.refuse([...files.keys()].join(', '), problems)
      const result = await this.host.commit({
        parent: base.head,
        expected: new Map([...files.keys()].map((p) => [p, base.ids.get(p) ?? null])),
        files,
        assets: [],
        message: commitMessage,
      })
      for (const [path, form] of this.loadedAt)
        if (form.head === base.head) this.loadedAt.set(path, { ...form, head: result.head ?? '' })
      this.refreshing = this.repository.read({ after: true }).catch(() => undefined)
    })
  }

  /**
   * A file the media library uploads with no entry open (Decap's persistMedia): planned on the
   * newest tree (deps.planMedia: clean, free name; a new PDF's entry in documents.yaml, checked),
   * then ONE commit of the file and what goes with it, as an entry's save; refused, nothing is
   * written. A file already there with the same bytes is not sent again.
   */
  /** Whether the media library's uploads are planned here (deps.planMedia). */
  get plansMedia(): boolean {
    return this.deps.planMedia !== undefined
  }

  persistMedia(asset: MediaAsset, { commitMessage }: { commitMessage: string }) {
    const planMedia = this.deps.planMedia
    if (!planMedia) throw new Error('No media planner')
    return this.inTurn(async (): Promise<MediaFile> => {
      await this.refreshing
      const from = asset.path.replace(/^\/+/, '')
      const bytes = base64Bytes(await asset.toBase64())
      const id = await gitBlobId(bytes)
      const base = await this.repository.read()
      const plan = await planMedia(base.source, from, bytes, (at) => base.publicIds.get(at) === id)
      if (!plan.ok) this.refuse(from, plan.problems)
      const there = base.publicIds.get(plan.path) === id
      if (!there || plan.files.size) {
        const result = await this.host.commit({
          parent: base.head,
          expected: new Map([...plan.files.keys()].map((p) => [p, base.ids.get(p) ?? null])),
          files: plan.files,
          assets: there ? [] : [{ path: plan.path, toBase64: () => asset.toBase64() }],
          message: commitMessage,
        })
        this.repository.remember(result.written)
        // Forms read from that tree are moved to the new head: the file is not theirs to clash.
        for (const [path, form] of this.loadedAt)
          if (form.head === base.head) this.loadedAt.set(path, { ...form, head: result.head ?? '' })
        this.refreshing = this.repository.read({ after: true }).catch(() => undefined)
      }
      const name = plan.path.slice(plan.path.lastIndexOf('/') + 1)
      return {
        id,
        name,
        size: bytes.byteLength,
        path: plan.path,
        displayURL: asset.fileObj ? URL.createObjectURL(asset.fileObj) : '',
      }
    })
  }

  /** The snapshot the entry's form was read from; the newest for an entry never read. */
  private async snapshotFor(head: string | undefined): Promise<Snapshot> {
    const held = head ? this.repository.at(head) : undefined
    if (held) return held
    // A form read from a snapshot no longer held: only the newest tree is safe, when it is the
    // form's; else the form is stale (as the host would refuse it).
    const latest = await this.repository.ensure()
    if (head && head !== latest.head) throw new StaleHead(0)
    return latest
  }

  private refuse(path: string, problems: readonly RefusedProblem[]): never {
    this.deps.onRefused?.(path, problems)
    throw new SaveRefused(problems)
  }
}

function staleProblem(path: string): RefusedProblem {
  return {
    file: path,
    line: 0,
    col: 0,
    key: '',
    // The editor's alone (never a line of validate): French only.
    message: STALE_MESSAGE,
    fr: STALE_MESSAGE,
    // No line of validate to show: the entry the refusal is about.
    text: path,
  }
}
