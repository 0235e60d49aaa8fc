// The git hosts the editor reads and commits through, over Decap's own API objects (typed here
// by what is used of them, so this module imports nothing of Decap and runs in Node's tests):
// - GitHub (decap-cms-backend-github's `API`): the branch (GET branches/{b}: its head commit and
//   tree), the whole tree in one recursive call (GET git/trees/{tree}?recursive=1), blobs by sha
//   through the class's readFile (GET git/blobs/{sha}); a save is the class's own steps of
//   persistFiles (a tree on the base, a commit, the ref moved without force), but on the commit
//   the form was read at rather than the branch's head at save time, so GitHub's fast-forward
//   rule refuses a stale save (422 "Update is not a fast forward"); and the texts go in the
//   tree itself (create-tree's `content`), only uploads as blobs first: a save of texts is three
//   requests in a row, not four.
// - The dev server (decap-cms-backend-proxy's `ProxyBackend`, its `request`): the file store of
//   scripts/lib/cms/fileStore.ts behind Decap's proxy protocol: `listFiles` of content/ and of
//   public/, the texts by `entriesByFiles`, and a `persistEntry` of every file of the save with
//   the id each had when read (`expected`, the files the plan only read too), all or none, 409
//   when one changed on the disk.
import { gitBlobId } from '../../core/editor/blobId.ts'
import {
  type GitHost,
  isContentYaml,
  type Listing,
  mapLimited,
  type TreeFile,
} from './repository.ts'
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
  request(path: string, options?: { params?: Record<string, string | number> }): Promise<unknown>
  getDefaultBranch(): Promise<{ commit: { sha: string; commit: { tree: { sha: string } } } }>
  readFile(path: string, sha?: string | null): Promise<string | globalThis.Blob>
  uploadBlob(item: Blob): Promise<Blob>
  createTree(baseSha: string, tree: TreeEntry[]): Promise<{ sha: string }>
  commit(message: string, tree: { sha: string; parentSha?: string }): Promise<{ sha: string }>
  patchBranch(branch: string, sha: string): Promise<unknown>
}

export function gitHubHost(api: GitHubApiLike): SiteHost {
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
  }
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
