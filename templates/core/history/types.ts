// An entry's history as the editor reads it from a git host (GitHub, GitLab, Gitea through their
// REST APIs; the dev server through the local repository): the commits that changed the entry's
// files, and the files' texts at a commit. The changes shown are computed from those texts, read
// as the save reads them (changes.ts), never from a host's patch text.

/** A commit that changed some of the files asked about. */
export type HistoryCommit = {
  /** The commit's id (its sha). */
  id: string
  /** Its first parent's id; null for a root commit, or the edge of a shallow clone. */
  parent: string | null
  /** When it was authored: ISO 8601, with its offset. */
  date: string
  /** Who wrote it: the author's name as the host gives it. */
  author: string
  /** The first line of its message. */
  message: string
  /** Which of the paths asked about it changed. */
  files: string[]
}

export type CommitList = {
  /** Newest first; no commit twice. */
  commits: HistoryCommit[]
  /** The repository holds only part of its history (a shallow clone): older commits are missing. */
  shallow?: boolean
}

/** What the history needs of a git host. */
export type HistoryHost = {
  /**
   * The commits reachable from `from` (default: the branch's head; `from` itself included when it
   * changed one of `paths`) that changed any of `paths`: for each path, at least its newest
   * `limit` such commits (more may come), merged, newest first.
   */
  commits(paths: readonly string[], options: { from?: string; limit: number }): Promise<CommitList>
  /** The texts of `paths` as they are at commit `ref`; null for a path no file has there. */
  textsAt(ref: string, paths: readonly string[]): Promise<Map<string, string | null>>
}

/** Why there is no history to read; the panel says it in French, with what to do. */
export type Unavailable =
  /** A copy of the site with no git repository (a download, an export). */
  | 'no-repository'
  /** The host refused to list the commits (rights, a repository gone, an API switched off). */
  | 'refused'
  /** The host could not be reached, or failed (5xx, a cut connection). */
  | 'unreachable'

export class HistoryUnavailable extends Error {
  constructor(
    readonly reason: Unavailable,
    detail?: string,
  ) {
    super(detail ?? reason)
    this.name = 'HistoryUnavailable'
  }
}
