// The entry's « Historique » in `npm run dev` (the file store's actions `history` and `textsAt`,
// devEditor.ts; proxyHost in templates/admin/backend/hosts.ts): the commits of the project's own
// git repository that changed the entry's files, and the files' texts at a commit, read with the
// git command, its arguments as an array (no shell), the paths checked to be content YAML. The
// dev store writes files and commits nothing, so a save in dev is no commit: the history is the
// repository's commits, the working tree's changes not among them. A copy of the site without
// git (`git rev-parse` fails there, or git is missing) answers `no-repository`; a shallow clone,
// the commits it holds and `shallow`.
import { execFile, spawn } from 'node:child_process'
import { isContentYamlPath } from '../../../templates/core/editing/planSave.ts'
import type { CommitList, HistoryCommit } from '../../../templates/core/history/types.ts'
import { StoreError } from './fileStore.ts'

export type NoRepository = { unavailable: 'no-repository' }
export type TextsAnswer = { texts: Record<string, string | null> }

const NO_REPOSITORY: NoRepository = { unavailable: 'no-repository' }

/** A commit id as the history gave it (SHA-1 or SHA-256, hex): never an option nor a range. */
const COMMIT_ID = /^[0-9a-f]{7,64}$/
/** The entry's files at most (a page has two; the news, its data files). */
const PATHS_MAX = 20
const LIMIT_MAX = 200

/**
 * The user's git configuration, but not what would change what is read here: a lone path
 * followed across renames (log.follow), signatures printed among the commits.
 */
const CONFIG = ['-c', 'log.follow=false', '-c', 'log.showSignature=false']

/** Each commit: a record separator, then id, parents, author, date (with its offset), message. */
const FORMAT = '%x1e%H%x00%P%x00%an%x00%aI%x00%B'

/**
 * The project's own repository, whatever the dev server was started from: a git hook's
 * variables (GIT_DIR...) would name another.
 */
function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
  }
  for (const name of [
    'GIT_DIR',
    'GIT_WORK_TREE',
    'GIT_INDEX_FILE',
    'GIT_OBJECT_DIRECTORY',
    'GIT_ALTERNATE_OBJECT_DIRECTORIES',
    'GIT_COMMON_DIR',
    'GIT_NAMESPACE',
  ])
    delete env[name]
  return env
}

/** git in `root`: its stdout, or a rejection with its message. */
function git(root: string, args: string[], input?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      [...CONFIG, ...args],
      { cwd: root, env: gitEnv(), encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`git ${args[0]}: ${stderr.toString().trim() || error.message}`))
        else resolve(stdout)
      },
    )
    child.stdin?.on('error', () => undefined)
    child.stdin?.end(input ?? '')
  })
}

/** Whether `root` is in a git repository, and a shallow one; undefined when it is in none. */
async function repositoryOf(root: string): Promise<{ shallow: boolean } | undefined> {
  try {
    const out = await git(root, ['rev-parse', '--is-shallow-repository'])
    return { shallow: out.toString().trim() === 'true' }
  } catch {
    return undefined
  }
}

function contentPaths(value: unknown): string[] {
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    value.length > PATHS_MAX ||
    !value.every((p) => typeof p === 'string' && isContentYamlPath(p))
  )
    throw new StoreError(
      `L'historique ne lit que des fichiers YAML de content/, pas ${JSON.stringify(value)}.`,
      422,
    )
  return [...new Set(value as string[])]
}

function commitId(value: unknown): string {
  if (typeof value !== 'string' || !COMMIT_ID.test(value))
    throw new StoreError(`« ${String(value)} » n'est pas l'identifiant d'un commit.`, 422)
  return value
}

/**
 * The action `history`: `{ paths, from?, limit }` -> the commits reachable from `from` (HEAD
 * when absent) that changed any of the paths, newest first as git lists them, each with the
 * paths it changed: at least the newest `limit` of each path (HistoryHost's promise), exact.
 */
export async function historyOf(
  root: string,
  params: Record<string, unknown>,
): Promise<CommitList | NoRepository> {
  const paths = contentPaths(params.paths)
  const limit = Math.min(Math.max(Math.trunc(Number(params.limit)) || 20, 1), LIMIT_MAX)
  const from = params.from === undefined || params.from === null ? 'HEAD' : commitId(params.from)
  const repository = await repositoryOf(root)
  if (!repository) return NO_REPOSITORY
  let commits: HistoryCommit[]
  try {
    commits = await logOf(root, from, paths, limit)
  } catch (e) {
    // A repository without a commit yet has no history.
    if (
      from === 'HEAD' &&
      !(await git(root, ['rev-parse', '--verify', '--quiet', 'HEAD']).catch(() => undefined))
    )
      return { commits: [] }
    if (from !== 'HEAD') throw new StoreError(`Le dépôt n'a pas de commit « ${from} ».`, 422)
    throw e
  }
  return repository.shallow ? { commits, shallow: true } : { commits }
}

/**
 * The commits of the paths from `from`, as the hosts list them: which commits changed a path is
 * git's list of that path alone (`git rev-list <from> -- <path>`, its history simplified for that
 * path, as GitHub's, GitLab's and Gitea's `commits?path=`: a merge that only brought a side
 * branch's change of it is not one, the side branch's commit is); the order, git's log of them
 * all, read as it comes and stopped once each path has `limit` commits (or at the end): a commit
 * is kept while one of the paths it changed has fewer.
 */
async function logOf(
  root: string,
  from: string,
  paths: readonly string[],
  limit: number,
): Promise<HistoryCommit[]> {
  const changed = await Promise.all(
    paths.map(
      async (path) =>
        new Set((await git(root, ['rev-list', from, '--', path])).toString().split('\n')),
    ),
  )
  return new Promise((resolve, reject) => {
    const child = spawn(
      'git',
      [...CONFIG, 'log', '--no-color', `--format=${FORMAT}`, from, '--', ...paths],
      { cwd: root, env: gitEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
    )
    const seen = paths.map(() => 0)
    const commits: HistoryCommit[] = []
    const errors: Buffer[] = []
    let buffer: Buffer = Buffer.alloc(0)
    let enough = false
    const take = (record: Buffer) => {
      const [id = '', parents = '', author = '', date = '', message = ''] = record
        .toString('utf8')
        .split('\0')
      // The paths it changed (none: a merge the paths together list, and no path alone).
      const at = paths.flatMap((_, i) => (changed[i]?.has(id) ? [i] : []))
      if (at.some((i) => (seen[i] ?? 0) < limit))
        commits.push({
          id,
          parent: parents.split(' ')[0] || null,
          date,
          author,
          message: (message.split('\n')[0] ?? '').replace(/\r$/, ''),
          files: at.map((i) => paths[i] as string),
        })
      for (const i of at) seen[i] = (seen[i] ?? 0) + 1
      enough = seen.every((n) => n >= limit)
    }
    child.stdout.on('data', (chunk: Buffer) => {
      if (enough) return
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk
      // A record is complete when the next one starts.
      for (let end = buffer.indexOf(0x1e, 1); end > 0 && !enough; end = buffer.indexOf(0x1e, 1)) {
        take(buffer.subarray(1, end))
        buffer = buffer.subarray(end)
      }
      if (enough) child.kill()
    })
    child.stderr.on('data', (chunk: Buffer) => errors.push(chunk))
    child.on('error', reject)
    child.on('close', (code) => {
      if (enough) return resolve(commits)
      if (code !== 0)
        return reject(new Error(`git log: ${Buffer.concat(errors).toString().trim() || code}`))
      if (buffer.length > 1) take(buffer.subarray(1))
      resolve(commits)
    })
  })
}

/**
 * The action `textsAt`: `{ ref, paths }` -> each path's text at commit `ref`, null where no
 * file is (or the commit is not in the repository), from one `git cat-file --batch`.
 */
export async function textsAt(
  root: string,
  params: Record<string, unknown>,
): Promise<TextsAnswer | NoRepository> {
  const ref = commitId(params.ref)
  const paths = contentPaths(params.paths)
  let out: Buffer
  try {
    // `<commit>:./<path>`: the path from the project's folder, which may be the repository's or
    // a folder of it.
    out = await git(root, ['cat-file', '--batch'], paths.map((p) => `${ref}:./${p}\n`).join(''))
  } catch (e) {
    if (!(await repositoryOf(root))) return NO_REPOSITORY
    throw e
  }
  const texts: Record<string, string | null> = {}
  let at = 0
  for (const path of paths) {
    // `<sha> <type> <size>\n<bytes>\n`, or `<what was asked> missing\n` (or ambiguous).
    const eol = out.indexOf(10, at)
    const header = out.subarray(at, eol).toString()
    at = eol + 1
    const [, type, size] = /^[0-9a-f]+ (\w+) (\d+)$/.exec(header) ?? []
    if (!type || !size) {
      texts[path] = null
      continue
    }
    const bytes = out.subarray(at, at + Number(size))
    at += Number(size) + 1
    texts[path] = type === 'blob' ? bytes.toString('utf8') : null
  }
  return { texts }
}
