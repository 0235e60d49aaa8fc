// GitLab as the editor reads and commits through it, over Decap's own GitLab `API`
// (node_modules/decap-cms-backend-gitlab/src/API.ts: its `request`, `requestJSON` and
// `requestText`, with the login's token, refreshed by Decap when PKCE's expires), typed by what
// is used of it:
// - the head: GET projects/:id/repository/branches/:b (its commit's id);
// - the tree: GET projects/:id/repository/tree?path=content|public&recursive=true&ref=<head>
//   &per_page=100, the two folders side by side, each page's `Link: rel="next"` followed (GitLab
//   pages every tree listing, 100 entries at most a page);
// - blobs by sha: GET projects/:id/repository/blobs/:sha/raw (a blob never changes: cached);
// - a save: ONE POST projects/:id/repository/commits with its actions (create, update, delete).
// GitLab's commit takes no parent: it is made on the branch's head at that moment, and
// `force` would replace the branch, others' commits included. The guards, then: each update and
// delete carries `last_commit_id`, the commit that last changed that file as of the save's
// parent (GET repository/commits?ref_name=<parent>&path=<file>&per_page=1); GitLab compares it
// with the file's last commit on the branch and refuses a file changed since with 400 "The file
// has changed since you started editing it", as it refuses a create over a file that exists
// ("A file with this name already exists") and an update of one that is gone ("... doesn't
// exist"), writing nothing. And the branch's head is compared with the parent just before the
// POST. What remains: a commit of OTHER files landing between that look and the POST is kept
// under ours, so the save's check did not see those files as they are now; none of the save's
// own files can be overwritten.
// The entry's history (hosts.ts `hostHistory`): a path's commits by GET repository/commits
// ?ref_name=<from or the branch>&path=&per_page=&page= (one path a request; author, dates and
// `parent_ids` in each), a file's text at a commit by GET repository/files/:path/raw?ref= (its
// bytes as they are; 404: no file there).

import { mapLimited } from '../../lib/mapLimited.ts'
import { changesOf, type FileChange, failure, ListedFiles, writtenTexts } from './gitFiles.ts'
import { cacheAt, firstLine, hostHistory, listingOf, type SiteHost, StaleHead } from './hosts.ts'
import type { TreeFile } from './repository.ts'

type Params = Record<string, string | number | boolean>
type GitLabRequest =
  | string
  | {
      url: string
      params?: Params
      method?: string
      headers?: Record<string, string>
      body?: string
      cache?: RequestCache
    }

/** What is used of Decap's GitLab `API` (node_modules/decap-cms-backend-gitlab/src/API.ts). */
export type GitLabApiLike = {
  /** `/projects/<the project's path, URL-encoded>`. */
  repoURL: string
  branch: string
  /** The response as it comes (any status). */
  request(req: GitLabRequest): Promise<Response>
  /** The JSON body; an APIError (status, GitLab's message) for a failed status. */
  requestJSON(req: GitLabRequest): Promise<unknown>
  requestText(req: GitLabRequest): Promise<string>
}

type TreeEntry = { id: string; type: string; path: string }

/** A commit as GitLab's "List repository commits" gives it (what is read of it). */
type GitLabListedCommit = {
  id: string
  parent_ids: string[]
  author_name: string
  authored_date: string
  committed_date: string
  message: string
}

/** GitLab's largest page of a listing. */
const GITLAB_PAGE = 100

export function gitLabHost(api: GitLabApiLike): SiteHost {
  const listed = new ListedFiles()
  const repo = (path: string) => `${api.repoURL}/repository/${path}`
  const head = async () =>
    (
      (await api.requestJSON(repo(`branches/${encodeURIComponent(api.branch)}`))) as {
        commit: { id: string }
      }
    ).commit.id
  /** A folder's files at `ref`, every page; none when the folder is not there. */
  const folder = async (path: string, ref: string): Promise<TreeFile[]> => {
    const files: TreeFile[] = []
    let next: GitLabRequest | undefined = {
      url: repo('tree'),
      params: { path, ref, recursive: true, per_page: 100 },
    }
    while (next) {
      const response = await api.request(next)
      if (response.status === 404) return []
      if (!response.ok) throw new Error(`GitLab: listing ${path} failed (${response.status})`)
      for (const e of (await response.json()) as TreeEntry[])
        if (e.type === 'blob') files.push({ path: e.path, id: e.id })
      next = nextPage(response.headers)
    }
    return files
  }
  const list = async (ref: string) => {
    const files = (await Promise.all(['content', 'public'].map((f) => folder(f, ref)))).flat()
    listed.remember(ref, files)
    return files
  }
  /** The commit that last changed `path` as of `ref`. */
  const lastCommit = async (path: string, ref: string) => {
    const commits = (await api.requestJSON({
      url: repo('commits'),
      params: { ref_name: ref, path, per_page: 1 },
    })) as { id: string }[]
    const id = commits[0]?.id
    if (!id) throw new Error(`GitLab: no commit of ${path} at ${ref}`)
    return id
  }
  return {
    async list() {
      const at = await head()
      return listingOf(at, await list(at))
    },
    async readTexts(files, limit) {
      const texts = await mapLimited(files, limit, (f) =>
        api.requestText({ url: repo(`blobs/${f.id}/raw`), cache: 'force-cache' }),
      )
      return new Map(files.map((f, i) => [f.id, texts[i] as string]))
    },
    async commit({ parent, files, assets, message }) {
      const known = listed.at(parent) ?? new Map((await list(parent)).map((f) => [f.path, f.id]))
      const changes = await changesOf(known, files, assets)
      const [now, lastCommits] = await Promise.all([
        head(),
        Promise.all(
          changes.map((c) => (c.action === 'create' ? undefined : lastCommit(c.path, parent))),
        ),
      ])
      if (now !== parent) throw new StaleHead(0)
      let made: { id: string }
      try {
        made = (await api.requestJSON({
          url: repo('commits'),
          method: 'POST',
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
          body: JSON.stringify({
            branch: api.branch,
            commit_message: message,
            actions: changes.map((c, i) => action(c, lastCommits[i])),
          }),
        })) as typeof made
      } catch (e) {
        if (refusedAsStale(e)) throw new StaleHead(failure(e).status ?? 0)
        throw e
      }
      return { head: made.id, version: made.id, written: await writtenTexts(changes) }
    },
    history: hostHistory((request) => ({
      async listPath(path, { from, perPage, page }) {
        request()
        const per_page = Math.min(perPage, GITLAB_PAGE)
        const list = (await api.requestJSON({
          url: repo('commits'),
          params: { ref_name: from ?? api.branch, path, per_page, page },
        })) as GitLabListedCommit[]
        return {
          commits: list.map((c) => ({
            id: c.id,
            parent: c.parent_ids[0] ?? null,
            parents: c.parent_ids.length,
            date: c.authored_date,
            author: c.author_name,
            message: firstLine(c.message),
            committed: Date.parse(c.committed_date),
          })),
          more: list.length >= per_page,
        }
      },
      async textAt(ref, path) {
        request()
        const response = await api.request({
          url: repo(`files/${encodeURIComponent(path)}/raw`),
          params: { ref },
          cache: cacheAt(ref),
        })
        if (response.status === 404) return null
        if (!response.ok)
          throw Object.assign(new Error(`GitLab: reading ${path} at ${ref} failed`), {
            status: response.status,
          })
        return response.text()
      },
    })),
    // GET repository/compare?from={live}&to={saved}: no commit of the save's the live one lacks.
    async compare(saved, live) {
      if (saved === live) return 'identical'
      try {
        const { commits } = (await api.requestJSON({
          url: repo('compare'),
          params: { from: live, to: saved },
        })) as { commits: unknown[] }
        return commits.length === 0 ? 'later' : 'earlier'
      } catch (e) {
        if (failure(e).status === 404) return 'unrelated'
        throw e
      }
    },
  }
}

/** A commit action (GitLab's "Create a commit with multiple files and actions"). */
function action(change: FileChange, lastCommitId: string | undefined) {
  const { path, action } = change
  return {
    action,
    file_path: path,
    ...(change.base64 !== undefined
      ? { content: change.base64, encoding: 'base64' }
      : change.text !== undefined
        ? { content: change.text, encoding: 'text' }
        : {}),
    ...(lastCommitId ? { last_commit_id: lastCommitId } : {}),
  }
}

/** GitLab's 400 answers to a file changed, created or removed since the listing. */
function refusedAsStale(e: unknown): boolean {
  const { status, message } = failure(e)
  return (
    status === 400 &&
    /has changed since you started editing it|file with this name (already exists|doesn't exist)/i.test(
      message,
    )
  )
}

/** The next page's address: the `Link` header's rel="next" (GitLab gives it in both paginations). */
function nextPage(headers: Headers): string | undefined {
  for (const part of (headers.get('Link') ?? '').split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="next"/.exec(part)
    if (match) return match[1]
  }
  return undefined
}
