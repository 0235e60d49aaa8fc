// The repository as the editor's browser reads it: the branch's tree listed
// once through the git host's API, the YAML texts under content/ fetched by blob id (each id once:
// a cache keyed by it, a few requests at a time), the names under public/ (never their bytes),
// held as a content source in memory. A later read lists the tree again and fetches only the
// blobs whose ids are new. Each snapshot keeps the head commit it was read at: a save is made on
// top of that commit, so a branch moved since the form was read is caught, not overwritten.
// No Decap import here: a host is any object answering `GitHost` (hosts.ts adapts Decap's API
// classes), so this module runs as it is in Node's tests.
import type { ContentSource, SiteBackendDeps } from './types.ts'

/** A file of the tree: its path from the root and its blob id (a git sha, or a content hash). */
export type TreeFile = { path: string; id: string }

export type Listing = {
  /** The commit (or, in dev, the state of the working tree) the listing is of. */
  head: string
  /** The YAML files under content/, with their ids. */
  content: TreeFile[]
  /** The paths of the files under public/ (`public/images/x.jpg`). */
  public: string[]
  /** Their git blob ids (blobId.ts), by path, when the host gives them. */
  publicIds?: ReadonlyMap<string, string>
}

/** What the editor needs of a git host: a listing, and the texts of blobs. */
export type GitHost = {
  list(): Promise<Listing>
  /** The texts of these files, by id; a host may batch them, or fetch each (`limit` at a time). */
  readTexts(files: readonly TreeFile[], limit: number): Promise<Map<string, string>>
}

/** Texts by blob id, kept beyond the page when the browser allows (localForage in the editor). */
export type BlobCache = {
  get(id: string): Promise<string | undefined> | string | undefined
  set(id: string, text: string): Promise<void> | void
}

export type Snapshot = {
  head: string
  source: ContentSource
  /** The id of each file of `source.content`. */
  ids: ReadonlyMap<string, string>
  /** The git blob id of each file under public/ the host named (`public/images/x.jpg`). */
  publicIds: ReadonlyMap<string, string>
}

export type ReadStats = {
  /** Texts fetched from the host in the last read, and found in the cache. */
  fetched: number
  cached: number
  ms: number
}

const SNAPSHOTS_KEPT = 4

export const isContentYaml = (path: string) => path.startsWith('content/') && path.endsWith('.yaml')

export class Repository {
  private readonly memory = new Map<string, string>()
  private readonly snapshots = new Map<string, Snapshot>()
  private latest?: Snapshot
  private reading?: Promise<Snapshot>
  private ahead?: Promise<Snapshot>
  lastRead: ReadStats = { fetched: 0, cached: 0, ms: 0 }

  constructor(
    private readonly host: GitHost,
    private readonly memorySource: SiteBackendDeps['memorySource'],
    private readonly options: { cache?: BlobCache; concurrency?: number } = {},
  ) {}

  /** The last snapshot read, if any. */
  get current(): Snapshot | undefined {
    return this.latest
  }

  /** A snapshot still held, by its head. */
  at(head: string): Snapshot | undefined {
    return this.snapshots.get(head)
  }

  /** The last snapshot, or the first read when there is none. */
  ensure(): Promise<Snapshot> {
    return this.latest ? Promise.resolve(this.latest) : this.read()
  }

  /**
   * Starts the first read ahead of any form (at the login: siteBackend.ts), while Decap checks the
   * user and draws its page; the next read takes it as it is instead of listing the tree again.
   * If it failed (a token refused), that read is made anew, and its failure is the form's.
   */
  readAhead(): void {
    if (this.ahead || this.latest || this.reading) return
    const ahead = this.read()
    ahead.catch(() => undefined)
    this.ahead = ahead
  }

  /**
   * Lists the tree again and reads the texts whose ids are not known yet, one read at a time: a
   * caller joins the read under way, or, `after` a change it made (a commit), the next one.
   */
  read({ after = false }: { after?: boolean } = {}): Promise<Snapshot> {
    const ahead = this.ahead
    this.ahead = undefined
    if (ahead && !after) return ahead.catch(() => this.read())
    if (this.reading && !after) return this.reading
    const next: Promise<Snapshot> = (this.reading ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => this.readNow())
      .finally(() => {
        if (this.reading === next) this.reading = undefined
      })
    this.reading = next
    return next
  }

  /** Texts known to have these ids (what a save just wrote): a later read need not fetch them. */
  remember(texts: Iterable<readonly [string, string]>): void {
    for (const [id, text] of texts) {
      this.memory.set(id, text)
      void this.options.cache?.set(id, text)
    }
  }

  private async readNow(): Promise<Snapshot> {
    const started = performance.now()
    const listing = await this.host.list()
    const known = this.snapshots.get(listing.head)
    if (known) {
      this.keep(known)
      this.lastRead = { fetched: 0, cached: 0, ms: performance.now() - started }
      return known
    }
    const missing: TreeFile[] = []
    let cached = 0
    // One file per id not held yet (files of the same bytes are one blob, read once).
    const byId = new Map<string, TreeFile>()
    for (const file of listing.content)
      if (!byId.has(file.id) && !this.memory.has(file.id)) byId.set(file.id, file)
    const unknown = [...byId.values()]
    const stored = await Promise.all(unknown.map((f) => this.options.cache?.get(f.id)))
    unknown.forEach((file, i) => {
      const text = stored[i]
      if (text === undefined) missing.push(file)
      else {
        this.memory.set(file.id, text)
        cached++
      }
    })
    if (missing.length) {
      const texts = await this.host.readTexts(missing, this.options.concurrency ?? 10)
      for (const file of missing) {
        const text = texts.get(file.id)
        if (text === undefined) throw new Error(`${file.path}: not read from the repository`)
      }
      this.remember(texts)
    }
    const content = listing.content.map((f) => [f.path, this.memory.get(f.id) as string] as const)
    const snapshot: Snapshot = {
      head: listing.head,
      source: this.memorySource(
        content,
        listing.public.map((p) => p.slice('public'.length)),
      ),
      ids: new Map(listing.content.map((f) => [f.path, f.id])),
      publicIds: listing.publicIds ?? new Map(),
    }
    this.keep(snapshot)
    // Texts no listing holds any more are dropped from memory (the persistent cache keeps them).
    const live = new Set([...this.snapshots.values()].flatMap((s) => [...s.ids.values()]))
    for (const id of this.memory.keys()) if (!live.has(id)) this.memory.delete(id)
    this.lastRead = { fetched: missing.length, cached, ms: performance.now() - started }
    performance.measure('editor:read', { start: started, duration: this.lastRead.ms })
    return snapshot
  }

  private keep(snapshot: Snapshot) {
    this.snapshots.delete(snapshot.head)
    this.snapshots.set(snapshot.head, snapshot)
    while (this.snapshots.size > SNAPSHOTS_KEPT)
      this.snapshots.delete(this.snapshots.keys().next().value as string)
    this.latest = snapshot
  }
}
