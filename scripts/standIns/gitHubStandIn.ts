// A stand-in of GitHub's REST API (v3) on loopback, serving a real bare git repository, for the
// tests of the published editor (Decap's real GitHub backend, `api_root` pointed here) and the
// bench: offline, and every save a real commit (`git log` on `repoDir` is the truth). It answers
// exactly what decap-cms-backend-github 3.8.3 calls in its default REST mode (`use_graphql`
// off) and "simple" publish mode; lines of node_modules/decap-cms-backend-github/src/:
//
// log in (implementation.tsx:334 authenticate, from restoreUser:186 with the stored user)
//   GET   /user                                  implementation.tsx:221 currentUser (API.ts:284 user)
//   GET   /repos/{o}/{r}                         API.ts:297 hasWriteAccess (permissions.push);
//                                                implementation.tsx:339 default_branch, when the
//                                                config names no branch
// read entries, folders and media
//   GET   /repos/{o}/{r}/git/trees/{b}:{folder}  API.ts:742 listFiles (`?recursive=1` when depth > 1:
//                                                entriesByFolder, allEntriesByFolder, getMedia,
//                                                implementation.tsx:444/473/516);
//                                                API.ts:985 getFileSha (folder URL-encoded), for
//                                                readFile without a sha (API.ts:687)
//   GET   /repos/{o}/{r}/git/blobs/{sha}         API.ts:715 fetchBlobContent (entries, media)
//   GET   /repos/{o}/{r}/commits?path=&sha={b}   API.ts:697 readFileMetadata (author and date of
//                                                an entry's last commit; only result[0] is read)
// save an entry (persistEntry, implementation.tsx:557), upload media (persistMedia :564),
// delete entries or media (deleteFiles :581): API.ts:950 persistFiles, API.ts:997 deleteFiles
//   POST  /repos/{o}/{r}/git/blobs               API.ts:1441 uploadBlob, one per file, in parallel
//   GET   /repos/{o}/{r}/branches/{b}            API.ts:1278 getDefaultBranch (the parent)
//   POST  /repos/{o}/{r}/git/trees               API.ts:1524 createTree (base_tree + blob entries,
//                                                sha null deletes; API.ts:1452 updateTree); the
//                                                editor's own save (templates/admin/backend/
//                                                hosts.ts) gives its texts as `content` instead
//   POST  /repos/{o}/{r}/git/commits             API.ts:1544 createCommit (no author: the user)
//   PATCH /repos/{o}/{r}/git/refs/heads/{b}      API.ts:1257 patchRef `{ sha, force: false }`:
//                                                a stale parent is 422 "Update is not a fast
//                                                forward", and the branch does not move
//
// watch a save go live (templates/admin/live/: is the site's /build.json commit the save's or later?)
//   GET   /repos/{o}/{r}/compare/{base}...{head} hosts.ts gitHubHost.compare (status ahead,
//                                                behind, identical or diverged)
//
// an entry's history (templates/core/history/, hosts.ts gitHubHost.history)
//   GET   /repos/{o}/{r}/commits?path=&sha=&per_page=&page=   a path's commits, newest first
//   GET   /repos/{o}/{r}/contents/{path}?ref=    a file at a commit: base64, its blob sha (404:
//                                                no such file there)
//
// Not served, because only the editorial workflow, open authoring or GraphQL mode call them
// (the workflow's metadata, contents at refs/meta/_decap_cms, API.ts:534, gets the 404 of a ref
// the repository lacks): git/refs GET/POST/DELETE (API.ts:434/1247/1265), pulls,
// issues, statuses, collaborators, forks, merge-upstream, /graphql. An unknown path answers 404
// and is kept in `requests`, so a test sees any call this list misses. Decap's GitHub status
// check (implementation.tsx:146, www.githubstatus.com) is not the API: offline it fails and
// Decap takes GitHub as up.
//
// Requests need `Authorization: token <t>` (or `Bearer <t>`) with the token given at start:
// none is 401 "Requires authentication" on /user and 404 on the (private) repository, another
// one 401 "Bad credentials". With `oauth`, GitHub's two OAuth endpoints too (gitHubOAuth.ts),
// which give that token. CORS as GitHub answers it: every origin, preflights without a
// token. GET answers carry an ETag (If-None-Match gives 304) and GitHub's `private, max-age=60`.
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BareRepo, type CommitInfo, seedBareRepo } from './bareRepo.ts'
import { type GitHubOAuth, type GitHubOAuthOptions, gitHubOAuth } from './gitHubOAuth.ts'
import {
  compareCommits,
  createBlob,
  createCommit,
  createTree,
  error,
  type GitHubUser,
  getBlob,
  getBranch,
  getContents,
  getTree,
  listCommits,
  type Reply,
  type RepoSite,
  repoJson,
  updateBranch,
  userJson,
} from './gitHubRoutes.ts'

export type GitHubStandInOptions = {
  /** A bare repository to serve as it is; with `seedFrom`, where to create it. */
  repoDir?: string
  /** A folder whose files (its .gitignore honoured) become the branch's first commit. */
  seedFrom?: string
  /** The branch Decap commits to (`backend.branch`); default `main`. */
  branch?: string
  /** `owner/name` (`backend.repo`); default `transfo/site`. */
  repo?: string
  /** The token requests must carry; default a new random one. */
  token?: string
  /** Default 0: a free port. Always on 127.0.0.1. */
  port?: number
  user?: Partial<GitHubUser>
  /** The user's push permission (Decap refuses to log in without it); default true. */
  push?: boolean
  /** GitHub's OAuth web flow on the same origin (gitHubOAuth.ts), for this OAuth app. */
  oauth?: GitHubOAuthOptions
}

export type RequestRecord = { method: string; path: string; status: number }
export type CommitRecord = CommitInfo & { files: { status: string; path: string }[] }

export type GitHubStandIn = {
  /** Decap's `backend.api_root` (CMS_API_ROOT): `http://127.0.0.1:<port>`. */
  apiRoot: string
  token: string
  repo: string
  branch: string
  repoDir: string
  user: GitHubUser
  /** Every request answered, in order (preflights included). */
  requests: RequestRecord[]
  /** GitHub's OAuth endpoints (with `oauth`): what they were asked, and their failures. */
  oauth?: GitHubOAuth
  /** Runs before each request is handled (not preflights): a test's concurrent writer. */
  onRequest?: (request: { method: string; path: string }) => void | Promise<void>
  /** The branch's commits, newest first. */
  commits(): string[]
  /** The branch's commits, newest first, with the files each changed. */
  log(): CommitRecord[]
  /** A file's bytes on the branch (or at `rev`), undefined when it is not there. */
  readFile(path: string, rev?: string): Buffer | undefined
  /** Commits files (null removes one) on the branch as another writer would push them. */
  pushCommit(files: Record<string, string | Buffer | null>, message: string): Promise<string>
  stop(): Promise<void>
}

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers':
    'ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-Poll-Interval, X-GitHub-Media-Type, X-GitHub-SSO, X-GitHub-Request-Id, Deprecation, Sunset',
}
const PREFLIGHT = {
  ...CORS,
  'Access-Control-Allow-Headers':
    'Authorization, Content-Type, If-Match, If-Modified-Since, If-None-Match, If-Unmodified-Since, Accept-Encoding, X-GitHub-OTP, X-Requested-With, User-Agent, GraphQL-Features, X-Github-Next-Global-ID, X-GitHub-Api-Version',
  'Access-Control-Allow-Methods': 'GET, POST, PATCH, PUT, DELETE',
  'Access-Control-Max-Age': '86400',
}

/**
 * The repository a stand-in serves (every host's alike): the bare repository at `repoDir`, or a
 * new one in a temporary folder (`scratch`, for the caller to remove) seeded from `seedFrom`,
 * its branch checked, the user and the one-at-a-time queue of branch moves.
 */
export async function openRepoSite(
  options: GitHubStandInOptions,
  scratchPrefix: string,
): Promise<{ site: RepoSite; scratch?: string }> {
  const branch = options.branch ?? 'main'
  const user: GitHubUser = {
    login: 'editor',
    id: 1001,
    name: 'Éditrice Test',
    email: 'editor@stand-in.invalid',
    ...options.user,
  }
  const scratch = options.repoDir ? undefined : mkdtempSync(join(tmpdir(), scratchPrefix))
  const repoDir = options.repoDir ?? join(scratch as string, 'repo.git')
  const git = options.seedFrom
    ? await seedBareRepo(repoDir, branch, options.seedFrom, user)
    : new BareRepo(repoDir)
  if (!(await git.resolve(`refs/heads/${branch}`)))
    throw new Error(`${repoDir}: no branch ${branch}`)
  let queue: Promise<unknown> = Promise.resolve()
  const serialise = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work)
    queue = run.catch(() => undefined)
    return run
  }
  const site: RepoSite = {
    git,
    fullName: options.repo ?? 'transfo/site',
    defaultBranch: branch,
    user,
    push: options.push ?? true,
    apiRoot: '',
    serialise,
  }
  return scratch ? { site, scratch } : { site }
}

export async function startGitHubStandIn(options: GitHubStandInOptions): Promise<GitHubStandIn> {
  const branch = options.branch ?? 'main'
  const fullName = options.repo ?? 'transfo/site'
  const token = options.token ?? `gho_${randomBytes(18).toString('hex')}`
  const { site, scratch } = await openRepoSite(options, 'gh-stand-in-')
  const { git, user, serialise } = site
  const standIn: GitHubStandIn = {
    apiRoot: '',
    token,
    repo: fullName,
    branch,
    repoDir: git.dir,
    user,
    requests: [],
    commits: () =>
      git
        .runSync(['log', '--format=%H', `refs/heads/${branch}`, '--'])
        .toString()
        .split('\n')
        .filter(Boolean),
    log: () =>
      git
        .logSync(`refs/heads/${branch}`)
        .map((c) => ({ ...c, files: git.changedFilesSync(c.sha) })),
    readFile(path, rev = `refs/heads/${branch}`) {
      try {
        return git.runSync(['cat-file', 'blob', `${rev}:${path}`])
      } catch {
        return undefined
      }
    },
    pushCommit: (files, message) =>
      serialise(async () => {
        const parent = (await git.resolve(`refs/heads/${branch}`)) as string
        const entries = await Promise.all(
          Object.entries(files).map(async ([path, bytes]) => ({
            path,
            mode: '100644',
            sha: bytes === null ? null : await git.writeBlob(Buffer.from(bytes)),
          })),
        )
        const tree = await git.makeTree(`${parent}^{tree}`, entries)
        const other = { name: 'Another Writer', email: 'other@stand-in.invalid' }
        const sha = await git.commitTree(tree, [parent], message, other, other)
        await git.updateBranch(branch, sha, parent)
        return sha
      }),
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      git.close()
      if (scratch) rmSync(scratch, { recursive: true, force: true })
    },
  }

  const oauth = options.oauth ? gitHubOAuth(options.oauth, token) : undefined
  if (oauth) standIn.oauth = oauth.state
  const server = createServer(async (req, res) => {
    if (oauth && (await oauth.handle(req, res))) return
    handle(site, standIn, req)
      .catch((e: unknown) => error(500, `stand-in: ${e instanceof Error ? e.message : String(e)}`))
      .then((reply) => send(req, res, reply, standIn))
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  standIn.apiRoot = site.apiRoot = `http://127.0.0.1:${port}`
  return standIn
}

function send(req: IncomingMessage, res: ServerResponse, reply: Reply, standIn: GitHubStandIn) {
  const method = req.method ?? 'GET'
  const headers: Record<string, string> = { ...CORS, ...reply.headers }
  let status = reply.status
  let payload: string | undefined
  if (method === 'OPTIONS') Object.assign(headers, PREFLIGHT)
  else {
    payload = JSON.stringify(reply.body ?? {})
    headers['Content-Type'] = 'application/json; charset=utf-8'
    headers['X-GitHub-Media-Type'] = 'github.v3; format=json'
    headers['Cache-Control'] = 'private, max-age=60, s-maxage=60'
    headers.Vary = 'Accept, Authorization, Cookie, X-GitHub-OTP'
    if (method === 'GET' && status === 200) {
      const etag = `W/"${createHash('sha256').update(payload).digest('hex').slice(0, 32)}"`
      headers.ETag = etag
      if (req.headers['if-none-match'] === etag) {
        status = 304
        payload = undefined
      }
    }
  }
  standIn.requests.push({ method, path: req.url ?? '', status })
  res.writeHead(status, headers)
  res.end(payload)
}

const TOKEN = /^(?:token|bearer)\s+(\S+)$/i

async function handle(
  site: RepoSite,
  standIn: GitHubStandIn,
  req: IncomingMessage,
): Promise<Reply> {
  const method = req.method ?? 'GET'
  if (method === 'OPTIONS') return { status: 204 }
  const url = new URL(req.url ?? '/', 'http://stand-in')
  const given = TOKEN.exec(req.headers.authorization ?? '')?.[1]
  if (given === undefined)
    return url.pathname === '/user'
      ? error(
          401,
          'Requires authentication',
          'https://docs.github.com/rest/users/users#get-the-authenticated-user',
        )
      : error(404, 'Not Found')
  if (given !== standIn.token) return error(401, 'Bad credentials')
  await standIn.onRequest?.({ method, path: `${url.pathname}${url.search}` })
  if (url.pathname === '/user' && method === 'GET') return { status: 200, body: userJson(site) }
  const inRepo = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(url.pathname)
  if (!inRepo || `${inRepo[1]}/${inRepo[2]}`.toLowerCase() !== site.fullName.toLowerCase())
    return error(404, 'Not Found')
  const rest = inRepo[3] ?? ''
  const body = method === 'POST' || method === 'PATCH' ? await readJson(req) : {}
  if (body === undefined) return error(400, 'Problems parsing JSON')
  return route(site, method, rest, url.searchParams, body)
}

async function route(
  site: RepoSite,
  method: string,
  rest: string,
  query: URLSearchParams,
  body: Record<string, unknown>,
): Promise<Reply> {
  const tail = (prefix: string) =>
    rest.startsWith(prefix) && rest.length > prefix.length
      ? decodeURIComponent(rest.slice(prefix.length))
      : undefined
  const writes = method === 'POST' || method === 'PATCH'
  if (writes && !site.push) return error(404, 'Not Found')
  if (method === 'GET') {
    if (rest === '') return { status: 200, body: repoJson(site) }
    if (rest === '/commits') return listCommits(site, query)
    const basehead = tail('/compare/')
    if (basehead !== undefined) return compareCommits(site, basehead)
    const branch = tail('/branches/')
    if (branch !== undefined) return getBranch(site, branch)
    const tree = tail('/git/trees/')
    if (tree !== undefined) return getTree(site, tree, query.has('recursive'))
    const blob = tail('/git/blobs/')
    if (blob !== undefined) return getBlob(site, blob)
    const contents = tail('/contents/')
    if (contents !== undefined) return getContents(site, contents, query)
  }
  if (method === 'POST' && rest === '/git/blobs') return createBlob(site, body)
  if (method === 'POST' && rest === '/git/trees') return createTree(site, body)
  if (method === 'POST' && rest === '/git/commits') return createCommit(site, body)
  const ref = method === 'PATCH' ? tail('/git/refs/heads/') : undefined
  if (ref !== undefined) return updateBranch(site, ref, body)
  return error(404, 'Not Found')
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}')
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}
