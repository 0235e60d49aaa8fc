// Stand-ins of Gitea's API v1 and GitLab's REST API v4 on loopback, serving a real bare git
// repository (bareRepo.ts), as gitHubStandIn.ts serves GitHub's: for the tests of the editor's
// Gitea and GitLab hosts over Decap's own API classes. The endpoints, with the lines of Decap's
// source that call them, head giteaRoutes.ts and gitLabRoutes.ts; every save is a real commit
// (`git log` on `repoDir` is the truth), and a stale write is refused as the host refuses it.
//
// The API root is `http://127.0.0.1:<port>/api/v1` (Gitea) or `/api/v4` (GitLab): Decap's
// `backend.api_root`. Requests need the token given at start: Gitea's `Authorization: token <t>`
// (Decap's), GitLab's `Authorization: Bearer <t>` (Decap's) or `PRIVATE-TOKEN: <t>`; none, or
// another, is 401 as the host answers it. CORS as each host answers it (Gitea with its [cors]
// section on, which a Decap editor on another origin needs; GitLab's API allows every origin),
// preflights without a token. An unknown path answers 404 and is kept in `requests`.
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { GITEA_TREE_PAGE, giteaRoute } from './giteaRoutes.ts'
import type { GitHubUser } from './gitHubRoutes.ts'
import {
  type CommitRecord,
  type GitHubStandInOptions,
  openRepoSite,
  type RequestRecord,
} from './gitHubStandIn.ts'
import { gitLabRoute } from './gitLabRoutes.ts'
import { commitOnBranch, type HostReply, type HostSite, json } from './hostSite.ts'

export type HostKind = 'gitea' | 'gitlab'

export type HostStandInOptions = GitHubStandInOptions & {
  host: HostKind
  /** Gitea: the largest page of a tree listing (its DEFAULT_GIT_TREES_PER_PAGE); default 1000. */
  treePage?: number
}

export type HostStandIn = {
  host: HostKind
  /** Decap's `backend.api_root` (CMS_API_ROOT). */
  apiRoot: string
  token: string
  repo: string
  branch: string
  repoDir: string
  user: GitHubUser
  /** Every request answered, in order (preflights included); the path below the host's root. */
  requests: RequestRecord[]
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

const ROOTS: Record<HostKind, string> = { gitea: '/api/v1', gitlab: '/api/v4' }

const CORS: Record<HostKind, Record<string, string>> = {
  gitea: {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': 'Link, X-Total-Count',
  },
  gitlab: {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers':
      'Link, X-Total, X-Total-Pages, X-Per-Page, X-Page, X-Next-Page, X-Prev-Page, X-Gitlab-Blob-Id, X-Gitlab-Commit-Id, X-Gitlab-Content-Sha256, X-Gitlab-Encoding, X-Gitlab-File-Name, X-Gitlab-File-Path, X-Gitlab-Last-Commit-Id, X-Gitlab-Ref, X-Gitlab-Size, X-Request-Id, ETag',
  },
}
const PREFLIGHT: Record<HostKind, Record<string, string>> = {
  gitea: {
    'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type, Authorization, X-Csrf-Token',
    'Access-Control-Max-Age': '600',
  },
  gitlab: {
    'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': 'Authorization, Content-Type, Private-Token, X-Requested-With',
    'Access-Control-Max-Age': '7200',
  },
}

export async function startHostStandIn(options: HostStandInOptions): Promise<HostStandIn> {
  const { host } = options
  const branch = options.branch ?? 'main'
  const fullName = options.repo ?? 'transfo/site'
  const token = options.token ?? randomBytes(20).toString('hex')
  const { site, scratch } = await openRepoSite(options, `${host}-stand-in-`)
  const { git, user, serialise } = site
  const ref = `refs/heads/${branch}`
  const standIn: HostStandIn = {
    host,
    apiRoot: '',
    token,
    repo: fullName,
    branch,
    repoDir: git.dir,
    user,
    requests: [],
    commits: () =>
      git.runSync(['log', '--format=%H', ref, '--']).toString().split('\n').filter(Boolean),
    log: () => git.logSync(ref).map((c) => ({ ...c, files: git.changedFilesSync(c.sha) })),
    readFile(path, rev = ref) {
      try {
        return git.runSync(['cat-file', 'blob', `${rev}:${path}`])
      } catch {
        return undefined
      }
    },
    pushCommit: (files, message) =>
      serialise(async () => {
        const parent = (await git.resolve(ref)) as string
        const entries = await Promise.all(
          Object.entries(files).map(async ([path, bytes]) => ({
            path,
            sha: bytes === null ? null : await git.writeBlob(Buffer.from(bytes)),
          })),
        )
        const other = { name: 'Another Writer', email: 'other@stand-in.invalid' }
        return commitOnBranch(site, branch, parent, entries, message, other)
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

  const server = createServer((req, res) => {
    handle(site, standIn, options, req)
      .catch((e: unknown) =>
        json(500, { message: `stand-in: ${e instanceof Error ? e.message : String(e)}` }),
      )
      .then((reply) => send(host, req, res, reply, standIn))
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  standIn.apiRoot = site.apiRoot = `http://127.0.0.1:${port}${ROOTS[host]}`
  return standIn
}

function send(
  host: HostKind,
  req: IncomingMessage,
  res: ServerResponse,
  reply: HostReply,
  standIn: HostStandIn,
) {
  const method = req.method ?? 'GET'
  const headers: Record<string, string> = { ...CORS[host], ...reply.headers }
  let payload: Buffer | string | undefined
  if (method === 'OPTIONS') Object.assign(headers, PREFLIGHT[host])
  else if (reply.raw) payload = reply.raw
  else if (reply.body !== undefined) {
    payload = JSON.stringify(reply.body)
    headers['Content-Type'] = 'application/json; charset=utf-8'
  }
  if (method === 'HEAD') payload = undefined
  standIn.requests.push({ method, path: req.url ?? '', status: reply.status })
  res.writeHead(reply.status, headers)
  res.end(payload)
}

const TOKEN = /^(?:token|bearer)\s+(\S+)$/i

async function handle(
  site: HostSite,
  standIn: HostStandIn,
  options: HostStandInOptions,
  req: IncomingMessage,
): Promise<HostReply> {
  const { host } = options
  const method = req.method ?? 'GET'
  if (method === 'OPTIONS') return { status: 204 }
  const url = new URL(req.url ?? '/', 'http://stand-in')
  const root = `${ROOTS[host]}/`
  if (!url.pathname.startsWith(root)) return json(404, { message: '404 Not Found' })
  const privateToken = req.headers['private-token']
  const given =
    TOKEN.exec(req.headers.authorization ?? '')?.[1] ??
    (host === 'gitlab' && typeof privateToken === 'string' ? privateToken : undefined)
  if (given !== standIn.token)
    return host === 'gitlab'
      ? json(401, { message: '401 Unauthorized' })
      : json(401, { message: 'user does not exist', url: `${site.apiRoot}/swagger` })
  await standIn.onRequest?.({ method, path: `${url.pathname}${url.search}` })
  // Segments as sent: GitLab names a project and a file by their URL-encoded paths.
  const segments = url.pathname.slice(root.length).split('/').filter(Boolean)
  const body = method === 'POST' || method === 'PUT' ? await readJson(req) : {}
  if (body === undefined) return json(400, { message: 'Problems parsing JSON' })
  const request = { method, segments, query: url.searchParams, body }
  return host === 'gitea'
    ? giteaRoute(site, request, { treePage: options.treePage ?? GITEA_TREE_PAGE })
    : gitLabRoute(site, request)
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
