// Gitea and Forgejo (Forgejo keeps Gitea's API v1) as the editor reads and commits through them,
// over Decap's own Gitea `API` (node_modules/decap-cms-backend-gitea/src/API.ts: its `request`,
// with the login's token, and its `readFile`), typed by what is used of it:
// - the head: GET repos/{o}/{r}/branches/{b} (its commit's id);
// - the tree: GET repos/{o}/{r}/git/trees/{head}?recursive=true&page=N&per_page=M, which Gitea
//   pages (total_count, page; at most the instance's DEFAULT_GIT_TREES_PER_PAGE, 1,000 by
//   default, a page): the first page says how many entries there are, the others are read side
//   by side;
// - blobs by sha: Decap's readFile (GET git/blobs/{sha}, base64, kept by Decap's cache);
// - a save: ONE POST repos/{o}/{r}/contents (ChangeFiles: a commit of create, update and delete
//   operations). Each update and delete carries the blob sha it replaces, and a create fails on
//   a file that exists: Gitea refuses a file changed, created or removed since the listing with
//   422 ("sha does not match", "repository file already exists") or 404 (the file is gone), and
//   writes nothing. The API takes no parent commit (ChangeFilesOptions has no last commit id:
//   the FIXME in Gitea's routers/api/v1/repo/file.go), so the branch's head is compared with the
//   save's parent just before the POST. What remains: a commit of OTHER files landing between
//   that look and the POST is kept under ours (Gitea commits on the branch's head then), so the
//   save's check did not see those files as they are now; none of the save's own files can be
//   overwritten.
// The entry's history (hosts.ts `hostHistory`): a path's commits by GET commits?sha=<from or the
// branch>&path=&limit=&page=&stat=false&verification=false&files=false (the three flags leave
// out what Gitea would compute for each commit and the history does not read). With `path`, Gitea
// ignores `limit` (its swagger says so): a page is setting.Git.CommitsRangeSize commits (50 by
// default), and `X-Total-Count` the path's commits in all; a path no commit changed is 404, as
// is a repository it does not show, which one more request tells apart. A file's text at a
// commit by GET raw/{path}?ref= (its bytes as they are; 404: no file there).

import { mapLimited } from '../../lib/mapLimited.ts'
import {
  changesOf,
  type FileChange,
  failure,
  ListedFiles,
  utf8Base64,
  writtenTexts,
} from './gitFiles.ts'
import {
  cacheAt,
  encodePath,
  fromGitHubShape,
  type GitHubListedCommit,
  hostHistory,
  listingOf,
  type SiteHost,
  StaleHead,
} from './hosts.ts'
import type { TreeFile } from './repository.ts'

/** What is used of Decap's Gitea `API` (node_modules/decap-cms-backend-gitea/src/API.ts). */
export type GiteaApiLike = {
  repoURL: string
  branch: string
  request(
    path: string,
    options?: {
      method?: string
      body?: string
      params?: Record<string, string | number>
      cache?: RequestCache
    },
    /** Reads the response instead of Decap's parser; what it throws becomes an APIError with
     * the response's status. */
    parser?: (response: Response) => Promise<unknown>,
  ): Promise<unknown>
  readFile(path: string, sha?: string | null): Promise<string | Blob>
}

type GiteaTree = {
  tree: { path: string; type: string; sha: string }[] | null
  truncated: boolean
  page: number
  total_count: number
}

/** Gitea's default and largest page of a tree listing (setting.API.DefaultGitTreesPerPage). */
const TREE_PAGE = 1000

/** Gitea's largest page (setting.API.MaxResponseItems and Git.CommitsRangeSize, 50 by default). */
const COMMITS_PAGE = 50

/** A listing's page with the path's count of commits (`X-Total-Count`), when Gitea gives it. */
async function withTotal(response: Response) {
  const body: unknown = await response.json()
  // Decap's request makes it an APIError with the response's status and Gitea's message.
  if (!response.ok) throw body
  const total = Number(response.headers.get('X-Total-Count') ?? Number.NaN)
  return { list: body as GitHubListedCommit[], total }
}

export function giteaHost(api: GiteaApiLike, { perPage = TREE_PAGE } = {}): SiteHost {
  const listed = new ListedFiles()
  const head = async () =>
    (
      (await api.request(`${api.repoURL}/branches/${encodeURIComponent(api.branch)}`)) as {
        commit: { id: string }
      }
    ).commit.id
  const page = async (sha: string, n: number) =>
    (await api.request(`${api.repoURL}/git/trees/${sha}`, {
      params: { recursive: 'true', page: n, per_page: perPage },
    })) as GiteaTree
  /** Every entry of the commit's tree, recursively, all pages. */
  const tree = async (sha: string) => {
    const first = await page(sha, 1)
    const entries = [...(first.tree ?? [])]
    // The instance may give fewer entries a page than asked: the first page's count is the size.
    const size = entries.length
    const pages = size ? Math.ceil(first.total_count / size) : 1
    const rest = await mapLimited(
      Array.from({ length: pages - 1 }, (_, i) => i + 2),
      4,
      (n) => page(sha, n),
    )
    for (const p of rest) entries.push(...(p.tree ?? []))
    if (entries.length !== first.total_count)
      throw new Error(`Gitea listed ${entries.length} of ${first.total_count} tree entries`)
    return entries
  }
  const list = async (sha: string) => {
    const files: TreeFile[] = (await tree(sha))
      .filter((e) => e.type === 'blob' && /^(content|public)\//.test(e.path))
      .map((e) => ({ path: e.path, id: e.sha }))
    listed.remember(sha, files)
    return files
  }
  return {
    async list() {
      const at = await head()
      return listingOf(at, await list(at))
    },
    async readTexts(files, limit) {
      const texts = await mapLimited(files, limit, (f) => api.readFile(f.path, f.id))
      return new Map(files.map((f, i) => [f.id, texts[i] as string]))
    },
    async commit({ parent, files, assets, message }) {
      const known = listed.at(parent) ?? new Map((await list(parent)).map((f) => [f.path, f.id]))
      const changes = await changesOf(known, files, assets)
      if ((await head()) !== parent) throw new StaleHead(0)
      let made: { commit: { sha: string } }
      try {
        made = (await api.request(`${api.repoURL}/contents`, {
          method: 'POST',
          body: JSON.stringify({ branch: api.branch, message, files: changes.map(operation) }),
        })) as typeof made
      } catch (e) {
        if (refusedAsStale(e)) throw new StaleHead(failure(e).status ?? 0)
        throw e
      }
      return {
        head: made.commit.sha,
        version: made.commit.sha,
        written: await writtenTexts(changes),
      }
    },
    history: hostHistory((request) => ({
      async listPath(path, { from, perPage, page }) {
        request()
        const limit = Math.min(perPage, COMMITS_PAGE)
        let got: Awaited<ReturnType<typeof withTotal>>
        try {
          got = (await api.request(
            `${api.repoURL}/commits`,
            {
              params: {
                sha: from ?? api.branch,
                path,
                limit,
                page,
                stat: 'false',
                verification: 'false',
                files: 'false',
              },
            },
            withTotal,
          )) as typeof got
        } catch (e) {
          if (failure(e).status !== 404) throw e
          // No commit changed the path, or no repository: the repository's own answer says.
          request()
          await api.request(api.repoURL)
          return { commits: [], more: false }
        }
        const { list, total } = got
        return {
          commits: list.map(fromGitHubShape),
          // Every page but the last is full: `page` pages of this size reach the total, or more
          // follow.
          more: Number.isFinite(total) ? page * list.length < total : list.length >= limit,
        }
      },
      async textAt(ref, path) {
        request()
        return (await api.request(
          `${api.repoURL}/raw/${encodePath(path)}`,
          { params: { ref }, cache: cacheAt(ref) },
          async (response) => {
            if (response.status === 404) return null
            if (!response.ok) throw new Error(`Gitea: reading ${path} at ${ref} failed`)
            return response.text()
          },
        )) as string | null
      },
    })),
    // GET compare/{live}...{saved} (Gitea 1.22+): no commit of the save's the live one lacks.
    async compare(saved, live) {
      if (saved === live) return 'identical'
      try {
        const { total_commits } = (await api.request(
          `${api.repoURL}/compare/${live}...${saved}`,
        )) as { total_commits: number }
        // Gitea says only what the save has that the live site lacks: earlier, or on no line.
        return total_commits === 0 ? 'later' : 'earlier'
      } catch (e) {
        if (failure(e).status === 404) return 'unrelated'
        throw e
      }
    },
  }
}

/** ChangeFileOperation (Gitea's modules/structs/repo_file.go): content in base64. */
function operation(change: FileChange) {
  const { path, action, id } = change
  const content = change.base64 ?? (change.text === undefined ? undefined : utf8Base64(change.text))
  return {
    operation: action,
    path,
    ...(content === undefined ? {} : { content }),
    ...(id ? { sha: id } : {}),
  }
}

/** Gitea's answers to a file changed since the listing (handleChangeRepoFilesError). */
function refusedAsStale(e: unknown): boolean {
  const { status, message } = failure(e)
  if (status === 422) return /sha does not match|already exists/i.test(message)
  return status === 404 && /does not exist/i.test(message)
}
