// The endpoints of GitLab's REST API v4 that Decap's GitLab backend (decap-cms-backend-gitlab
// 3.6, src/, REST mode, simple publish mode) and the editor's own GitLab host (templates/admin/
// backend/gitLabHost.ts) call, answered from a real bare repository with GitLab's shapes and
// statuses. The project is named by its URL-encoded path (`transfo%2Fsite`), as Decap names it.
//
//   GET  /user                                        API.ts user
//   GET  /projects/:id                                API.ts hasWriteAccess (permissions)
//   GET  /projects/:id/repository/branches/:b         API.ts getBranch; gitLabHost: the head
//   GET  /projects/:id/repository/tree                API.ts listFiles, listAllFiles; gitLabHost:
//        ?path&ref&recursive&per_page&page            offset pages (20 by default, 100 at most),
//                                                     X-Page, X-Next-Page..., `Link` rel="next"
//   GET  /projects/:id/repository/blobs/:sha/raw      gitLabHost: a blob's bytes
//   GET  /projects/:id/repository/files/:path/raw     API.ts readFile (entries, media), ?ref
//   HEAD /projects/:id/repository/files/:path         API.ts isFileExists (its save's create or
//                                                     update), with GitLab's X-Gitlab-* headers
//   GET  /projects/:id/repository/commits             API.ts readFileMetadata; gitLabHost: the
//        ?ref_name&path&per_page&page                 commit that last changed a file, and the
//                                                     history's pages of a path's commits (20
//                                                     by default, 100 at most; X-Next-Page and
//                                                     `Link` rel="next" while more follow, no
//                                                     count, as GitLab pages commits)
//   GET  /projects/:id/repository/files/:path/raw     gitLabHost's history: a file at a commit
//        ?ref                                         (404 "File Not Found": none there)
//   POST /projects/:id/repository/commits             API.ts uploadAndCommit; gitLabHost: one
//                                                     commit of actions, on the branch's head,
//                                                     checked as GitLab's Files::MultiService and
//                                                     Files::BaseService#file_has_changed? check:
//                                                     `last_commit_id` of an update, move or
//                                                     delete whose file's last commit on the
//                                                     branch differs from its last commit as of
//                                                     that id is 400 "The file has changed since
//                                                     you started editing it: <path>"; a create
//                                                     over a file, 400 "A file with this name
//                                                     already exists"; an update or delete of a
//                                                     missing file, 400 "A file with this name
//                                                     doesn't exist": nothing is written.
//   GET  /projects/:id/repository/compare?from&to     gitLabHost.compare (is the site's build the
//                                                     save's commit or later? `commits`)
import type { CommitInfo } from './bareRepo.ts'
import {
  blobAt,
  commitAt,
  commitOnBranch,
  type HostReply,
  type HostRequest,
  type HostSite,
  json,
  lastCommitOf,
} from './hostSite.ts'

const message = (status: number, text: string) => json(status, { message: text })

export function gitLabUserJson(site: HostSite) {
  const { id, login, name, email } = site.user
  return { id, username: login, name, email, state: 'active', avatar_url: null, web_url: '' }
}

function projectJson(site: HostSite) {
  const name = site.fullName.split('/').pop() ?? ''
  return {
    id: 1,
    name,
    path: name,
    path_with_namespace: site.fullName,
    default_branch: site.defaultBranch,
    visibility: 'private',
    shared_with_groups: [],
    // Developer (30) may push; Reporter (20) may not (Decap's hasWriteAccess).
    permissions: { project_access: { access_level: site.push ? 30 : 20 }, group_access: null },
  }
}

function commitJson(c: CommitInfo) {
  return {
    id: c.sha,
    short_id: c.sha.slice(0, 8),
    created_at: c.committer.date,
    parent_ids: c.parents,
    title: c.message.split('\n')[0],
    message: c.message,
    author_name: c.author.name,
    author_email: c.author.email,
    authored_date: c.author.date,
    committer_name: c.committer.name,
    committer_email: c.committer.email,
    committed_date: c.committer.date,
  }
}

export async function gitLabRoute(site: HostSite, request: HostRequest): Promise<HostReply> {
  const { method, segments } = request
  if (method === 'GET' && segments.join('/') === 'user') return json(200, gitLabUserJson(site))
  const [projects, id, ...rest] = segments
  if (projects !== 'projects' || decodeURIComponent(id ?? '') !== site.fullName)
    return message(404, '404 Project Not Found')
  if (rest.length === 0) return method === 'GET' ? json(200, projectJson(site)) : notFound()
  if (rest[0] !== 'repository') return notFound()
  const [, what, ...tail] = rest
  const read = method === 'GET' || method === 'HEAD'
  if (read && what === 'branches' && tail.length === 1)
    return branch(site, decodeURIComponent(tail[0] as string))
  if (read && what === 'tree' && tail.length === 0) return tree(site, request)
  if (read && what === 'blobs' && tail.length === 2 && tail[1] === 'raw')
    return rawBlob(site, tail[0] as string)
  if (read && what === 'files' && tail.length >= 1) return file(site, request, tail)
  if (read && what === 'commits' && tail.length === 0) return commits(site, request.query)
  if (read && what === 'compare' && tail.length === 0) return compare(site, request.query)
  if (method === 'POST' && what === 'commits' && tail.length === 0) {
    if (!site.push) return message(403, '403 Forbidden')
    return site.serialise(() => createCommit(site, request.body))
  }
  return notFound()
}

const notFound = () => message(404, '404 Not Found')

async function branch(site: HostSite, name: string): Promise<HostReply> {
  const c = await commitAt(site, `refs/heads/${name}`)
  if (!c) return message(404, '404 Branch Not Found')
  return json(200, {
    name,
    commit: commitJson(c),
    merged: false,
    protected: false,
    default: name === site.defaultBranch,
    developers_can_push: true,
    developers_can_merge: true,
    can_push: site.push,
  })
}

/** Offset pagination as GitLab answers it: the page's headers and `Link` with absolute URLs. */
function paged<T>(site: HostSite, path: string, query: URLSearchParams, items: T[], largest = 100) {
  const perPage = Math.min(Math.max(Number(query.get('per_page')) || 20, 1), largest)
  const page = Math.max(Number(query.get('page')) || 1, 1)
  const pages = Math.max(Math.ceil(items.length / perPage), 1)
  const link = (n: number) => {
    const q = new URLSearchParams(query)
    q.set('page', String(n))
    q.set('per_page', String(perPage))
    return `${site.apiRoot}/${path}?${q}`
  }
  const links = [
    ...(page > 1 ? [`<${link(page - 1)}>; rel="prev"`] : []),
    ...(page < pages ? [`<${link(page + 1)}>; rel="next"`] : []),
    `<${link(1)}>; rel="first"`,
    `<${link(pages)}>; rel="last"`,
  ]
  return json(200, items.slice((page - 1) * perPage, page * perPage), {
    Link: links.join(', '),
    'X-Page': String(page),
    'X-Per-Page': String(perPage),
    'X-Next-Page': page < pages ? String(page + 1) : '',
    'X-Prev-Page': page > 1 ? String(page - 1) : '',
    'X-Total': String(items.length),
    'X-Total-Pages': String(pages),
  })
}

async function tree(site: HostSite, { segments, query }: HostRequest): Promise<HostReply> {
  const ref = query.get('ref') || site.defaultBranch
  const path = (query.get('path') ?? '').replace(/^\/+|\/+$/g, '')
  const sha = await site.git.resolve(path ? `${ref}:${path}` : `${ref}^{tree}`)
  if (!sha || (await site.git.objectType(sha)) !== 'tree') return message(404, '404 Tree Not Found')
  const recursive = query.get('recursive') === 'true'
  const entries = (await site.git.listTree(sha, recursive)).map((e) => {
    const full = path ? `${path}/${e.path}` : e.path
    return { id: e.sha, name: full.split('/').pop(), type: e.type, path: full, mode: e.mode }
  })
  return paged(site, segments.join('/'), query, entries)
}

async function rawBlob(site: HostSite, sha: string): Promise<HostReply> {
  if ((await site.git.objectType(sha)) !== 'blob') return message(404, '404 Blob Not Found')
  return {
    status: 200,
    raw: await site.git.readBlob(sha),
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  }
}

/** files/:path (HEAD: its X-Gitlab-* headers) and files/:path/raw (its bytes), at `ref`. */
async function file(site: HostSite, { method, query }: HostRequest, tail: string[]) {
  const raw = tail.length === 2 && tail[1] === 'raw'
  if (tail.length > (raw ? 2 : 1)) return notFound()
  const path = decodeURIComponent(tail[0] as string)
  const ref = query.get('ref')
  if (!ref) return message(400, '400 Bad request - ref is missing')
  const sha = await blobAt(site, ref, path)
  if (!sha) return message(404, '404 File Not Found')
  const bytes = await site.git.readBlob(sha)
  if (raw)
    return { status: 200, raw: bytes, headers: { 'Content-Type': 'text/plain; charset=utf-8' } }
  const headers = {
    'X-Gitlab-Blob-Id': sha,
    'X-Gitlab-Commit-Id': (await site.git.resolve(`${ref}^{commit}`)) ?? '',
    'X-Gitlab-Encoding': 'base64',
    'X-Gitlab-File-Name': path.split('/').pop() ?? '',
    'X-Gitlab-File-Path': path,
    'X-Gitlab-Last-Commit-Id': (await lastCommitOf(site, ref, path)) ?? '',
    'X-Gitlab-Ref': ref,
    'X-Gitlab-Size': String(bytes.length),
  }
  if (method === 'HEAD') return { status: 200, headers }
  return json(
    200,
    {
      file_name: headers['X-Gitlab-File-Name'],
      file_path: path,
      size: bytes.length,
      encoding: 'base64',
      content: bytes.toString('base64'),
      ref,
      blob_id: sha,
      commit_id: headers['X-Gitlab-Commit-Id'],
      last_commit_id: headers['X-Gitlab-Last-Commit-Id'],
    },
    headers,
  )
}

async function commits(site: HostSite, query: URLSearchParams): Promise<HostReply> {
  const rev = query.get('ref_name') || site.defaultBranch
  const start = await site.git.resolve(`${rev}^{commit}`)
  if (!start) return message(404, '404 Reference Not Found')
  const perPage = Math.min(Math.max(Number(query.get('per_page')) || 20, 1), 100)
  const page = Math.max(Number(query.get('page')) || 1, 1)
  const path = query.get('path') || undefined
  // One more than the page: whether a next page follows (GitLab pages commits without a count).
  const found = await site.git.log(start, { path, skip: (page - 1) * perPage, max: perPage + 1 })
  const more = found.length > perPage
  const link = (n: number, rel: string) => {
    const q = new URLSearchParams(query)
    q.set('page', String(n))
    q.set('per_page', String(perPage))
    return `<${site.apiRoot}/projects/${encodeURIComponent(site.fullName)}/repository/commits?${q}>; rel="${rel}"`
  }
  const links = [
    ...(page > 1 ? [link(page - 1, 'prev')] : []),
    ...(more ? [link(page + 1, 'next')] : []),
    link(1, 'first'),
  ]
  return json(200, found.slice(0, perPage).map(commitJson), {
    Link: links.join(', '),
    'X-Page': String(page),
    'X-Per-Page': String(perPage),
    'X-Next-Page': more ? String(page + 1) : '',
    'X-Prev-Page': page > 1 ? String(page - 1) : '',
  })
}

/**
 * GET repository/compare?from=&to=: the commits `to` has that `from` lacks (from the merge base,
 * GitLab's default `straight=false`), oldest first; a ref it cannot find is 404 "Ref Not Found"
 * (lib/api/repositories.rb, CompareService).
 */
async function compare(site: HostSite, query: URLSearchParams): Promise<HostReply> {
  const [from, to] = await Promise.all(
    [query.get('from'), query.get('to')].map((rev) =>
      rev ? site.git.resolve(`${rev}^{commit}`) : undefined,
    ),
  )
  if (!from || !to) return message(404, '404 Ref Not Found')
  const found = from === to ? [] : await site.git.log(`${from}..${to}`, {})
  const head = await commitAt(site, to)
  return json(200, {
    commit: head ? commitJson(head) : null,
    commits: found.reverse().map(commitJson),
    diffs: [],
    compare_timeout: false,
    compare_same_ref: from === to,
  })
}

type Action = {
  action?: unknown
  file_path?: unknown
  previous_path?: unknown
  content?: unknown
  encoding?: unknown
  last_commit_id?: unknown
}

const UPDATE_FILE_ACTIONS = new Set(['update', 'move', 'delete'])

/** POST repository/commits: every action checked on the branch's head, then one commit, or none. */
async function createCommit(site: HostSite, body: Record<string, unknown>): Promise<HostReply> {
  const branchName = body.branch
  if (typeof branchName !== 'string' || !branchName) return message(400, 'branch is missing')
  if (typeof body.commit_message !== 'string') return message(400, 'commit_message is missing')
  if (!Array.isArray(body.actions) || body.actions.length === 0)
    return message(400, 'actions is missing')
  const head = await site.git.resolve(`refs/heads/${branchName}`)
  if (!head) return message(400, 'You can only create or edit files when you are on a branch')
  const actions = body.actions as Action[]
  // Files::MultiService#validate!: each action known, each guarded file unchanged.
  for (const a of actions) {
    if (typeof a.action !== 'string' || !['create', 'update', 'move', 'delete'].includes(a.action))
      return message(400, `Unknown action '${String(a.action)}'`)
    if (typeof a.file_path !== 'string' || !a.file_path) return message(400, 'file_path is missing')
    if (UPDATE_FILE_ACTIONS.has(a.action) && typeof a.last_commit_id === 'string') {
      const path = typeof a.previous_path === 'string' ? a.previous_path : a.file_path
      const onBranch = await lastCommitOf(site, head, path)
      const atGiven = (await site.git.resolve(`${a.last_commit_id}^{commit}`))
        ? await lastCommitOf(site, a.last_commit_id, path)
        : undefined
      if (onBranch && atGiven && onBranch !== atGiven)
        return message(400, `The file has changed since you started editing it: ${path}`)
    }
  }
  const entries: { path: string; sha: string | null }[] = []
  for (const a of actions) {
    const path = a.file_path as string
    const exists = Boolean(await blobAt(site, head, path))
    if (a.action === 'create' && exists) return message(400, 'A file with this name already exists')
    if ((a.action === 'update' || a.action === 'delete') && !exists)
      return message(400, "A file with this name doesn't exist")
    if (a.action === 'move') return message(400, 'The stand-in does not serve move actions')
    if (a.action === 'delete') entries.push({ path, sha: null })
    else {
      if (typeof a.content !== 'string') return message(400, 'content is missing')
      const bytes = Buffer.from(a.content, a.encoding === 'base64' ? 'base64' : 'utf8')
      entries.push({ path, sha: await site.git.writeBlob(bytes) })
    }
  }
  const author =
    typeof body.author_name === 'string' && typeof body.author_email === 'string'
      ? { name: body.author_name, email: body.author_email }
      : undefined
  const sha = await commitOnBranch(site, branchName, head, entries, body.commit_message, author)
  return json(201, commitJson((await commitAt(site, sha)) as CommitInfo))
}
