// The git hosts the editor reads and commits through, over Decap's own API objects (typed here
// by what is used of them, so this module imports nothing of Decap and runs in Node's tests):
// - GitHub (decap-cms-backend-github's `API`): the branch (GET branches/{b}: its head commit and
//   tree), the whole tree in one recursive call (GET git/trees/{tree}?recursive=1), blobs by sha
//   through the class's readFile (GET git/blobs/{sha}); a save is the class's own steps of
//   persistFiles (a tree on the base, a commit, the ref moved without force), but on the commit
//   the form was read at rather than the branch's head at save time, so GitHub's fast-forward
//   rule refuses a stale save (422 "Update is not a fast forward"); and the texts go in the
//   tree itself (create-tree's `content`), only uploads as blobs first: a save of texts is three
//   requests in a row, not four. The entry's history (`history`, the last section): a path's
//   commits by the commits API (GET commits?path=&sha=&per_page=&page=), a file's text at a
//   commit by the contents API (GET contents/{path}?ref=: its bytes in base64; 404, no file).
// - The dev server (decap-cms-backend-proxy's `ProxyBackend`, its `request`): the file store of
//   scripts/lib/cms/fileStore.ts behind Decap's proxy protocol: `listFiles` of content/ and of
//   public/, the texts by `entriesByFiles`, and a `persistEntry` of every file of the save with
//   the id each had when read (`expected`, the files the plan only read too), all or none, 409
//   when one changed on the disk. The history: its actions `history` and `textsAt`
//   (scripts/lib/cms/gitHistory.ts), answered from the project's own git repository.
import { gitBlobId } from '../../core/editor/blobId.ts'
import {
  type CommitList,
  type HistoryCommit,
  type HistoryHost,
  HistoryUnavailable,
  type Unavailable,
} from '../../core/history/types.ts'
import { mapLimited } from '../../lib/mapLimited.ts'
import { base64Bytes } from './base64.ts'
import { type GitHost, isContentYaml, type Listing, type TreeFile } from './repository.ts'
import type { Standing } from './types.ts'

/** A file sent with the entry, at the path it is committed at. */
export type AssetLike = { path: string; toBase64(): Promise<string> }

export type CommitRequest = {
  /** The head the save was planned on: the commit is made on it, or refused. */
  parent: string
  /** The id each file of the save had in that snapshot (null: absent), the files it only read
   * too (its plan's `reads`), for a host that checks files rather than a head (the dev server). */
  expected: ReadonlyMap<string, string | null>
  files: ReadonlyMap<string, string | null>
  assets: readonly AssetLike[]
  message: string
}

export type CommitResult = {
  /** The new head, when the host says it (a git host: the commit; the dev server: none). */
  head?: string
  /**
   * What the site's /build.json names once the site is built from this save (live/): the commit
   * on a git host; in the dev store, the time of the write (ms), which the dev server's
   * /build.json passes once it has read the content again after it.
   */
  version?: string
  /** The texts written, by the id the host gave them (a later read need not fetch them). */
  written: Map<string, string>
}

/** The branch moved since the snapshot the save was planned on: nothing was written. */
export class StaleHead extends Error {
  constructor(readonly status: number) {
    super('The branch moved since the entry was read')
  }
}

export type SiteHost = GitHost & {
  commit(request: CommitRequest): Promise<CommitResult>
  /** Asks the host how the live site's version stands to the save's (its compare API). */
  compare?(saved: string, live: string): Promise<Standing>
  /** The entry's « Historique »: the commits that changed files, the files' texts at one. */
  history?: CountedHistory
}

/** An API error the host answers for a commit it does not know (Decap's APIError `status`). */
const unknownCommit = (e: unknown) => {
  const status = (e as { status?: number }).status
  return status === 404 || status === 422
}

const trimSlash = (path: string) => path.replace(/^\/+/, '')
const inSite = (path: string) => path.startsWith('public/')

// --- GitHub -----------------------------------------------------------------------------------

type GitHubTree = {
  sha: string
  truncated: boolean
  tree: { path: string; type: string; sha: string }[]
}

type Blob = { path: string; sha?: string | null; raw?: string; toBase64?: () => Promise<string> }

/** An entry of GitHub's create-tree: a blob by its sha (null: removed) or by its text. */
type TreeEntry = { path: string; mode: '100644'; type: 'blob' } & (
  | { sha: string | null }
  | { content: string }
)

/** What is used of Decap's GitHub `API` (node_modules/decap-cms-backend-github/src/API.ts). */
export type GitHubApiLike = {
  repoURL: string
  branch: string
  request(
    path: string,
    options?: { params?: Record<string, string | number>; cache?: RequestCache },
  ): Promise<unknown>
  getDefaultBranch(): Promise<{ commit: { sha: string; commit: { tree: { sha: string } } } }>
  readFile(path: string, sha?: string | null): Promise<string | globalThis.Blob>
  uploadBlob(item: Blob): Promise<Blob>
  createTree(baseSha: string, tree: TreeEntry[]): Promise<{ sha: string }>
  commit(message: string, tree: { sha: string; parentSha?: string }): Promise<{ sha: string }>
  patchBranch(branch: string, sha: string): Promise<unknown>
}

export function gitHubHost(api: GitHubApiLike): SiteHost {
  const history = gitHubHistory(api)
  const tree = async (spec: string): Promise<GitHubTree> =>
    (await api.request(`${api.repoURL}/git/trees/${spec}`, {
      params: { recursive: 1 },
    })) as GitHubTree
  return {
    async list() {
      const branch = await api.getDefaultBranch()
      const head = branch.commit.sha
      const root = await tree(branch.commit.commit.tree.sha)
      let blobs = root.tree.filter((e) => e.type === 'blob')
      // GitHub cuts a recursive listing past 100,000 entries or 7 MB: the two folders then.
      if (root.truncated) {
        const folders = await Promise.all(['content', 'public'].map((f) => tree(`${head}:${f}`)))
        if (folders.some((f) => f.truncated))
          throw new Error("Le dépôt est trop grand pour que l'éditeur en liste les fichiers.")
        blobs = folders.flatMap((f, i) =>
          f.tree
            .filter((e) => e.type === 'blob')
            .map((e) => ({ ...e, path: `${i ? 'public' : 'content'}/${e.path}` })),
        )
      }
      return listingOf(
        head,
        blobs.map((b) => ({ path: b.path, id: b.sha })),
      )
    },
    async readTexts(files, limit) {
      const texts = await mapLimited(files, limit, (f) => api.readFile(f.path, f.id))
      return new Map(files.map((f, i) => [f.id, texts[i] as string]))
    },
    async commit({ parent, files, assets, message }) {
      const texts: { path: string; raw: string }[] = []
      const removed: string[] = []
      for (const [path, text] of files)
        if (text === null) removed.push(path)
        else texts.push({ path, raw: text })
      // The ids the texts get, as GitHub will write them: a later read need not fetch them.
      const ids = Promise.all(texts.map((t) => gitBlobId(new TextEncoder().encode(t.raw))))
      // Uploads are bytes (base64): blobs of their own first, in parallel; uploadBlob sets each
      // item's sha (API.ts uploadBlob).
      const uploads: Blob[] = assets.map((a) => ({
        path: trimSlash(a.path),
        toBase64: () => a.toBase64(),
      }))
      await Promise.all(uploads.map((b) => api.uploadBlob(b)))
      const blob = { mode: '100644', type: 'blob' } as const
      const changeTree = await api.createTree(parent, [
        ...uploads.map((b) => ({ ...blob, path: b.path, sha: b.sha as string })),
        ...texts.map((t) => ({ ...blob, path: t.path, content: t.raw })),
        ...removed.map((path) => ({ ...blob, path, sha: null })),
      ])
      const made = await api.commit(message, { sha: changeTree.sha, parentSha: parent })
      try {
        await api.patchBranch(api.branch, made.sha)
      } catch (e) {
        // GitHub's answer to a ref moved by a commit that does not descend from its head.
        const { status, message } = e as { status?: number; message?: string }
        if (status === 422 && /fast forward/i.test(message ?? '')) throw new StaleHead(status)
        throw e
      }
      const written = await ids
      return {
        head: made.sha,
        version: made.sha,
        written: new Map(texts.map((t, i) => [written[i] as string, t.raw])),
      }
    },
    // GET compare/{saved}...{live}: `ahead` when the live commit descends from the save's.
    async compare(saved, live) {
      if (saved === live) return 'identical'
      try {
        const { status } = (await api.request(`${api.repoURL}/compare/${saved}...${live}`)) as {
          status: string
        }
        return GITHUB_STANDING[status] ?? 'unrelated'
      } catch (e) {
        if (unknownCommit(e)) return 'unrelated'
        throw e
      }
    },
    history,
  }
}

/**
 * A commit as GitHub's "List commits" gives it (what is read of it); Gitea's "Get a list of all
 * commits" has the same shape (its `parents` may be null).
 */
export type GitHubListedCommit = {
  sha: string
  commit: {
    author: { name: string; date: string } | null
    committer: { date: string } | null
    message: string
  }
  parents: { sha: string }[] | null
}

/** A listed commit of GitHub's or Gitea's shape, as the history reads it. */
export function fromGitHubShape({ sha, commit, parents }: GitHubListedCommit): ListedCommit {
  return {
    id: sha,
    parent: parents?.[0]?.sha ?? null,
    parents: parents?.length ?? 0,
    date: commit.author?.date ?? commit.committer?.date ?? '',
    author: commit.author?.name ?? '',
    message: firstLine(commit.message),
    committed: Date.parse(commit.committer?.date ?? commit.author?.date ?? ''),
  }
}

/** GitHub's "Get repository content": a file, or a folder's entries (an array). */
type GitHubContent = { type: string; encoding?: string; content?: string; sha: string }

/** GitHub's largest page of a listing. */
const GITHUB_PAGE = 100

function gitHubHistory(api: GitHubApiLike): CountedHistory {
  return hostHistory((request) => ({
    async listPath(path, { from, perPage, page }) {
      request()
      const per_page = Math.min(perPage, GITHUB_PAGE)
      const list = (await api.request(`${api.repoURL}/commits`, {
        params: { path, sha: from ?? api.branch, per_page, page },
      })) as GitHubListedCommit[]
      return {
        commits: list.map(fromGitHubShape),
        more: list.length >= per_page,
      }
    },
    async textAt(ref, path) {
      request()
      let file: GitHubContent | GitHubContent[]
      try {
        file = (await api.request(`${api.repoURL}/contents/${encodePath(path)}`, {
          params: { ref },
          cache: cacheAt(ref),
        })) as typeof file
      } catch (e) {
        if ((e as { status?: number }).status === 404) return null
        throw e
      }
      if (Array.isArray(file) || file.type !== 'file') return null
      if (file.encoding === 'base64') return utf8FromBase64(file.content ?? '')
      // Over 1 MB the contents API leaves the bytes out (`encoding: "none"`): its blob has them.
      request()
      return (await api.readFile(path, file.sha)) as string
    },
  }))
}

const GITHUB_STANDING: Record<string, Standing> = {
  ahead: 'later',
  identical: 'identical',
  behind: 'earlier',
  diverged: 'unrelated',
}

/**
 * A listing of the branch at `head` from its files (content/ YAML with ids, public/ names); each
 * id under public/ is its git blob id (blobId.ts).
 */
export function listingOf(head: string, files: TreeFile[]): Listing {
  const site = files.filter((f) => inSite(f.path))
  return {
    head,
    content: files.filter((f) => isContentYaml(f.path)),
    public: site.map((f) => f.path),
    publicIds: new Map(site.map((f) => [f.path, f.id])),
  }
}

// --- The dev server (Decap's proxy protocol) ----------------------------------------------------

/** What is used of Decap's ProxyBackend (node_modules/decap-cms-backend-proxy/src). */
export type ProxyLike = {
  request(payload: { action: string; params: Record<string, unknown> }): Promise<unknown>
}

/** A file of the dev store's listing (fileStore.ts `listStore`). */
type Listed = { path: string; id: string; size: number }

/** A file of `entriesByFiles`'s answer (entryPlan.ts `readEntryFrom`): the text and its id. */
type ProxyEntry = { data: string | null; file: { path: string; id: string | null } }

export function proxyHost(backend: ProxyLike): SiteHost {
  return {
    async list() {
      const [content, site] = (await Promise.all(
        ['content', 'public'].map((folder) =>
          backend.request({ action: 'listFiles', params: { folder } }),
        ),
      )) as [Listed[], Listed[]]
      const files = [...content, ...site].map((f) => ({ path: f.path, id: f.id }))
      // The store has no commits: the listing's own digest stands for its head.
      return listingOf(await digest(files.map((f) => `${f.path}\0${f.id}`).join('\n')), files)
    },
    async readTexts(files) {
      // One request for them all: the endpoint is on this machine.
      const entries = (await backend.request({
        action: 'entriesByFiles',
        params: { files: files.map((f) => ({ path: f.path })) },
      })) as ProxyEntry[]
      const texts = new Map<string, string>()
      files.forEach((f, i) => {
        const entry = entries[i]
        // A file changed between the listing and this read: its text is not the listing's.
        if (entry?.file.id === f.id && typeof entry.data === 'string') texts.set(f.id, entry.data)
      })
      return texts
    },
    async commit({ expected, files, assets }) {
      const dataFiles: { path: string; raw: string | null }[] = []
      const removedAssets: { path: string; content: null }[] = []
      for (const [path, text] of files)
        if (inSite(path)) removedAssets.push({ path, content: null })
        else dataFiles.push({ path, raw: text })
      const encoded = await Promise.all(
        assets.map(async (a) => ({
          path: trimSlash(a.path),
          content: await a.toBase64(),
          encoding: 'base64',
        })),
      )
      try {
        const answer = (await backend.request({
          action: 'persistEntry',
          params: {
            dataFiles,
            assets: [...encoded, ...removedAssets],
            // Every YAML file the save writes or read, with its id as read: the store checks each.
            expected: Object.fromEntries([...expected].filter(([path]) => !inSite(path))),
          },
        })) as { version?: string } | undefined
        return { written: new Map(), version: answer?.version }
      } catch (e) {
        if ((e as { status?: number }).status === 409) throw new StaleHead(409)
        throw e
      }
    },
    compare: async (saved, live) => compareTimes(saved, live),
    history: proxyHistory(backend),
  }
}

/**
 * The dev server's history (scripts/lib/cms/gitHistory.ts): one request per call, answered from
 * the project's git repository, exact as git lists it; `{ unavailable }` when it has none (a copy
 * of the site without git).
 */
function proxyHistory(backend: ProxyLike): CountedHistory {
  let requests = 0
  const ask = async (action: string, params: Record<string, unknown>) => {
    requests++
    let answer: unknown
    try {
      answer = await backend.request({ action, params })
    } catch (e) {
      throw historyFailure(e)
    }
    const { unavailable } = (answer ?? {}) as { unavailable?: Unavailable }
    if (unavailable) throw new HistoryUnavailable(unavailable)
    return answer
  }
  return {
    get requests() {
      return requests
    },
    async commits(paths, { from, limit }) {
      const { commits, shallow } = (await ask('history', { paths, from, limit })) as CommitList
      return shallow ? { commits, shallow } : { commits }
    },
    async textsAt(ref, paths) {
      const { texts } = (await ask('textsAt', { ref, paths })) as {
        texts: Record<string, string | null>
      }
      return new Map(paths.map((p) => [p, Object.hasOwn(texts, p) ? (texts[p] ?? null) : null]))
    },
  }
}

/**
 * The dev store's versions are the times of its writes (ms) and the dev server's /build.json the
 * time up to which it has read them: plain numbers, compared here (no host to ask).
 */
export function compareTimes(saved: string, live: string): Standing {
  const [a, b] = [Number(saved), Number(live)]
  if (!Number.isFinite(a) || !Number.isFinite(b)) return 'unrelated'
  return a === b ? 'identical' : b > a ? 'later' : 'earlier'
}

/** SHA-256 of a text, in hex (Web Crypto: the browser's and Node's). */
async function digest(text: string): Promise<string> {
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

// --- The history over a git host's REST API ----------------------------------------------------
//
// GitHub, GitLab and Gitea list the commits of ONE path a request (`commits?path=`), so an entry's
// files are listed side by side and merged here, and a commit's `files` are the listings it came
// in. A listing stops after its page: below its oldest commit, a commit listed for another path
// may have changed this one too, unseen. git lists a path's commits newest first by commit time,
// so a listing has seen every commit newer than its oldest; each path is listed `limit + 1` deep,
// so the merge's newest `limit` commits are newer than every stopped listing's oldest, and their
// `files` are whole (`whole`). Older ones are kept, as HistoryHost promises each path's newest
// `limit`: readHistory shows the newest `limit` only, and reads the others only for where a
// file's text comes from, which each path's own listing tells right.
//
// Texts are read once per path and commit (memo), and a path's text across a commit that did not
// change it is read once: a whole commit with one parent whose `files` lack a path has its
// parent's text of that path (git lists every commit that changed a path against its parent), so
// the two refs share one read. At most PARALLEL_TEXTS reads at a time.

/** A commit as a host lists it for one path. */
export type ListedCommit = Omit<HistoryCommit, 'files'> & {
  /** When it was committed (ms): git lists a path's commits newest first by this time. */
  committed: number
  /** How many parents it has: only a commit of one has its parent's text of a path it kept. */
  parents: number
}

/** One page of a path's commits, newest first; `more`: the host has older ones. */
export type PathPage = { commits: ListedCommit[]; more: boolean }

/** What the history asks of a git host: pages of a path's commits, a file's text at a commit. */
export type HistorySource = {
  /**
   * Page `page` (from 1) of the commits reachable from `from` (the branch's head when absent)
   * that changed `path`, newest first, `perPage` a page or as many as the host gives.
   */
  listPath(path: string, at: { from?: string; perPage: number; page: number }): Promise<PathPage>
  /** The text of `path` at commit `ref`; null when no file is there. */
  textAt(ref: string, path: string): Promise<string | null>
}

export type CountedHistory = HistoryHost & {
  /** The requests made to the host by the history so far (what the tests hold it to). */
  readonly requests: number
}

/** A path's listing as the merge reads it. */
export type PathListing = { path: string; commits: readonly ListedCommit[]; more: boolean }

/** A commit of the merge: `whole` when every listing has seen it (its `files` are all there). */
export type MergedCommit = HistoryCommit & { committed: number; parents: number; whole: boolean }

const PARALLEL_TEXTS = 8
/** Texts kept by path and commit: a few entries' histories (a text is a few kB). */
const TEXTS_KEPT = 400

/** The history of a host, over what it answers (`request` counts each request it makes). */
export function hostHistory(make: (request: () => void) => HistorySource): CountedHistory {
  let requests = 0
  const source = make(() => {
    requests++
  })
  const read = limited(PARALLEL_TEXTS)
  const texts = new Map<string, Promise<string | null>>()
  /** By path: a ref -> another with the same text of the path (a forest, read to its root). */
  const sameText = new Map<string, Map<string, string>>()
  const key = (path: string, ref: string) => `${path}\0${ref}`
  const rootOf = (path: string, ref: string) => {
    const links = sameText.get(path)
    let at = ref
    for (let next = links?.get(at); next !== undefined; next = links?.get(at)) at = next
    return at
  }
  const join = (path: string, a: string, b: string) => {
    const [ra, rb] = [rootOf(path, a), rootOf(path, b)]
    if (ra === rb) return
    const links = sameText.get(path) ?? new Map<string, string>()
    sameText.set(path, links)
    // The root keeps the text already read, if one was.
    if (texts.has(key(path, ra))) links.set(rb, ra)
    else links.set(ra, rb)
  }
  const textOf = (path: string, ref: string) => {
    const at = rootOf(path, ref)
    const k = key(path, at)
    let text = texts.get(k)
    if (!text) {
      const reading = read(() => failures(() => source.textAt(at, path)))
      text = reading
      texts.set(k, reading)
      reading.catch(() => {
        if (texts.get(k) === reading) texts.delete(k)
      })
      while (texts.size > TEXTS_KEPT) texts.delete(texts.keys().next().value as string)
    }
    return text
  }
  const listing = async (path: string, from: string | undefined, perPage: number) => {
    const commits: ListedCommit[] = []
    let more = true
    for (let page = 1; more && commits.length < perPage; page++) {
      const got = await failures(() => source.listPath(path, { from, perPage, page }))
      commits.push(...got.commits)
      more = got.more && got.commits.length > 0
    }
    return { path, commits, more }
  }
  return {
    get requests() {
      return requests
    },
    async commits(paths, { from, limit }) {
      const asked = [...new Set(paths)]
      const listings = await Promise.all(asked.map((p) => listing(p, from, limit + 1)))
      const merged = mergeListings(listings)
      for (const c of merged)
        if (c.whole && c.parents === 1 && c.parent !== null)
          for (const path of asked) if (!c.files.includes(path)) join(path, c.id, c.parent)
      return {
        commits: merged.map(({ id, parent, date, author, message, files }) => ({
          id,
          parent,
          date,
          author,
          message,
          files,
        })),
      }
    },
    async textsAt(ref, paths) {
      const asked = [...new Set(paths)]
      const got = await Promise.all(asked.map((path) => textOf(path, ref)))
      return new Map(asked.map((path, i) => [path, got[i] ?? null]))
    },
  }
}

/**
 * The paths' listings as one list, newest first, no commit twice, each with the paths it came
 * in (in the listings' order). `whole`: newer than the oldest commit of every listing that
 * stopped (`more`), so seen by them all. The order keeps each listing's own and each parent after
 * its child, then the newest commit first.
 */
export function mergeListings(listings: readonly PathListing[]): MergedCommit[] {
  let edge = Number.NEGATIVE_INFINITY
  for (const l of listings) {
    const oldest = l.commits.at(-1)
    if (l.more && oldest) edge = Math.max(edge, oldest.committed)
  }
  const byId = new Map<string, MergedCommit>()
  for (const l of listings)
    for (const c of l.commits) {
      let merged = byId.get(c.id)
      if (!merged) {
        merged = { ...c, files: [], whole: c.committed > edge }
        byId.set(c.id, merged)
      }
      if (!merged.files.includes(l.path)) merged.files.push(l.path)
    }
  const commits = [...byId.values()]
  const index = new Map(commits.map((c, i) => [c.id, i]))
  const after = commits.map((): number[] => [])
  const waiting = commits.map(() => 0)
  const before = (a: number | undefined, b: number | undefined) => {
    if (a === undefined || b === undefined || a === b) return
    after[a]?.push(b)
    waiting[b] = (waiting[b] ?? 0) + 1
  }
  for (const l of listings)
    for (let i = 1; i < l.commits.length; i++)
      before(index.get(l.commits[i - 1]?.id ?? ''), index.get(l.commits[i]?.id ?? ''))
  commits.forEach((c, i) => {
    if (c.parent !== null) before(i, index.get(c.parent))
  })
  const done = commits.map(() => false)
  const newer = (i: number, j: number) =>
    j < 0 || (commits[i]?.committed ?? 0) > (commits[j]?.committed ?? 0)
  const out: MergedCommit[] = []
  while (out.length < commits.length) {
    let pick = -1
    for (let i = 0; i < commits.length; i++)
      if (!done[i] && waiting[i] === 0 && newer(i, pick)) pick = i
    // Listings at odds (a history rewritten between two requests): the newest of the rest.
    if (pick < 0) for (let i = 0; i < commits.length; i++) if (!done[i] && newer(i, pick)) pick = i
    done[pick] = true
    out.push(commits[pick] as MergedCommit)
    for (const j of after[pick] ?? []) waiting[j] = (waiting[j] ?? 0) - 1
  }
  return out
}

/**
 * A host's failure as the history says it: `refused` for an answer of 4xx (rights, a repository
 * gone, the API switched off), `unreachable` for 5xx, 429 and no answer at all (fetch's
 * TypeError; Decap's APIError without a status; Decap's APIs retry those, then report them as
 * 500). Anything else (a fault of the code) is left as it is.
 */
export function historyFailure(e: unknown): unknown {
  if (e instanceof HistoryUnavailable) return e
  const { status, message } = (e ?? {}) as { status?: number | null; message?: unknown }
  const detail = typeof message === 'string' && message ? message : undefined
  if (typeof status === 'number' && status > 0)
    return new HistoryUnavailable(
      status >= 500 || status === 429 ? 'unreachable' : 'refused',
      detail ?? `HTTP ${status}`,
    )
  if (e instanceof TypeError || (e instanceof Error && 'status' in e))
    return new HistoryUnavailable('unreachable', detail)
  return e
}

async function failures<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (e) {
    throw historyFailure(e)
  }
}

/** Runs the works given, at most `n` at a time. */
function limited(n: number) {
  let active = 0
  const queue: (() => void)[] = []
  return async <T>(work: () => Promise<T>): Promise<T> => {
    while (active >= n) await new Promise<void>((go) => queue.push(go))
    active++
    try {
      return await work()
    } finally {
      active--
      queue.shift()?.()
    }
  }
}

/**
 * How to fetch what is at `ref`: from the browser's cache when `ref` is a commit's whole id (what
 * is at a commit never changes), else as Decap's APIs do (`no-cache`: asked again).
 */
export const cacheAt = (ref: string): RequestCache =>
  /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(ref) ? 'force-cache' : 'no-cache'

/** A commit message's first line. */
export const firstLine = (message: string) => (message.split('\n')[0] ?? '').replace(/\r$/, '')

/** A repository path in a URL: each segment encoded, the slashes kept. */
export const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/')

/** UTF-8 text from base64 (GitHub's lines of 60 characters included). */
export const utf8FromBase64 = (base64: string): string =>
  new TextDecoder().decode(base64Bytes(base64))
