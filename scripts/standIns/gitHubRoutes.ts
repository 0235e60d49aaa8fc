// The endpoints of GitHub's REST API (v3) that Decap's GitHub backend calls in its REST mode and
// "simple" publish mode (the list, with the lines of Decap's source, is in gitHubStandIn.ts),
// answered from a real bare repository (bareRepo.ts) with GitHub's shapes, statuses and
// messages. Only the fields GitHub documents and a client may read; nothing is cached.
import { type BareRepo, type CommitInfo, type Person, SHA, type TreeEntry } from './bareRepo.ts'

export type GitHubUser = { login: string; id: number; name: string; email: string }

export type Reply = { status: number; body?: unknown; headers?: Record<string, string> }

export type RepoSite = {
  git: BareRepo
  /** `owner/name` as GitHub spells it. */
  fullName: string
  defaultBranch: string
  user: GitHubUser
  /** The user's `push` permission: without it every write answers 404, as on a private repo. */
  push: boolean
  apiRoot: string
  /** Branch moves one at a time, so the fast-forward check and the move are one step. */
  serialise: <T>(work: () => Promise<T>) => Promise<T>
}

const DOCS = 'https://docs.github.com/rest'

/** GitHub's error body: message, documentation_url and the status as a string. */
export function error(status: number, message: string, doc = DOCS): Reply {
  return { status, body: { message, documentation_url: doc, status: String(status) } }
}

const notFound = (doc?: string) => error(404, 'Not Found', doc)

export function userJson(site: RepoSite) {
  const { login, id, name, email } = site.user
  return {
    login,
    id,
    node_id: `U_stand-in-${id}`,
    // No image: Decap shows its own icon for an empty avatar; a URL would be fetched offline.
    avatar_url: '',
    url: `${site.apiRoot}/users/${login}`,
    type: 'User',
    site_admin: false,
    name,
    email,
  }
}

export function repoJson(site: RepoSite) {
  const [owner = '', name = ''] = site.fullName.split('/')
  return {
    id: 1,
    name,
    full_name: site.fullName,
    private: true,
    owner: { login: owner, id: 2, type: 'Organization', url: `${site.apiRoot}/users/${owner}` },
    url: `${site.apiRoot}/repos/${site.fullName}`,
    default_branch: site.defaultBranch,
    permissions: { admin: false, maintain: false, push: site.push, triage: true, pull: true },
  }
}

const repoUrl = (site: RepoSite) => `${site.apiRoot}/repos/${site.fullName}`

function gitCommitJson(site: RepoSite, c: CommitInfo) {
  const url = `${repoUrl(site)}/git/commits/${c.sha}`
  return {
    sha: c.sha,
    url,
    author: c.author,
    committer: c.committer,
    message: c.message,
    tree: { sha: c.tree, url: `${repoUrl(site)}/git/trees/${c.tree}` },
    parents: c.parents.map((p) => ({ sha: p, url: `${repoUrl(site)}/git/commits/${p}` })),
    verification: { verified: false, reason: 'unsigned', signature: null, payload: null },
  }
}

/** A commit as `GET /repos/{o}/{r}/commits` and `branches/{b}` give it. */
function commitJson(site: RepoSite, c: CommitInfo) {
  const account = (p: Person) => (p.email === site.user.email ? userJson(site) : null)
  const { sha: _sha, parents: _parents, ...inner } = gitCommitJson(site, c)
  return {
    sha: c.sha,
    url: `${repoUrl(site)}/commits/${c.sha}`,
    commit: { ...inner, url: `${repoUrl(site)}/git/commits/${c.sha}`, comment_count: 0 },
    author: account(c.author),
    committer: account(c.committer),
    parents: c.parents.map((p) => ({ sha: p, url: `${repoUrl(site)}/commits/${p}` })),
  }
}

async function commitInfo(site: RepoSite, sha: string): Promise<CommitInfo> {
  const [info] = await site.git.log(sha, { max: 1 })
  if (!info) throw new Error(`no commit ${sha}`)
  return info
}

export async function getBranch(site: RepoSite, branch: string): Promise<Reply> {
  const sha = await site.git.resolve(`refs/heads/${branch}`)
  if (!sha) return error(404, 'Branch not found', `${DOCS}/branches/branches#get-a-branch`)
  return {
    status: 200,
    body: {
      name: branch,
      commit: commitJson(site, await commitInfo(site, sha)),
      protected: false,
      protection_url: `${repoUrl(site)}/branches/${branch}/protection`,
    },
  }
}

const entryJson = (site: RepoSite, e: TreeEntry) => ({
  path: e.path,
  mode: e.mode,
  type: e.type,
  sha: e.sha,
  ...(e.size === undefined ? {} : { size: e.size }),
  url: `${repoUrl(site)}/git/${e.type === 'tree' ? 'trees' : 'blobs'}/${e.sha}`,
})

async function treeReply(site: RepoSite, tree: string, recursive: boolean, status = 200) {
  const entries = await site.git.listTree(tree, recursive)
  return {
    status,
    body: {
      sha: tree,
      url: `${repoUrl(site)}/git/trees/${tree}`,
      tree: entries.map((e) => entryJson(site, e)),
      truncated: false,
    },
  }
}

/** `tree_sha` may be a tree, a commit, a branch, or `<branch>:<folder>` (Decap's form). */
export async function getTree(site: RepoSite, spec: string, recursive: boolean): Promise<Reply> {
  // `^{tree}` cannot follow `<rev>:<path>` (it would be read as part of the path): peel by hand.
  const sha = await site.git.resolve(spec)
  const type = sha && (await site.git.objectType(sha))
  const tree = type === 'commit' ? await site.git.resolve(`${sha}^{tree}`) : type === 'tree' && sha
  if (!tree) return notFound(`${DOCS}/git/trees#get-a-tree`)
  return treeReply(site, tree, recursive)
}

/** Base64 in lines of 60 characters, each ending with a newline, as GitHub sends blobs. */
const base64Lines = (bytes: Buffer) =>
  (bytes.toString('base64').match(/.{1,60}/g) ?? []).map((line) => `${line}\n`).join('')

/** GitHub's largest file whose bytes the contents API gives (1 MB): a larger one's come empty. */
const CONTENTS_BYTES = 1024 * 1024

/**
 * GET contents/{path}?ref=: a file of the commit `ref` (default the branch) with its bytes in
 * base64 (lines of 60, as GitHub sends them; over 1 MB none, `encoding: "none"`) and its blob
 * sha, or a folder's entries (an array); 404 for a path the commit lacks or a ref it cannot find,
 * as GitHub's "Get repository content" answers.
 */
export async function getContents(
  site: RepoSite,
  path: string,
  query: URLSearchParams,
): Promise<Reply> {
  const doc = `${DOCS}/repos/contents#get-repository-content`
  const ref = query.get('ref') || site.defaultBranch
  const commit = await site.git.resolve(`${ref}^{commit}`)
  if (!commit) return error(404, `No commit found for the ref ${ref}`, doc)
  const clean = path.replace(/^\/+|\/+$/g, '')
  const sha = clean ? await site.git.resolve(`${commit}:${clean}`) : undefined
  const type = sha && (await site.git.objectType(sha))
  if (!sha || (type !== 'blob' && type !== 'tree')) return notFound(doc)
  const describe = (entryPath: string, entryType: string, entrySha: string, size: number) => {
    const self = `${repoUrl(site)}/contents/${entryPath}?ref=${encodeURIComponent(ref)}`
    const git = `${repoUrl(site)}/git/${entryType === 'dir' ? 'trees' : 'blobs'}/${entrySha}`
    return {
      type: entryType,
      size,
      name: entryPath.split('/').pop() ?? entryPath,
      path: entryPath,
      sha: entrySha,
      url: self,
      git_url: git,
      // The stand-in has no web pages nor raw downloads: GitHub documents both as nullable.
      html_url: null,
      download_url: null,
      _links: { self, git, html: null },
    }
  }
  if (type === 'tree') {
    const entries = await site.git.listTree(sha, false)
    return {
      status: 200,
      body: entries.map((e) =>
        describe(`${clean}/${e.path}`, e.type === 'tree' ? 'dir' : 'file', e.sha, e.size ?? 0),
      ),
    }
  }
  const bytes = await site.git.readBlob(sha)
  const whole = bytes.length <= CONTENTS_BYTES
  return {
    status: 200,
    body: {
      ...describe(clean, 'file', sha, bytes.length),
      encoding: whole ? 'base64' : 'none',
      content: whole ? base64Lines(bytes) : '',
    },
  }
}

export async function getBlob(site: RepoSite, sha: string): Promise<Reply> {
  if ((await site.git.objectType(sha)) !== 'blob') return notFound(`${DOCS}/git/blobs#get-a-blob`)
  const bytes = await site.git.readBlob(sha)
  return {
    status: 200,
    body: {
      sha,
      size: bytes.length,
      url: `${repoUrl(site)}/git/blobs/${sha}`,
      content: base64Lines(bytes),
      encoding: 'base64',
    },
  }
}

type Body = Record<string, unknown>
const invalid = (what: string, doc: string) =>
  error(422, `Invalid request.\n\n${what}`, `${DOCS}/git/${doc}`)

export async function createBlob(site: RepoSite, body: Body): Promise<Reply> {
  const { content, encoding = 'utf-8' } = body
  if (typeof content !== 'string')
    return invalid('"content" wasn\'t supplied.', 'blobs#create-a-blob')
  if (encoding !== 'utf-8' && encoding !== 'base64')
    return invalid(`encoding ${String(encoding)} is not supported.`, 'blobs#create-a-blob')
  const bytes = Buffer.from(content, encoding === 'base64' ? 'base64' : 'utf8')
  const sha = await site.git.writeBlob(bytes)
  const url = `${repoUrl(site)}/git/blobs/${sha}`
  return { status: 201, body: { sha, url }, headers: { Location: url } }
}

const BLOB_MODES = new Set(['100644', '100755', '120000'])

export async function createTree(site: RepoSite, body: Body): Promise<Reply> {
  const doc = 'trees#create-a-tree'
  const { base_tree: baseSha, tree } = body
  if (!Array.isArray(tree)) return invalid('"tree" wasn\'t supplied.', doc)
  // Decap sends the branch's commit as base_tree (API.ts:956-958): GitHub takes its tree.
  const baseType = typeof baseSha === 'string' ? await site.git.objectType(baseSha) : undefined
  const base =
    baseType === 'tree' || baseType === 'commit'
      ? await site.git.resolve(`${baseSha}^{tree}`)
      : undefined
  if (baseSha !== undefined && !base)
    return error(422, 'GitRPC::BadObjectState', `${DOCS}/git/${doc}`)
  const entries: { path: string; mode: string; sha: string | null }[] = []
  for (const item of tree as Body[]) {
    const { path, mode, type, sha, content } = item
    if (typeof path !== 'string' || !path || path.startsWith('/'))
      return invalid(`tree.path ${JSON.stringify(path)} is not a valid path.`, doc)
    // Blobs only (Decap's updateTree, the editor's save); sub-trees and submodules are not served.
    if (type !== 'blob' || typeof mode !== 'string' || !BLOB_MODES.has(mode))
      return invalid(`the stand-in takes blob entries only (${path}).`, doc)
    // A blob by its sha (null deletes the path), or by its text: `content`, which GitHub "will
    // write this blob out and use that SHA for this entry" (its reference); never both.
    if ('sha' in item === 'content' in item)
      return error(
        422,
        'Must supply either tree.sha or tree.content. Request will be rejected if both are present.',
        `${DOCS}/git/${doc}`,
      )
    if ('content' in item) {
      if (typeof content !== 'string')
        return invalid(`tree.content of ${path} is not a string.`, doc)
      entries.push({ path, mode, sha: await site.git.writeBlob(Buffer.from(content, 'utf8')) })
      continue
    }
    if (sha !== null && (typeof sha !== 'string' || !SHA.test(sha)))
      return invalid(`tree.sha ${JSON.stringify(sha)} is not a valid blob sha.`, doc)
    // "Returns an error if you try to delete a file that does not exist" (GitHub's reference).
    if (sha === null && !(base && (await site.git.resolve(`${base}:${path}`))))
      return error(422, 'GitRPC::BadObjectState', `${DOCS}/git/${doc}`)
    entries.push({ path, mode, sha })
  }
  const made = await site.git.makeTree(base, entries).catch(() => undefined)
  if (!made) return error(422, 'GitRPC::BadObjectState', `${DOCS}/git/${doc}`)
  return treeReply(site, made, false, 201)
}

function person(value: unknown, fallback: Person): Person | undefined {
  if (value === undefined || value === null) return fallback
  const { name, email, date } = value as Body
  if (typeof name !== 'string' || typeof email !== 'string') return undefined
  return { name, email, ...(typeof date === 'string' ? { date } : {}) }
}

export async function createCommit(site: RepoSite, body: Body): Promise<Reply> {
  const doc = `${DOCS}/git/commits#create-a-commit`
  const { message, tree, parents = [] } = body
  if (typeof message !== 'string') return invalid('"message" wasn\'t supplied.', 'commits')
  if (typeof tree !== 'string' || (await site.git.objectType(tree)) !== 'tree')
    return error(422, 'Tree SHA does not exist', doc)
  if (!Array.isArray(parents)) return invalid('"parents" is not an array.', 'commits')
  for (const p of parents)
    if (typeof p !== 'string' || (await site.git.objectType(p)) !== 'commit')
      return error(422, 'Parent SHA does not exist or is not a commit object', doc)
  // Without an author GitHub writes the authenticated user, and the author as committer.
  const me = { name: site.user.name, email: site.user.email }
  const author = person(body.author, me)
  const committer = author && person(body.committer, author)
  if (!author || !committer)
    return invalid('author and committer need a name and an email.', 'commits')
  const sha = await site.git.commitTree(tree, parents as string[], message, author, committer)
  const url = `${repoUrl(site)}/git/commits/${sha}`
  return {
    status: 201,
    body: gitCommitJson(site, await commitInfo(site, sha)),
    headers: { Location: url },
  }
}

/** PATCH git/refs/heads/{branch}: a fast-forward only, unless `force`, as GitHub moves refs. */
export function updateBranch(site: RepoSite, branch: string, body: Body): Promise<Reply> {
  const doc = `${DOCS}/git/refs#update-a-reference`
  const { sha, force = false } = body
  return site.serialise(async () => {
    const current = await site.git.resolve(`refs/heads/${branch}`)
    if (!current) return error(422, 'Reference does not exist', doc)
    if (typeof sha !== 'string' || (await site.git.objectType(sha)) !== 'commit')
      return error(422, 'Object does not exist', doc)
    if (force !== true && !(await site.git.isAncestor(current, sha)))
      return error(422, 'Update is not a fast forward', doc)
    await site.git.updateBranch(branch, sha, current)
    return {
      status: 200,
      body: {
        ref: `refs/heads/${branch}`,
        url: `${repoUrl(site)}/git/refs/heads/${branch}`,
        object: { sha, type: 'commit', url: `${repoUrl(site)}/git/commits/${sha}` },
      },
    }
  })
}

/**
 * GET compare/{base}...{head}: how `head` stands to `base` (status ahead, behind, identical or
 * diverged; ahead_by, behind_by) and the commits `head` has that `base` lacks, oldest first, as
 * GitHub's "compare two commits" answers (its first 250 commits; no files here).
 */
export async function compareCommits(site: RepoSite, basehead: string): Promise<Reply> {
  const doc = `${DOCS}/commits/commits#compare-two-commits`
  const parts = /^(.+?)\.\.\.(.+)$/.exec(basehead)
  const [base, head] = await Promise.all(
    [parts?.[1], parts?.[2]].map((rev) => (rev ? site.git.resolve(`${rev}^{commit}`) : undefined)),
  )
  if (!base || !head) return notFound(doc)
  const { ahead, behind } = await site.git.aheadBehind(base, head)
  const status = ahead && behind ? 'diverged' : ahead ? 'ahead' : behind ? 'behind' : 'identical'
  const commits = ahead ? await site.git.log(`${base}..${head}`, { max: 250 }) : []
  return {
    status: 200,
    body: {
      url: `${repoUrl(site)}/compare/${basehead}`,
      base_commit: commitJson(site, await commitInfo(site, base)),
      status,
      ahead_by: ahead,
      behind_by: behind,
      total_commits: ahead,
      commits: commits.reverse().map((c) => commitJson(site, c)),
      files: [],
    },
  }
}

/** GET commits?sha=&path=&per_page=&page=: newest first, 30 a page, a `Link` to the next. */
export async function listCommits(site: RepoSite, query: URLSearchParams): Promise<Reply> {
  const rev = query.get('sha') || site.defaultBranch
  const sha = await site.git.resolve(`${rev}^{commit}`)
  if (!sha) return error(404, `No commit found for SHA: ${rev}`, `${DOCS}/commits/commits`)
  const perPage = Math.min(Math.max(Number(query.get('per_page')) || 30, 1), 100)
  const page = Math.max(Number(query.get('page')) || 1, 1)
  const path = query.get('path') || undefined
  const found = await site.git.log(sha, { path, skip: (page - 1) * perPage, max: perPage + 1 })
  const headers: Record<string, string> = {}
  if (found.length > perPage) {
    const next = new URLSearchParams(query)
    next.set('page', String(page + 1))
    headers.Link = `<${repoUrl(site)}/commits?${next}>; rel="next"`
  }
  return {
    status: 200,
    body: found.slice(0, perPage).map((c) => commitJson(site, c)),
    headers,
  }
}
