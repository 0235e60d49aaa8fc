// The endpoints of Gitea's API v1 (Forgejo keeps them) that Decap's Gitea backend
// (decap-cms-backend-gitea 3.5, src/) and the editor's own Gitea host (templates/admin/backend/
// giteaHost.ts) call, answered from a real bare repository with Gitea's shapes and statuses:
//
//   GET  /user                                  implementation.tsx currentUser, API.ts user
//   GET  /repos/{o}/{r}                         API.ts hasWriteAccess (permissions.push)
//   GET  /repos/{o}/{r}/branches/{b}            giteaHost: the head (commit.id)
//   GET  /repos/{o}/{r}/git/trees/{sha}         API.ts listFiles and getFileSha (`{b}:{folder}`),
//        ?recursive&page&per_page               giteaHost (the head's commit, recursive, paged:
//                                               total_count, page, truncated as Gitea's
//                                               services/repository/files/tree.go makes them)
//   GET  /repos/{o}/{r}/git/blobs/{sha}         API.ts fetchBlobContent (base64)
//   GET  /repos/{o}/{r}/commits?path&sha        API.ts readFileMetadata (result[0].commit.author);
//        &limit&page                            giteaHost's history (a path's commits, page by
//                                               page): as routers/api/v1/repo/commits.go
//                                               GetAllCommits answers, `limit` ignored with
//                                               `path` (a page of Git.CommitsRangeSize, 50), 404
//                                               for a path no commit changed, the counts in
//                                               X-Total-Count, X-HasMore... (stat, verification
//                                               and files, which the stand-in never computes,
//                                               are left out whatever they ask)
//   GET  /repos/{o}/{r}/raw/{path}?ref          giteaHost's history: a file's bytes at a commit
//                                               (404: no such file there)
//   GET  /repos/{o}/{r}/compare/{base}...{head}  giteaHost.compare (is the site's build the
//                                               save's commit or later? total_commits)
//   POST /repos/{o}/{r}/contents                API.ts changeFiles, giteaHost's commit:
//                                               ChangeFiles, one commit of create, update and
//                                               delete operations, checked as Gitea's
//                                               services/repository/files/update.go checks them:
//                                               an update or delete without the file (404 "object
//                                               does not exist"), with another sha (422 "sha does
//                                               not match"), without a sha (422), a create over a
//                                               file (422 "repository file already exists"):
//                                               nothing is written.
import { type CommitInfo, SHA } from './bareRepo.ts'
import {
  blobAt,
  commitAt,
  commitOnBranch,
  type HostReply,
  type HostRequest,
  type HostSite,
  json,
} from './hostSite.ts'

/** Gitea's default (and largest) page of a tree listing: setting.API.DefaultGitTreesPerPage. */
export const GITEA_TREE_PAGE = 1000

/** Gitea's page of a path's commits (setting.Git.CommitsRangeSize), and its largest page of any
 * listing (setting.API.MaxResponseItems); the default page (DefaultPagingNum). */
const COMMITS_RANGE = 50
const MAX_ITEMS = 50
const DEFAULT_PAGE = 30

/** Gitea's error body (context.APIError): the message and its swagger address. */
const error = (site: HostSite, status: number, message: string): HostReply =>
  json(status, { message, url: `${site.apiRoot}/swagger` })
const notFound = (site: HostSite) =>
  json(404, {
    errors: [],
    message: "The target couldn't be found.",
    url: `${site.apiRoot}/swagger`,
  })

export function giteaUserJson(site: HostSite) {
  const { id, login, name, email } = site.user
  return { id, login, login_name: '', full_name: name, email, avatar_url: '', is_admin: false }
}

function repoJson(site: HostSite) {
  const [owner = '', name = ''] = site.fullName.split('/')
  return {
    id: 1,
    owner: { id: 2, login: owner, full_name: '', email: '', avatar_url: '' },
    name,
    full_name: site.fullName,
    private: true,
    default_branch: site.defaultBranch,
    permissions: { admin: false, push: site.push, pull: true },
  }
}

const person = (p: CommitInfo['author']) => ({ name: p.name, email: p.email, date: p.date })

function commitJson(site: HostSite, c: CommitInfo) {
  const url = `${site.apiRoot}/repos/${site.fullName}/git/commits/${c.sha}`
  return {
    sha: c.sha,
    url,
    commit: {
      url,
      author: person(c.author),
      committer: person(c.committer),
      message: c.message,
      tree: { sha: c.tree, url: `${site.apiRoot}/repos/${site.fullName}/git/trees/${c.tree}` },
    },
    parents: c.parents.map((p) => ({ sha: p })),
  }
}

type Options = { treePage: number }

export async function giteaRoute(
  site: HostSite,
  { method, segments, query, body }: HostRequest,
  options: Options,
): Promise<HostReply> {
  if (method === 'GET' && segments.join('/') === 'user') return json(200, giteaUserJson(site))
  const [repos, owner, name, ...rest] = segments
  if (repos !== 'repos' || `${owner}/${name}`.toLowerCase() !== site.fullName.toLowerCase())
    return notFound(site)
  const tail = rest.join('/')
  if (method === 'GET') {
    if (tail === '') return json(200, repoJson(site))
    if (rest[0] === 'branches' && rest.length === 2)
      return branch(site, decodeURIComponent(rest[1] as string))
    if (rest[0] === 'git' && rest[1] === 'trees' && rest.length === 3)
      return tree(site, decodeURIComponent(rest[2] as string), query, options.treePage)
    if (rest[0] === 'git' && rest[1] === 'blobs' && rest.length === 3)
      return blob(site, rest[2] as string)
    if (tail === 'commits') return commits(site, query)
    if (rest[0] === 'raw' && rest.length > 1)
      return raw(site, rest.slice(1).map(decodeURIComponent).join('/'), query)
    if (rest[0] === 'compare' && rest.length === 2)
      return compare(site, decodeURIComponent(rest[1] as string))
  }
  if (method === 'POST' && tail === 'contents') {
    if (!site.push)
      return error(site, 403, 'user should have a permission to write to the target branch')
    return site.serialise(() => changeFiles(site, body))
  }
  return notFound(site)
}

async function branch(site: HostSite, name: string): Promise<HostReply> {
  const c = await commitAt(site, `refs/heads/${name}`)
  if (!c) return error(site, 404, `branch does not exist [name: ${name}]`)
  return json(200, {
    name,
    commit: {
      id: c.sha,
      message: c.message,
      url: `${site.apiRoot}/repos/${site.fullName}/git/commits/${c.sha}`,
      author: { name: c.author.name, email: c.author.email, username: '' },
      committer: { name: c.committer.name, email: c.committer.email, username: '' },
      timestamp: c.committer.date,
    },
    protected: false,
    user_can_push: site.push,
    user_can_merge: site.push,
  })
}

/** A tree by a commit, a tree, a branch or `<rev>:<folder>` (Decap's getFileSha), paged. */
async function tree(site: HostSite, spec: string, query: URLSearchParams, largest: number) {
  const sha = await site.git.resolve(spec)
  const type = sha && (await site.git.objectType(sha))
  const treeSha =
    type === 'commit' ? await site.git.resolve(`${sha}^{tree}`) : type === 'tree' && sha
  if (!sha || !treeSha) return error(site, 400, `sha not found [${spec}]`)
  const recursive = ['1', 'true'].includes(query.get('recursive') ?? '')
  const entries = await site.git.listTree(treeSha, recursive)
  const asked = Number(query.get('per_page'))
  const perPage = asked > 0 && asked <= largest ? asked : largest
  const page = Math.max(Number(query.get('page')) || 1, 1)
  const start = perPage * (page - 1)
  const end = Math.min(start + perPage, entries.length)
  const base = `${site.apiRoot}/repos/${site.fullName}/git`
  return json(200, {
    sha,
    url: `${base}/trees/${sha}`,
    tree:
      start >= entries.length
        ? null
        : entries.slice(start, end).map((e) => ({
            path: e.path,
            mode: e.mode,
            type: e.type,
            size: e.size ?? 0,
            sha: e.sha,
            url: `${base}/${e.type === 'tree' ? 'trees' : 'blobs'}/${e.sha}`,
          })),
    truncated: start < entries.length && end < entries.length,
    page,
    total_count: entries.length,
  })
}

async function blob(site: HostSite, sha: string): Promise<HostReply> {
  if (!SHA.test(sha) || (await site.git.objectType(sha)) !== 'blob') return notFound(site)
  const bytes = await site.git.readBlob(sha)
  return json(200, {
    content: bytes.toString('base64'),
    encoding: 'base64',
    url: `${site.apiRoot}/repos/${site.fullName}/git/blobs/${sha}`,
    sha,
    size: bytes.length,
  })
}

async function commits(site: HostSite, query: URLSearchParams): Promise<HostReply> {
  const rev = query.get('sha') || site.defaultBranch
  const start = await site.git.resolve(`${rev}^{commit}`)
  if (!start) return notFound(site)
  const limit = Math.min(Math.max(Number(query.get('limit')) || DEFAULT_PAGE, 1), MAX_ITEMS)
  const page = Math.max(Number(query.get('page')) || 1, 1)
  const path = query.get('path') || undefined
  const counted = await site.git.run(['rev-list', '--count', start, '--', ...(path ? [path] : [])])
  const total = Number(counted.toString().trim())
  // A path no commit changed is "not found" (GetAllCommits: FileCommitsCount is 0).
  if (path && total === 0) return notFound(site)
  // CommitsByFileAndRange pages by Git.CommitsRangeSize, whatever `limit` asks.
  const size = path ? COMMITS_RANGE : Math.min(limit, COMMITS_RANGE)
  const found = await site.git.log(start, { path, skip: (page - 1) * size, max: size })
  // The headers GetAllCommits sets, from `limit` (capped) even with a path, as Gitea does.
  const perPage = Math.min(limit, COMMITS_RANGE)
  const pages = Math.ceil(total / perPage)
  const link = (n: number, rel: string) => {
    const q = new URLSearchParams(query)
    q.set('page', String(n))
    return `<${site.apiRoot}/repos/${site.fullName}/commits?${q}>; rel="${rel}"`
  }
  const links = [
    ...(page < pages ? [link(page + 1, 'next'), link(pages, 'last')] : []),
    ...(page > 1 ? [link(1, 'first'), link(page - 1, 'prev')] : []),
  ]
  return json(
    200,
    found.map((c) => commitJson(site, c)),
    {
      ...(links.length ? { Link: links.join(',') } : {}),
      'X-Total-Count': String(total),
      'X-Page': String(page),
      'X-PerPage': String(perPage),
      'X-Total': String(total),
      'X-PageCount': String(pages),
      'X-HasMore': String(page < pages),
      'Access-Control-Expose-Headers':
        'Link, X-Total-Count, X-Page, X-PerPage, X-Total, X-PageCount, X-HasMore',
    },
  )
}

/** GET raw/{path}?ref=: the file's bytes at `ref` (default the branch), as GetRawFile serves them. */
async function raw(site: HostSite, path: string, query: URLSearchParams): Promise<HostReply> {
  const sha = await blobAt(site, query.get('ref') || site.defaultBranch, path)
  if (!sha) return notFound(site)
  return {
    status: 200,
    raw: await site.git.readBlob(sha),
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  }
}

/**
 * GET compare/{base}...{head}: the commits `head` has that `base` lacks, oldest first, and their
 * number (`total_commits`), as Gitea's routers/api/v1/repo/compare.go answers (Gitea 1.22+).
 */
async function compare(site: HostSite, basehead: string): Promise<HostReply> {
  const parts = /^(.+?)\.\.\.(.+)$/.exec(basehead)
  const [base, head] = await Promise.all(
    [parts?.[1], parts?.[2]].map((rev) => (rev ? site.git.resolve(`${rev}^{commit}`) : undefined)),
  )
  if (!base || !head) return notFound(site)
  const found = base === head ? [] : await site.git.log(`${base}..${head}`, {})
  return json(200, {
    total_commits: found.length,
    commits: found.reverse().map((c) => commitJson(site, c)),
  })
}

type Operation = {
  operation?: unknown
  path?: unknown
  content?: unknown
  sha?: unknown
  from_path?: unknown
}

/** ChangeFiles: every operation checked on the branch's head, then one commit, or nothing. */
async function changeFiles(site: HostSite, body: Record<string, unknown>): Promise<HostReply> {
  const branchName =
    typeof body.branch === 'string' && body.branch ? body.branch : site.defaultBranch
  const head = await site.git.resolve(`refs/heads/${branchName}`)
  if (!head) return error(site, 404, `branch does not exist [name: ${branchName}]`)
  if (!Array.isArray(body.files) || typeof body.message !== 'string')
    return error(site, 422, 'files and message are required')
  const entries: { path: string; sha: string | null }[] = []
  for (const file of body.files as Operation[]) {
    const { operation, path, content, sha } = file
    if (typeof path !== 'string' || !path || path.startsWith('/') || path.split('/').includes('..'))
      return error(site, 422, `path contains a malformed path component [path: ${String(path)}]`)
    const current = await blobAt(site, head, path)
    if (operation === 'update' || operation === 'delete') {
      if (!current) return error(site, 404, `object does not exist [id: , rel_path: ${path}]`)
      if (typeof sha !== 'string' || !sha)
        return error(site, 422, 'a SHA or commit ID must be proved when updating a file')
      if (sha !== current)
        return error(site, 422, `sha does not match [given: ${sha}, expected: ${current}]`)
    } else if (operation === 'create') {
      if (current) return error(site, 422, `repository file already exists [path: ${path}]`)
    } else
      return error(
        site,
        422,
        `invalid file operation: ${String(operation)} ${path}, supported operations are create, update, delete`,
      )
    if (operation === 'delete') entries.push({ path, sha: null })
    else {
      if (typeof content !== 'string')
        return error(site, 422, 'illegal base64 data at input byte 0')
      entries.push({ path, sha: await site.git.writeBlob(Buffer.from(content, 'base64')) })
    }
  }
  const sha = await commitOnBranch(site, branchName, head, entries, body.message)
  const made = (await commitAt(site, sha)) as CommitInfo
  return json(201, {
    files: entries.map((e) =>
      e.sha === null
        ? null
        : { name: e.path.split('/').pop(), path: e.path, sha: e.sha, type: 'file' },
    ),
    commit: {
      sha,
      url: `${site.apiRoot}/repos/${site.fullName}/git/commits/${sha}`,
      author: person(made.author),
      committer: person(made.committer),
      message: made.message,
      tree: { sha: made.tree },
      parents: made.parents.map((p) => ({ sha: p })),
    },
    verification: {
      verified: false,
      reason: 'gpg.error.not_signed_commit',
      signature: '',
      payload: '',
    },
  })
}
