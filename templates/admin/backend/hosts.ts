// The git hosts the editor reads and commits through, over Decap's own API objects (typed here
// by what is used of them, so this module imports nothing of Decap and runs in Node's tests):
// - GitHub (decap-cms-backend-github's `API`): the branch (GET branches/{b}: its head commit and
//   tree), the whole tree in one recursive call (GET git/trees/{tree}?recursive=1), blobs by sha
//   through the class's readFile (GET git/blobs/{sha}); a save is the class's own steps of
//   persistFiles (a blob per file, a tree on the base, a commit, the ref moved without force),
//   but on the commit the form was read at rather than the branch's head at save time, so
//   GitHub's fast-forward rule refuses a stale save (422 "Update is not a fast forward").
// - The dev server (decap-cms-backend-proxy's `ProxyBackend`, its `request`): Decap's proxy
//   protocol plus a listing action, `listTree`, and a persistEntry of N files, all or nothing,
//   refused when the tree moved (see the shapes below, which the dev endpoint is to answer).
import {
  type GitHost,
  isContentYaml,
  type Listing,
  mapLimited,
  type TreeFile,
} from './repository.ts'

/** A file sent with the entry, at the path it is committed at. */
export type AssetLike = { path: string; toBase64(): Promise<string> }

export type CommitRequest = {
  /** The head the save was planned on: the commit is made on it, or refused. */
  parent: string
  files: ReadonlyMap<string, string | null>
  assets: readonly AssetLike[]
  message: string
}

export type CommitResult = {
  head: string
  /** The texts written, by the id the host gave them (a later read need not fetch them). */
  written: Map<string, string>
}

/** The branch moved since the snapshot the save was planned on: nothing was written. */
export class StaleHead extends Error {
  constructor(readonly status: number) {
    super('The branch moved since the entry was read')
  }
}

export type SiteHost = GitHost & { commit(request: CommitRequest): Promise<CommitResult> }

const trimSlash = (path: string) => path.replace(/^\/+/, '')
const inSite = (path: string) => path.startsWith('public/')

// --- GitHub -----------------------------------------------------------------------------------

type GitHubTree = {
  sha: string
  truncated: boolean
  tree: { path: string; type: string; sha: string }[]
}

type Blob = { path: string; sha?: string | null; raw?: string; toBase64?: () => Promise<string> }

/** What is used of Decap's GitHub `API` (node_modules/decap-cms-backend-github/src/API.ts). */
export type GitHubApiLike = {
  repoURL: string
  branch: string
  request(path: string, options?: { params?: Record<string, string | number> }): Promise<unknown>
  getDefaultBranch(): Promise<{ commit: { sha: string; commit: { tree: { sha: string } } } }>
  readFile(path: string, sha?: string | null): Promise<string | globalThis.Blob>
  uploadBlob(item: Blob): Promise<Blob>
  updateTree(
    baseSha: string,
    files: { path: string; sha: string | null }[],
  ): Promise<{ sha: string; parentSha: string }>
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
          throw new Error('The repository is too large to be listed by the editor')
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
      const texts: Blob[] = []
      const removed: string[] = []
      for (const [path, text] of files)
        if (text === null) removed.push(path)
        else texts.push({ path, raw: text })
      const blobs: Blob[] = [
        ...assets.map((a) => ({ path: trimSlash(a.path), toBase64: a.toBase64 })),
        ...texts,
      ]
      // uploadBlob sets each item's sha (API.ts uploadBlob).
      await Promise.all(blobs.map((b) => api.uploadBlob(b)))
      const changeTree = await api.updateTree(parent, [
        ...blobs.map((b) => ({ path: b.path, sha: b.sha as string })),
        ...removed.map((path) => ({ path, sha: null })),
      ])
      const made = await api.commit(message, changeTree)
      try {
        await api.patchBranch(api.branch, made.sha)
      } catch (e) {
        // GitHub's answer to a ref moved by a commit that does not descend from its head.
        const { status, message } = e as { status?: number; message?: string }
        if (status === 422 && /fast forward/i.test(message ?? '')) throw new StaleHead(status)
        throw e
      }
      return {
        head: made.sha,
        written: new Map(texts.map((t) => [t.sha as string, t.raw as string])),
      }
    },
  }
}

function listingOf(head: string, files: TreeFile[]): Listing {
  return {
    head,
    content: files.filter((f) => isContentYaml(f.path)),
    public: files.filter((f) => inSite(f.path)).map((f) => f.path),
  }
}

// --- The dev server (Decap's proxy protocol) ----------------------------------------------------

/** What is used of Decap's ProxyBackend (node_modules/decap-cms-backend-proxy/src). */
export type ProxyLike = {
  request(payload: { action: string; params: Record<string, unknown> }): Promise<unknown>
}

/**
 * `listTree`, asked of the dev endpoint:
 *   { action: 'listTree', params: { folders: ['content', 'public'] } }
 *   -> 200 { head, files: [{ path, id? }] }
 * every file under the folders, paths from the root; `id` a hash of the bytes for the YAML files
 * under content/ (the id `entriesByFiles` gives the same file), none under public/ (names only,
 * nothing read); `head` a hash of the listing (every path and id, the names under public/), which
 * any change of a listed file changes.
 */
export type ProxyListing = { head: string; files: { path: string; id?: string }[] }

/** A file of `entriesByFiles`'s answer (decap-server's local_fs): the text and its id. */
type ProxyEntry = { data: string | null; file: { path: string; id: string | null } }

export function proxyHost(backend: ProxyLike): SiteHost {
  return {
    async list() {
      const listing = (await backend.request({
        action: 'listTree',
        params: { folders: ['content', 'public'] },
      })) as ProxyListing
      return listingOf(
        listing.head,
        listing.files.map((f) => ({ path: f.path, id: f.id ?? '' })),
      )
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
    /**
     * persistEntry of every file of the save, all or nothing:
     *   { action: 'persistEntry', params: { dataFiles: [{ path, raw, slug }], assets:
     *     [{ path, content, encoding: 'base64' }], removed: [path], head, options:
     *     { commitMessage } } }
     *   -> 200 { head }: the listing's head after the write
     *   -> 409 { error }: the tree's head is not `head` (a file changed since): nothing written
     */
    async commit({ parent, files, assets, message }) {
      const dataFiles: { path: string; raw: string; slug: string }[] = []
      const removed: string[] = []
      for (const [path, text] of files)
        if (text === null) removed.push(path)
        else dataFiles.push({ path, raw: text, slug: '' })
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
            assets: encoded,
            removed,
            head: parent,
            options: { commitMessage: message },
          },
        })) as { head?: string }
        return { head: answer.head ?? '', written: new Map() }
      } catch (e) {
        if ((e as { status?: number }).status === 409) throw new StaleHead(409)
        throw e
      }
    },
  }
}
