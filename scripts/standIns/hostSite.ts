// What the Gitea and GitLab stand-ins' routes (giteaRoutes.ts, gitLabRoutes.ts) are given and
// answer: the repository served, the request below the API root, and a reply (JSON, or bytes for
// GitLab's raw endpoints). The server around them is hostStandIn.ts.
import type { CommitInfo } from './bareRepo.ts'
import type { RepoSite } from './gitHubRoutes.ts'

/** The repository served, as GitHub's stand-in serves it (gitHubRoutes.ts `RepoSite`). */
export type HostSite = RepoSite

export type HostRequest = {
  method: string
  /** The path's segments below the API root, each as sent (still URL-encoded). */
  segments: string[]
  query: URLSearchParams
  body: Record<string, unknown>
}

export type HostReply = {
  status: number
  body?: unknown
  /** Bytes sent as they are (GitLab's raw files and blobs). */
  raw?: Buffer
  headers?: Record<string, string>
}

export const json = (status: number, body: unknown, headers?: Record<string, string>): HostReply =>
  headers ? { status, body, headers } : { status, body }

/** A commit's info, or undefined when `rev` names none. */
export async function commitAt(site: HostSite, rev: string): Promise<CommitInfo | undefined> {
  const sha = await site.git.resolve(`${rev}^{commit}`)
  return sha ? (await site.git.log(sha, { max: 1 }))[0] : undefined
}

/** The commit that last changed `path` as of `rev`, as GitLab's and Gitea's file guards ask. */
export async function lastCommitOf(site: HostSite, rev: string, path: string) {
  return (await site.git.log(rev, { path, max: 1 }))[0]?.sha
}

/** The blob at `path` in `rev`, or undefined. */
export async function blobAt(site: HostSite, rev: string, path: string) {
  const sha = await site.git.resolve(`${rev}:${path}`)
  return sha && (await site.git.objectType(sha)) === 'blob' ? sha : undefined
}

/**
 * A commit of `entries` (null sha removes a path) on the branch's head `parent`, as the user,
 * the branch moved from `parent` only (git's compare-and-swap).
 */
export async function commitOnBranch(
  site: HostSite,
  branch: string,
  parent: string,
  entries: { path: string; sha: string | null }[],
  message: string,
  author = { name: site.user.name, email: site.user.email },
): Promise<string> {
  const tree = await site.git.makeTree(
    `${parent}^{tree}`,
    entries.map((e) => ({ ...e, mode: '100644' })),
  )
  const me = { name: site.user.name, email: site.user.email }
  const sha = await site.git.commitTree(tree, [parent], message, author, me)
  await site.git.updateBranch(branch, sha, parent)
  return sha
}
