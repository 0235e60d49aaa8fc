// The published editor's tests: where the site they build and serve lives, and
// what the server script (server.ts) tells the specs of the GitHub stand-in it started.
import { execFileSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const REPO = fileURLToPath(new URL('../..', import.meta.url))
export const PUBLISHED_PORT = Number(process.env.PUBLISHED_PORT ?? 4324)
/**
 * The project tree the site is built from (`npm run build -- --root`): a copy of content/ and
 * public/, and its own dist/ and caches (node_modules/.cache, kept from one run to the next), so
 * the repository's dist/ is never touched.
 */
export const PUBLISHED_SITE = publishedSiteOf(PUBLISHED_PORT)
/** The stand-in's settings, written by server.ts once it listens. */
export const STATE_FILE = join(PUBLISHED_SITE, 'stand-in.json')

/** The folder of the server on `port` (server.ts run with PUBLISHED_PORT, as the bench does). */
export function publishedSiteOf(port: number): string {
  return join(tmpdir(), `transfo-published-site-${port}`)
}

export type StandInState = {
  apiRoot: string
  token: string
  repo: string
  branch: string
  repoDir: string
}

export const standIn = (): StandInState =>
  JSON.parse(readFileSync(STATE_FILE, 'utf8')) as StandInState

/** `git` on the stand-in's bare repository. */
export function git(...args: string[]): string {
  return execFileSync('git', ['--git-dir', standIn().repoDir, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
}

/** The branch's commits, newest first. */
export const commits = (): string[] =>
  git('log', '--format=%H', `refs/heads/${standIn().branch}`, '--').split('\n').filter(Boolean)

/** The files a commit changed, with git's status letter (A, M, D), sorted by path. */
export const changedFiles = (sha: string): string[] =>
  git('diff-tree', '--no-commit-id', '-r', '--name-status', sha)
    .split('\n')
    .filter(Boolean)
    .map((l) => l.replace('\t', ' '))
    .sort((a, b) => a.slice(2).localeCompare(b.slice(2)))

/** A file's text on the branch (or at `rev`). */
export const readBranch = (path: string, rev = `refs/heads/${standIn().branch}`): string =>
  git('show', `${rev}:${path}`)

/**
 * Commits files on the branch as another person pushing to the repository would (git's own
 * plumbing on the bare repository, a throw-away index; the stand-in reads the branch afresh at
 * each request): the new commit's sha. Fails, moving nothing, if the branch moved meanwhile. On
 * the GitHub stand-in's repository unless told another's.
 */
export function pushAsOther(
  files: Record<string, string>,
  message: string,
  { repoDir, branch }: Pick<StandInState, 'repoDir' | 'branch'> = standIn(),
): string {
  const index = join(PUBLISHED_SITE, 'other-writer.index')
  const other = { name: 'Another Writer', email: 'other@stand-in.invalid' }
  const env = {
    ...process.env,
    GIT_INDEX_FILE: index,
    GIT_AUTHOR_NAME: other.name,
    GIT_AUTHOR_EMAIL: other.email,
    GIT_COMMITTER_NAME: other.name,
    GIT_COMMITTER_EMAIL: other.email,
  }
  const run = (args: string[], input?: string) =>
    execFileSync('git', ['--git-dir', repoDir, ...args], { encoding: 'utf8', env, input }).trim()
  const parent = run(['rev-parse', '--verify', `refs/heads/${branch}`])
  try {
    run(['read-tree', parent])
    for (const [path, text] of Object.entries(files)) {
      const blob = run(['hash-object', '-w', '--stdin'], text)
      run(['update-index', '--add', '--cacheinfo', `100644,${blob},${path}`])
    }
    const tree = run(['write-tree'])
    const sha = run(['commit-tree', tree, '-p', parent, '-m', message])
    run(['update-ref', `refs/heads/${branch}`, sha, parent])
    return sha
  } finally {
    rmSync(index, { force: true })
  }
}
