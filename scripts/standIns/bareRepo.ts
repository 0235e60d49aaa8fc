// A bare git repository driven with the git CLI: the storage of the GitHub stand-in
// (gitHubStandIn.ts). Every object the stand-in hands out is a real git object of this
// repository and every branch move a real `update-ref`, so `git log` on it is the truth a test
// checks. No configuration of the machine or the caller's environment reaches git (no global or
// system config, no GIT_DIR of a hook).
import {
  type ChildProcessWithoutNullStreams,
  execFile,
  execFileSync,
  spawn,
} from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export type Person = { name: string; email: string; date?: string }

/** One entry of `git ls-tree -l`. */
export type TreeEntry = { mode: string; type: string; sha: string; size?: number; path: string }

/** A commit as `git log` shows it; dates in ISO 8601 UTC (GitHub's `2026-11-27T04:45:00Z`). */
export type CommitInfo = {
  sha: string
  tree: string
  parents: string[]
  author: Required<Person>
  committer: Required<Person>
  message: string
}

const ZERO = '0'.repeat(40)
export const SHA = /^[0-9a-f]{40}$/

function gitEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    LC_ALL: 'C',
    ...extra,
  }
  for (const name of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY'])
    if (!(name in extra)) delete env[name]
  return env
}

type Run = { input?: string | Buffer; env?: Record<string, string>; cwd?: string }

export class BareRepo {
  readonly dir: string
  private catFile?: CatFile
  constructor(dir: string) {
    this.dir = resolve(dir)
  }

  /** One `git cat-file --batch-command` for the reads of objects, made at the first. */
  private objects(): CatFile {
    this.catFile ??= new CatFile(this.dir)
    return this.catFile
  }

  /** Ends the process reading objects, if one was started. */
  close(): void {
    this.catFile?.close()
    this.catFile = undefined
  }

  /** git with this repository, resolved with stdout (bytes), or rejected with git's message. */
  run(args: string[], { input, env, cwd }: Run = {}): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const child = execFile(
        'git',
        [`--git-dir=${this.dir}`, ...args],
        { env: gitEnv(env), cwd, encoding: 'buffer', maxBuffer: 512 * 1024 * 1024 },
        (error, stdout, stderr) => {
          if (error) reject(new Error(`git ${args[0]}: ${stderr.toString().trim() || error}`))
          else resolve(stdout)
        },
      )
      // git may exit before reading its input (a refusal): that is its answer, not an error.
      child.stdin?.on('error', () => undefined)
      child.stdin?.end(input ?? '')
    })
  }

  /** The same, synchronously: for a test's look at the repository between requests. */
  runSync(args: string[], { input, env }: Run = {}): Buffer {
    return execFileSync('git', [`--git-dir=${this.dir}`, ...args], {
      env: gitEnv(env),
      input: input ?? '',
      maxBuffer: 512 * 1024 * 1024,
      stdio: ['pipe', 'pipe', 'pipe'],
    })
  }

  /** A revision resolved to a sha, or undefined; never an option (`-x`) passed through. */
  async resolve(rev: string): Promise<string | undefined> {
    if (rev.startsWith('-') || rev.includes('\0')) return undefined
    const out = await this.run(['rev-parse', '--verify', '--quiet', rev]).catch(() => undefined)
    const sha = out?.toString().trim()
    return sha && SHA.test(sha) ? sha : undefined
  }

  async objectType(sha: string): Promise<string | undefined> {
    if (!SHA.test(sha)) return undefined
    return (await this.objects().info(sha))?.type
  }

  /** `ls-tree -l` of a tree; `recursive` lists sub-trees' entries too, the trees included. */
  async listTree(tree: string, recursive: boolean): Promise<TreeEntry[]> {
    const out = await this.run(['ls-tree', '-z', '-l', ...(recursive ? ['-r', '-t'] : []), tree])
    return out
      .toString()
      .split('\0')
      .filter(Boolean)
      .map((line) => {
        const tab = line.indexOf('\t')
        const [mode = '', type = '', sha = '', size = '-'] = line.slice(0, tab).split(/ +/)
        return {
          mode,
          type,
          sha,
          ...(size === '-' ? {} : { size: Number(size) }),
          path: line.slice(tab + 1),
        }
      })
  }

  async readBlob(sha: string): Promise<Buffer> {
    const object = SHA.test(sha) ? await this.objects().contents(sha) : undefined
    if (object?.type !== 'blob') throw new Error(`git cat-file: ${sha} is not a blob`)
    return object.bytes
  }

  async writeBlob(bytes: Buffer): Promise<string> {
    return (await this.run(['hash-object', '-w', '--stdin'], { input: bytes })).toString().trim()
  }

  /**
   * A new tree: `base` (or nothing) with each path set to a blob, or removed when its sha is
   * null, through an index file of its own (requests may build trees side by side). Rejects
   * when a sha is not an object of the repository (`write-tree` checks every entry).
   */
  async makeTree(
    base: string | undefined,
    entries: { path: string; mode: string; sha: string | null }[],
  ): Promise<string> {
    const scratch = mkdtempSync(join(tmpdir(), 'gh-stand-in-index-'))
    const env = { GIT_INDEX_FILE: join(scratch, 'index') }
    try {
      await this.run(base ? ['read-tree', base] : ['read-tree', '--empty'], { env })
      const records = entries.map((e) =>
        e.sha === null ? `0 ${ZERO}\t${e.path}\0` : `${e.mode} ${e.sha}\t${e.path}\0`,
      )
      await this.run(['update-index', '-z', '--index-info'], { env, input: records.join('') })
      return (await this.run(['write-tree'], { env })).toString().trim()
    } finally {
      rmSync(scratch, { recursive: true, force: true })
    }
  }

  async commitTree(
    tree: string,
    parents: string[],
    message: string,
    author: Person,
    committer: Person,
  ): Promise<string> {
    const env: Record<string, string> = {
      GIT_AUTHOR_NAME: author.name,
      GIT_AUTHOR_EMAIL: author.email,
      GIT_COMMITTER_NAME: committer.name,
      GIT_COMMITTER_EMAIL: committer.email,
      ...(author.date ? { GIT_AUTHOR_DATE: author.date } : {}),
      ...(committer.date ? { GIT_COMMITTER_DATE: committer.date } : {}),
    }
    const args = ['commit-tree', tree, ...parents.flatMap((p) => ['-p', p]), '-F', '-']
    return (await this.run(args, { env, input: message })).toString().trim()
  }

  async isAncestor(ancestor: string, descendant: string): Promise<boolean> {
    return this.run(['merge-base', '--is-ancestor', ancestor, descendant]).then(
      () => true,
      () => false,
    )
  }

  /**
   * The commits `head` has that `base` lacks (`ahead`) and the reverse (`behind`): git's
   * `rev-list --left-right --count base...head`, what the hosts' compare APIs answer from.
   */
  async aheadBehind(base: string, head: string): Promise<{ ahead: number; behind: number }> {
    const out = (await this.run(['rev-list', '--left-right', '--count', `${base}...${head}`]))
      .toString()
      .trim()
    const [behind = 0, ahead = 0] = out.split(/\s+/).map(Number)
    return { ahead, behind }
  }

  /** Moves the branch to `sha` only if it still is at `expected` (git's compare-and-swap). */
  async updateBranch(branch: string, sha: string, expected: string): Promise<void> {
    await this.run(['update-ref', `refs/heads/${branch}`, sha, expected])
  }

  /** Commits of `rev` touching `path` (all when no path), newest first. */
  async log(rev: string, { path, skip = 0, max }: { path?: string; skip?: number; max?: number }) {
    const args = ['log', `--format=${LOG_FORMAT}`, `--skip=${skip}`]
    if (max !== undefined) args.push(`--max-count=${max}`)
    args.push(rev, '--', ...(path ? [path] : []))
    return parseLog((await this.run(args)).toString())
  }

  logSync(rev: string): CommitInfo[] {
    return parseLog(this.runSync(['log', `--format=${LOG_FORMAT}`, rev, '--']).toString())
  }

  /** The paths a commit changed against its first parent, with git's status letter (A, M, D). */
  changedFilesSync(sha: string): { status: string; path: string }[] {
    const out = this.runSync([
      'diff-tree',
      '-r',
      '-z',
      '--root',
      '--no-commit-id',
      '--name-status',
      sha,
    ])
    const parts = out.toString().split('\0').filter(Boolean)
    const files: { status: string; path: string }[] = []
    for (let i = 0; i + 1 < parts.length; i += 2)
      files.push({ status: parts[i] as string, path: parts[i + 1] as string })
    return files
  }
}

type ObjectInfo = { type: string; size: number }
type Pending = {
  contents: boolean
  done: (o: (ObjectInfo & { bytes: Buffer }) | undefined) => void
}

/**
 * `git cat-file --batch-command`: an object's type, or its bytes, from one process kept for the
 * repository's life (a git process per request cost 20-60 ms, most of a blob's answer). Its
 * answers come in the order of the questions. Objects written since it started are seen (git
 * looks loose objects up on each question and reads the packs again on a miss).
 */
class CatFile {
  private readonly child: ChildProcessWithoutNullStreams
  private readonly pending: Pending[] = []
  private buffer = Buffer.alloc(0)

  constructor(dir: string) {
    this.child = spawn('git', [`--git-dir=${dir}`, 'cat-file', '--batch-command'], {
      env: gitEnv(),
    })
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk])
      this.drain()
    })
    const fail = () => {
      for (const p of this.pending.splice(0)) p.done(undefined)
    }
    this.child.on('exit', fail)
    this.child.stdin.on('error', fail)
    // Not holding the test process open.
    this.child.unref()
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr])
      (stream as unknown as { unref?: () => void }).unref?.()
  }

  info(sha: string): Promise<ObjectInfo | undefined> {
    return this.ask(`info ${sha}\n`, false)
  }

  contents(sha: string): Promise<(ObjectInfo & { bytes: Buffer }) | undefined> {
    return this.ask(`contents ${sha}\n`, true)
  }

  close(): void {
    this.child.stdin.end()
    this.child.kill()
  }

  private ask<T>(command: string, contents: boolean): Promise<T | undefined> {
    return new Promise((resolve) => {
      this.pending.push({ contents, done: resolve as Pending['done'] })
      this.child.stdin.write(command)
    })
  }

  /** Each complete answer: `<sha> <type> <size>\n` (then the bytes and `\n`), or `<sha> missing\n`. */
  private drain() {
    for (;;) {
      const next = this.pending[0]
      const eol = this.buffer.indexOf(10)
      if (!next || eol < 0) return
      const [, type = '', size = ''] = this.buffer.subarray(0, eol).toString().split(' ')
      if (type === 'missing' || type === 'ambiguous' || !size) {
        this.buffer = this.buffer.subarray(eol + 1)
        this.pending.shift()
        next.done(undefined)
        continue
      }
      const length = Number(size)
      if (!next.contents) {
        this.buffer = this.buffer.subarray(eol + 1)
        this.pending.shift()
        next.done({ type, size: length, bytes: Buffer.alloc(0) })
        continue
      }
      if (this.buffer.length < eol + 1 + length + 1) return
      const bytes = Buffer.from(this.buffer.subarray(eol + 1, eol + 1 + length))
      this.buffer = this.buffer.subarray(eol + 1 + length + 1)
      this.pending.shift()
      next.done({ type, size: length, bytes })
    }
  }
}

const LOG_FORMAT = `${['%H', '%T', '%P', '%an', '%ae', '%aI', '%cn', '%ce', '%cI', '%B'].join('%x00')}%x1e`

/** GitHub's form of a date: UTC, seconds, `Z`. */
export const gitHubDate = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z')

function parseLog(text: string): CommitInfo[] {
  return text
    .split('\x1e')
    .map((record) => record.replace(/^\n/, ''))
    .filter(Boolean)
    .map((record) => {
      const [sha, tree, parents, an, ae, ad, cn, ce, cd, ...message] = record.split('\0')
      return {
        sha: sha as string,
        tree: tree as string,
        parents: parents ? parents.split(' ') : [],
        author: { name: an as string, email: ae as string, date: gitHubDate(ad as string) },
        committer: { name: cn as string, email: ce as string, date: gitHubDate(cd as string) },
        message: message.join('\0'),
      }
    })
}

/** A new bare repository whose `branch` holds one commit: every file of `folder`. */
export async function seedBareRepo(
  dir: string,
  branch: string,
  folder: string,
  author: Person,
): Promise<BareRepo> {
  const repo = new BareRepo(dir)
  await repo.run(['init', '--bare', '--quiet', `--initial-branch=${branch}`])
  const scratch = mkdtempSync(join(tmpdir(), 'gh-stand-in-seed-'))
  const work = resolve(folder)
  const env = { GIT_INDEX_FILE: join(scratch, 'index'), GIT_WORK_TREE: work }
  try {
    // `add -A` honours the folder's own .gitignore files, as a clone of the project would.
    await repo.run(['add', '-A', '.'], { env, cwd: work })
    const tree = (await repo.run(['write-tree'], { env })).toString().trim()
    const sha = await repo.commitTree(tree, [], 'Seed of the GitHub stand-in', author, author)
    await repo.run(['update-ref', `refs/heads/${branch}`, sha, ZERO])
    return repo
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}
