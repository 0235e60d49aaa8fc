// An entry's history (templates/core/history/types.ts HistoryHost) as each host the editor saves
// through answers it: GitHub, GitLab and Gitea through Decap's own API classes (bundled as the
// editor bundles them) against their stand-ins over a real bare repository, and the dev server's
// file store (scripts/lib/cms/gitHistory.ts behind its proxy actions) over a real working
// repository. Commits made through the host's save, by another writer and with plain git (its
// own author and date) are listed as `git log` has them: ids, parents, authors, dates, the first
// line of the message, the files each changed, newest first, from any commit on, at least each
// path's newest `limit`, a merge that only brought a side branch's change left out (each path
// as git lists it alone); texts at a commit are git's (null where no file is), each read once; a
// refused listing and a host that fails come out as `HistoryUnavailable`. The merge of the
// paths' listings is checked on its own too. The requests a page's history costs are measured.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action } from '../../scripts/lib/cms/devEditor.ts'
import { type GitHubStandIn, startGitHubStandIn } from '../../scripts/standIns/gitHubStandIn.ts'
import { type HostStandIn, startHostStandIn } from '../../scripts/standIns/hostStandIn.ts'
import { giteaHost } from '../../templates/admin/backend/giteaHost.ts'
import { gitLabHost } from '../../templates/admin/backend/gitLabHost.ts'
import {
  type CountedHistory,
  type GitHubApiLike,
  gitHubHost,
  historyFailure,
  type ListedCommit,
  mergeListings,
  proxyHost,
  type SiteHost,
} from '../../templates/admin/backend/hosts.ts'
import { readHistory } from '../../templates/core/history/readHistory.ts'
import { type HistoryCommit, HistoryUnavailable } from '../../templates/core/history/types.ts'
import { loadDecapGitHubApi } from './decapGitHubApi.ts'
import { loadDecapHostApi } from './decapHostApis.ts'
import { removeTree, treeFrom } from './fixtureTree.ts'

const FR = 'content/fr/training.yaml'
const EN = 'content/en/training.yaml'
const HOME = 'content/fr/home.yaml'
const BIG = 'content/fr/big.yaml'

/** git with no configuration of the machine's, in `cwd` or on `--git-dir`. */
const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  LC_ALL: 'C',
}
const git = (args: string[], options: { cwd?: string; env?: object; input?: string } = {}) =>
  execFileSync('git', args, {
    cwd: options.cwd,
    env: { ...GIT_ENV, ...options.env },
    input: options.input,
    maxBuffer: 64 * 1024 * 1024,
  }).toString()

type PlainCommit = {
  files: Record<string, string | null>
  message: string
  author: string
  /** ISO 8601 with its offset: the author's and the committer's date. */
  date: string
  /** Another branch than the one given (`side`); its parent (`from`: a sha, or `:<n>`, the n-th
   * commit of the same call) and a second parent (`merge`). */
  branch?: string
  from?: string
  merge?: string
}

/** git's `<seconds> <+hhmm>` of an ISO date with its offset. */
function gitTime(iso: string): string {
  const zone = /([+-])(\d\d):?(\d\d)$/.exec(iso)
  return `${Math.floor(Date.parse(iso) / 1000)} ${zone ? `${zone[1]}${zone[2]}${zone[3]}` : '+0000'}`
}

/** Commits made with plain git (one fast-import) on `branch` of a bare repository; their ids. */
function plainCommits(repoDir: string, branch: string, commits: PlainCommit[]): string[] {
  const parent = git([`--git-dir=${repoDir}`, 'rev-parse', `refs/heads/${branch}`]).trim()
  const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`
  let stream = ''
  commits.forEach((c, i) => {
    const who = `${c.author} <${c.author.toLowerCase().replace(/\W+/g, '.')}@git.invalid> ${gitTime(c.date)}`
    stream += `commit refs/heads/${c.branch ?? branch}\nmark :${i + 1}\n`
    stream += `author ${who}\ncommitter ${who}\n${data(c.message)}`
    if (c.from || i === 0) stream += `from ${c.from ?? parent}\n`
    if (c.merge) stream += `merge ${c.merge}\n`
    for (const [path, text] of Object.entries(c.files))
      stream += text === null ? `D ${path}\n` : `M 100644 inline ${path}\n${data(text)}`
    stream += '\n'
  })
  const scratch = mkdtempSync(join(tmpdir(), 'plain-commits-'))
  try {
    const marks = join(scratch, 'marks')
    git([`--git-dir=${repoDir}`, 'fast-import', '--quiet', `--export-marks=${marks}`], {
      input: stream,
    })
    const byMark = new Map(
      readFileSync(marks, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split(' ') as [string, string]),
    )
    return commits.map((_, i) => byMark.get(`:${i + 1}`) as string)
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

/**
 * git's own history of the paths from `from`: the commits of each path as git lists it alone
 * (`rev-list -- <path>`, as the hosts' `commits?path=`), in the order of git's walk.
 */
function truth(gitArgs: string[], from: string, paths: readonly string[]) {
  const ids = (...args: string[]) =>
    git([...gitArgs, 'rev-list', from, ...args])
      .split('\n')
      .filter(Boolean)
  const changed = paths.map((p) => new Set(ids('--', p)))
  return ids()
    .map((id) => ({ id, files: paths.filter((_, i) => changed[i]?.has(id)) }))
    .filter((c) => c.files.length > 0)
}

/**
 * What HistoryHost promises, against git's own log: no commit twice, git's order, each path's
 * newest `limit` there, a commit's `files` among those it changed, and the newest `limit` exactly
 * git's newest, each with all the paths it changed.
 */
function expectListing(
  listed: readonly HistoryCommit[],
  expected: ReturnType<typeof truth>,
  paths: readonly string[],
  limit: number,
) {
  const ids = listed.map((c) => c.id)
  expect(new Set(ids).size).toBe(ids.length)
  const order = expected.map((c) => c.id)
  const positions = ids.map((id) => order.indexOf(id))
  expect(positions.every((p) => p >= 0)).toBe(true)
  expect(positions).toEqual([...positions].sort((a, b) => a - b))
  const filesOf = new Map(expected.map((c) => [c.id, c.files]))
  for (const c of listed) {
    expect(c.files.length).toBeGreaterThan(0)
    for (const f of c.files) expect(filesOf.get(c.id)).toContain(f)
  }
  for (const path of paths)
    for (const c of expected.filter((e) => e.files.includes(path)).slice(0, limit))
      expect(ids).toContain(c.id)
  expect(listed.slice(0, limit).map((c) => [c.id, c.files])).toEqual(
    expected.slice(0, limit).map((c) => [c.id, c.files]),
  )
}

const listed = (id: string, committed: number, parent: string | null = null): ListedCommit => ({
  id,
  parent,
  parents: parent ? 1 : 0,
  date: new Date(committed).toISOString(),
  author: 'A',
  message: id,
  committed,
})

describe('mergeListings: the paths’ listings as one', () => {
  it('keeps each listing’s order and each parent after its child, then the newest first', () => {
    // Two listings of commits made in the same second: the order is each listing's.
    const merged = mergeListings([
      {
        path: FR,
        commits: [listed('c3', 5, 'x'), listed('c2', 5, 'c1'), listed('c1', 5, 's')],
        more: false,
      },
      { path: EN, commits: [listed('p', 9, 'c3'), listed('c2', 5, 'c1')], more: false },
    ])
    expect(merged.map((c) => [c.id, c.files])).toEqual([
      ['p', [EN]],
      ['c3', [FR]],
      ['c2', [FR, EN]],
      ['c1', [FR]],
    ])
    expect(merged.every((c) => c.whole)).toBe(true)
    // The older listed first: the other listing's order, or the parent, still puts it after.
    const order = (...listings: [string, ListedCommit[]][]) =>
      mergeListings(listings.map(([path, commits]) => ({ path, commits, more: false }))).map(
        (c) => c.id,
      )
    expect(
      order([FR, [listed('b', 5, 'q')]], [EN, [listed('a', 5, 'p'), listed('b', 5, 'q')]]),
    ).toEqual(['a', 'b'])
    expect(order([FR, [listed('y', 5, 's')]], [EN, [listed('x', 5, 'y')]])).toEqual(['x', 'y'])
  })

  it('marks whole only the commits newer than every stopped listing’s oldest', () => {
    // FR stopped at 70: older commits listed for EN may have changed FR unseen.
    const merged = mergeListings([
      { path: FR, commits: [listed('f1', 100), listed('f2', 90), listed('f3', 70)], more: true },
      { path: EN, commits: [listed('e1', 95), listed('e2', 60), listed('e3', 10)], more: false },
    ])
    expect(merged.map((c) => c.id)).toEqual(['f1', 'e1', 'f2', 'f3', 'e2', 'e3'])
    expect(merged.filter((c) => c.whole).map((c) => c.id)).toEqual(['f1', 'e1', 'f2'])
  })
})

describe('historyFailure: a host’s failure as the history says it', () => {
  it('4xx refused, 5xx, 429 and no answer unreachable, a fault of the code as it is', () => {
    const reason = (e: unknown) => (historyFailure(e) as HistoryUnavailable).reason
    expect(reason(Object.assign(new Error('Not Found'), { status: 404 }))).toBe('refused')
    expect(reason(Object.assign(new Error('Forbidden'), { status: 403 }))).toBe('refused')
    expect(reason(Object.assign(new Error('Bad Gateway'), { status: 502 }))).toBe('unreachable')
    expect(reason(Object.assign(new Error('slow down'), { status: 429 }))).toBe('unreachable')
    expect(reason(new TypeError('fetch failed'))).toBe('unreachable')
    expect(reason(Object.assign(new Error('no answer'), { status: null }))).toBe('unreachable')
    const fault = new RangeError('a bug')
    expect(historyFailure(fault)).toBe(fault)
  })

  it('a request that gets no answer rejects as unreachable', async () => {
    const api = {
      repoURL: '/repos/transfo/site',
      branch: 'main',
      request: () => Promise.reject(new TypeError('fetch failed')),
    } as unknown as GitHubApiLike
    const history = gitHubHost(api).history as CountedHistory
    await expect(history.commits([FR], { limit: 5 })).rejects.toMatchObject({
      name: 'HistoryUnavailable',
      reason: 'unreachable',
    })
    await expect(history.textsAt('a'.repeat(40), [FR])).rejects.toMatchObject({
      reason: 'unreachable',
    })
  })
})

type Kind = 'github' | 'gitlab' | 'gitea'
type StandIn = GitHubStandIn | HostStandIn
type Settings = { apiRoot: string; token: string; repo: string; branch: string }

/** The host over Decap's API class of its backend, and a maker of another (another repo). */
async function hostOf(kind: Kind): Promise<{ make(s: Settings): SiteHost; dispose(): void }> {
  if (kind === 'github') {
    const decap = await loadDecapGitHubApi()
    return {
      make: (s) => gitHubHost(decap.create(s) as unknown as GitHubApiLike),
      dispose: decap.dispose,
    }
  }
  const decap = await loadDecapHostApi(kind)
  return {
    make: (s) => (kind === 'gitea' ? giteaHost : gitLabHost)(decap.create(s) as never),
    dispose: decap.dispose,
  }
}

/** The requests measured, for the report (printed once all hosts ran). */
const measured: string[] = []
afterAll(() => {
  if (measured.length) console.info(`history requests:\n${measured.join('\n')}`)
})

describe.each(['github', 'gitlab', 'gitea'] as const)('the history over %s', (kind) => {
  let seed: string
  let standIn: StandIn
  let host: SiteHost
  let history: CountedHistory
  let make: (s: Settings) => SiteHost
  let dispose = () => {}
  const ids = {} as Record<'seed' | 'c1' | 'c2' | 'other' | 'c3' | 'plain', string>
  /** The 80 commits a minute apart the measure adds, oldest first. */
  let deep: string[] = []
  const bare = () => [`--git-dir=${standIn.repoDir}`]
  const settings = (repo = standIn.repo) => ({
    apiRoot: standIn.apiRoot,
    token: standIn.token,
    repo,
    branch: standIn.branch,
  })
  /** git's own text of a file at a commit, or null. */
  const gitText = (ref: string, path: string) => standIn.readFile(path, ref)?.toString() ?? null
  const requests = () => standIn.requests.length
  const save = async (files: Record<string, string | null>, message: string) => {
    await host.commit({
      parent: standIn.commits()[0] as string,
      expected: new Map(),
      files: new Map(Object.entries(files)),
      assets: [],
      message,
    })
    return standIn.commits()[0] as string
  }

  beforeAll(async () => {
    seed = treeFrom('good', {
      write: { [FR]: 'title: Formation\n', [EN]: 'title: Training\n' },
    })
    standIn =
      kind === 'github'
        ? await startGitHubStandIn({ seedFrom: seed })
        : await startHostStandIn({ host: kind, seedFrom: seed })
    const loaded = await hostOf(kind)
    make = loaded.make
    dispose = loaded.dispose
    host = make(settings())
    history = host.history as CountedHistory
    ids.seed = standIn.commits()[0] as string
    // Three saves of the page through the host (the editor's), one of another file by another
    // writer, one with plain git: its own author and date.
    ids.c1 = await save({ [FR]: 'title: Formation — été ☀️\n' }, 'Formation : été')
    ids.c2 = await save(
      { [FR]: 'title: Formation 2\n', [EN]: 'title: Training 2\n' },
      'Formation et training\n\nLe détail, sur une autre ligne.',
    )
    ids.other = await standIn.pushCommit({ [HOME]: 'title: Accueil\n' }, 'Home only')
    ids.c3 = await save({ [FR]: 'title: Formation 3\n' }, 'Formation 3')
    ids.plain = plainCommits(standIn.repoDir, standIn.branch, [
      {
        files: { [EN]: null, [BIG]: `x: ${'é'.repeat(600_000)}\n` },
        message: 'Sans anglais\n',
        author: 'Zoé Git',
        date: '2030-01-02T03:04:05+02:00',
      },
    ])[0] as string
  }, 120_000)
  afterAll(async () => {
    dispose()
    await standIn?.stop()
    removeTree(seed)
  })

  it('lists the commits of the page’s files as git has them, newest first', async () => {
    const n = requests()
    const { commits, shallow } = await history.commits([FR, EN], { limit: 20 })
    expect(shallow).toBeUndefined()
    expect(commits.map((c) => [c.id, c.files])).toEqual([
      [ids.plain, [EN]],
      [ids.c3, [FR]],
      [ids.c2, [FR, EN]],
      [ids.c1, [FR]],
      [ids.seed, [FR, EN]],
    ])
    // One listing per path, side by side.
    expect(requests() - n).toBe(2)
    const log = new Map(standIn.log().map((c) => [c.sha, c]))
    for (const c of commits) {
      const g = log.get(c.id)
      expect(c.parent).toBe(g?.parents[0] ?? null)
      expect(c.author).toBe(g?.author.name)
      expect(Date.parse(c.date)).toBe(Date.parse(g?.author.date ?? ''))
      expect(c.message).toBe(g?.message.split('\n')[0])
    }
    const plain = commits[0] as HistoryCommit
    expect(plain.author).toBe('Zoé Git')
    expect(Date.parse(plain.date)).toBe(Date.parse('2030-01-02T03:04:05+02:00'))
    expect(plain.message).toBe('Sans anglais')
    expect(commits[2]?.message).toBe('Formation et training')
    expect(commits[2]?.author).toBe(standIn.user.name)
  })

  it('lists from any commit on (`from` itself first), and each path’s newest `limit`', async () => {
    const page = async (from: string | undefined, limit: number) =>
      (await history.commits([FR, EN], { from, limit })).commits
    expect((await page(ids.c2, 20)).map((c) => c.id)).toEqual([ids.c2, ids.c1, ids.seed])
    // From a commit that changed neither file: the ones before it.
    expect((await page(ids.other, 20)).map((c) => c.id)).toEqual([ids.c2, ids.c1, ids.seed])
    for (const from of [undefined, ids.c3, ids.other, ids.c1])
      for (const limit of [1, 2, 3])
        expectListing(
          await page(from, limit),
          truth(bare(), from ?? standIn.branch, [FR, EN]),
          [FR, EN],
          limit,
        )
    expect((await history.commits(['content/fr/nowhere.yaml'], { limit: 5 })).commits).toEqual([])
  })

  it('reads the texts at a commit as git has them, null where no file is, each once', async () => {
    const n = requests()
    const at = await history.textsAt(ids.c1 as string, [FR, EN, 'content/fr/nowhere.yaml'])
    expect([...at]).toEqual([
      [FR, 'title: Formation — été ☀️\n'],
      [EN, 'title: Training\n'],
      ['content/fr/nowhere.yaml', null],
    ])
    expect(requests() - n).toBe(3)
    // Read before: no request.
    expect((await history.textsAt(ids.c1 as string, [FR])).get(FR)).toBe(gitText(ids.c1, FR))
    expect(requests() - n).toBe(3)
    // Removed by the plain commit.
    expect((await history.textsAt(ids.plain as string, [EN])).get(EN)).toBeNull()
    expect((await history.textsAt(ids.seed as string, [FR])).get(FR)).toBe('title: Formation\n')
    // A file over the contents API's 1 MB (GitHub gives its bytes by its blob).
    expect((await history.textsAt(ids.plain as string, [BIG])).get(BIG)).toBe(
      gitText(ids.plain, BIG),
    )
  })

  it('reads a file once across a listed commit that did not change it', async () => {
    await history.commits([FR, EN], { limit: 20 })
    const n = requests()
    // c3 changed FR only, on `other`, which changed neither: EN is the same text at both.
    expect((await history.textsAt(ids.c3 as string, [EN])).get(EN)).toBe(gitText(ids.c3, EN))
    expect(requests() - n).toBe(1)
    expect((await history.textsAt(ids.other as string, [EN])).get(EN)).toBe(gitText(ids.other, EN))
    expect(requests() - n).toBe(1)
    // FR did change at c3: each side's text is read on its own.
    expect((await history.textsAt(ids.other as string, [FR])).get(FR)).toBe('title: Formation 2\n')
    expect((await history.textsAt(ids.c3 as string, [FR])).get(FR)).toBe('title: Formation 3\n')
    expect(requests() - n).toBe(3)
  })

  it('says `refused` when the host refuses the listing, `unreachable` when it fails', async () => {
    const gone = make(settings('transfo/gone')).history as CountedHistory
    await expect(gone.commits([FR], { limit: 5 })).rejects.toMatchObject({
      name: 'HistoryUnavailable',
      reason: 'refused',
    })
    standIn.onRequest = () => {
      throw new Error('the host is down')
    }
    try {
      const error = await history.commits([FR], { limit: 7 }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(HistoryUnavailable)
      expect(error).toMatchObject({ reason: 'unreachable' })
      await expect(history.textsAt(ids.c2 as string, [EN])).rejects.toMatchObject({
        reason: 'unreachable',
      })
    } finally {
      standIn.onRequest = undefined
    }
    // A failed read is not kept: read again once the host answers.
    expect((await history.textsAt(ids.c2 as string, [EN])).get(EN)).toBe('title: Training 2\n')
  })

  it('measures a page’s history: 20 commits listed, then their texts', async () => {
    // 80 commits a minute apart: another file, FR, EN, both, FR, and again.
    const touch: Record<string, string>[] = [
      { [HOME]: 'h' },
      { [FR]: 'f' },
      { [EN]: 'e' },
      { [FR]: 'f', [EN]: 'e' },
      { [FR]: 'g' },
    ]
    deep = plainCommits(
      standIn.repoDir,
      standIn.branch,
      Array.from({ length: 80 }, (_, i) => ({
        files: Object.fromEntries(
          Object.entries(touch[i % 5] ?? {}).map(([p, t]) => [p, `title: ${t} ${i}\n`]),
        ),
        message: `Commit ${i}`,
        author: i % 2 ? 'Zoé Git' : 'Éditrice',
        date: new Date(Date.parse('2031-01-01T00:00:00Z') + i * 60_000).toISOString(),
      })),
    )
    const fresh = make(settings()).history as CountedHistory
    const before = { history: fresh.requests, http: requests() }
    const listedAt = performance.now()
    // A page of history as the panel reads it (readHistory: the list, then the texts it needs).
    const page = await readHistory(fresh, 'content/pages/training.yaml', [FR, EN], { limit: 20 })
    const [shown, refs] = [page.saves.length, page.reads]
    const ms = performance.now() - listedAt
    expect(shown).toBe(20)
    const total = fresh.requests - before.history
    // The history counts every request it makes: the stand-in received exactly those.
    expect(requests() - before.http).toBe(total)
    // Every read at a commit's files, as many as the page's commits and their files need.
    expect(total).toBeLessThanOrEqual(2 + 2 * refs)

    // And the naive reads: both files at each commit and at its parent.
    const naive = make(settings()).history as CountedHistory
    const { commits } = await naive.commits([FR, EN], { limit: 20 })
    await Promise.all(
      commits
        .slice(0, 20)
        .flatMap((c) => [c.id, ...(c.parent ? [c.parent] : [])])
        .map((ref) => naive.textsAt(ref, [FR, EN])),
    )

    // A page of 50 commits lists well under a second.
    const started = performance.now()
    const fifty = await (make(settings()).history as CountedHistory).commits([FR], { limit: 50 })
    const fiftyMs = performance.now() - started
    expect(fifty.commits.length).toBeGreaterThanOrEqual(50)
    expect(fiftyMs).toBeLessThan(1000)
    measured.push(
      `${kind}: page of 20 (readHistory's reads, ${refs} refs): ${total} requests in ${ms.toFixed(0)} ms; both files at each commit and its parent: ${naive.requests}; 50 commits of a file listed in ${fiftyMs.toFixed(0)} ms`,
    )
  }, 60_000)

  it('lists a history of distinct times as git has it, whatever the depth', async () => {
    for (const from of [undefined, deep[60], deep[33]])
      for (const limit of [1, 2, 3, 7])
        expectListing(
          (await history.commits([FR, EN], { from, limit })).commits,
          truth(bare(), from ?? standIn.branch, [FR, EN]),
          [FR, EN],
          limit,
        )
  })

  it('takes no text across a commit listed below where another path’s listing stopped', async () => {
    // 3 deep: FR's 79, 78, 76 and EN's 78, 77, 73. 73 changed both, but FR's listing stopped at
    // 76: it comes with EN only, and may not stand for its parent's FR.
    const fresh = make(settings()).history as CountedHistory
    const { commits } = await fresh.commits([FR, EN], { limit: 2 })
    // Gitea lists a path 50 deep whatever `limit` asks: there, 73 comes whole.
    expect(commits.find((c) => c.id === deep[73])?.files).toEqual(
      kind === 'gitea' ? [FR, EN] : [EN],
    )
    for (const ref of [deep[73], deep[72]] as string[])
      expect((await fresh.textsAt(ref, [FR])).get(FR)).toBe(gitText(ref, FR))
  })

  it('lists a side branch’s commit, not the merge that brought it, as git lists each path', async () => {
    const base = standIn.commits()[0] as string
    const [side, main, merge] = plainCommits(standIn.repoDir, standIn.branch, [
      {
        files: { [FR]: 'title: côté\n' },
        message: 'Side',
        author: 'Ana',
        date: '2032-01-01T00:00:00Z',
        branch: 'side',
        from: base,
      },
      {
        files: { [EN]: 'title: main\n' },
        message: 'Main',
        author: 'Zoé Git',
        date: '2032-01-02T00:00:00Z',
        from: base,
      },
      {
        files: { [FR]: 'title: côté\n' },
        message: 'Merge side',
        author: 'Zoé Git',
        date: '2032-01-03T00:00:00Z',
        from: ':2',
        merge: ':1',
      },
    ]) as [string, string, string]
    const { commits } = await history.commits([FR, EN], { limit: 20 })
    expect(commits.slice(0, 2).map((c) => [c.id, c.files])).toEqual([
      [main, [EN]],
      [side, [FR]],
    ])
    expect(commits.map((c) => c.id)).not.toContain(merge)
    for (const limit of [1, 2, 5])
      expectListing(
        (await history.commits([FR, EN], { limit })).commits,
        truth(bare(), standIn.branch, [FR, EN]),
        [FR, EN],
        limit,
      )
  })
})

describe('the history in npm run dev: the project’s own git repository', () => {
  let scratch: string
  let repoDir: string
  const ids = {} as Record<'d1' | 'd2' | 'd3' | 'd4' | 'd5' | 'd6', string>
  const ceiling = process.env.GIT_CEILING_DIRECTORIES
  const commit = (
    dir: string,
    files: Record<string, string | null>,
    message: string,
    who: string,
    date: string,
  ) => {
    for (const [path, text] of Object.entries(files)) {
      if (text === null) rmSync(join(dir, path))
      else {
        mkdirSync(dirname(join(dir, path)), { recursive: true })
        writeFileSync(join(dir, path), text)
      }
    }
    git(['add', '-A'], { cwd: dir })
    const env = {
      GIT_AUTHOR_NAME: who,
      GIT_AUTHOR_EMAIL: 'who@git.invalid',
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_NAME: who,
      GIT_COMMITTER_EMAIL: 'who@git.invalid',
      GIT_COMMITTER_DATE: date,
    }
    git(['commit', '-q', '-m', message], { cwd: dir, env })
    return git(['rev-parse', 'HEAD'], { cwd: dir }).trim()
  }
  /** The dev server's answer to the editor's proxy request, as Decap's ProxyBackend reads it. */
  const backendOver = (root: string) => ({
    async request({ action: name, params }: { action: string; params: Record<string, unknown> }) {
      let answer: Awaited<ReturnType<typeof action>>
      try {
        answer = await action(root, { action: name, params })
      } catch (e) {
        throw Object.assign(new Error((e as Error).message), {
          status: (e as { status?: number }).status ?? 500,
        })
      }
      if (answer.status !== 200)
        throw Object.assign(new Error(String(answer.body)), { status: answer.status })
      return answer.body
    },
  })
  const historyAt = (root: string) => proxyHost(backendOver(root)).history as CountedHistory

  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'dev-history-'))
    // No repository above the test's folders is ever found.
    process.env.GIT_CEILING_DIRECTORIES = scratch
    repoDir = join(scratch, 'site')
    mkdirSync(repoDir)
    git(['init', '-q', '-b', 'main'], { cwd: repoDir })
    ids.d1 = commit(
      repoDir,
      { [FR]: 'title: Formation\n', [EN]: 'title: Training\n', [HOME]: 'title: Accueil\n' },
      'Première version',
      'Zoé',
      '2024-01-01T10:00:00+01:00',
    )
    ids.d2 = commit(
      repoDir,
      { [HOME]: 'title: Accueil 2\n' },
      'Accueil',
      'Ana',
      '2024-01-02T10:00:00+01:00',
    )
    ids.d3 = commit(
      repoDir,
      { [FR]: 'title: Formation — été\n' },
      'Formation\n\nLe détail.',
      'Éditrice',
      '2024-01-03T10:00:00-05:00',
    )
    ids.d4 = commit(repoDir, { [EN]: null }, 'Sans anglais', 'Zoé', '2024-01-04T10:00:00+01:00')
    ids.d5 = commit(
      repoDir,
      { [FR]: 'title: Formation 5\n' },
      'Formation 5',
      'Zoé',
      '2024-01-05T10:00:00Z',
    )
    ids.d6 = commit(
      repoDir,
      { [FR]: 'title: Formation 6\n' },
      'Formation 6',
      'Ana',
      '2024-01-06T10:00:00+01:00',
    )
  })
  afterAll(() => {
    if (ceiling === undefined) delete process.env.GIT_CEILING_DIRECTORIES
    else process.env.GIT_CEILING_DIRECTORIES = ceiling
    rmSync(scratch, { recursive: true, force: true })
  })

  it('answers `history` with the repository’s commits of the files, exact', async () => {
    const answer = await action(repoDir, {
      action: 'history',
      params: { paths: [FR, EN], limit: 20 },
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      commits: [
        {
          id: ids.d6,
          parent: ids.d5,
          date: '2024-01-06T10:00:00+01:00',
          author: 'Ana',
          message: 'Formation 6',
          files: [FR],
        },
        {
          id: ids.d5,
          parent: ids.d4,
          date: '2024-01-05T10:00:00+00:00',
          author: 'Zoé',
          message: 'Formation 5',
          files: [FR],
        },
        {
          id: ids.d4,
          parent: ids.d3,
          date: '2024-01-04T10:00:00+01:00',
          author: 'Zoé',
          message: 'Sans anglais',
          files: [EN],
        },
        {
          id: ids.d3,
          parent: ids.d2,
          date: '2024-01-03T10:00:00-05:00',
          author: 'Éditrice',
          message: 'Formation',
          files: [FR],
        },
        {
          id: ids.d1,
          parent: null,
          date: '2024-01-01T10:00:00+01:00',
          author: 'Zoé',
          message: 'Première version',
          files: [FR, EN],
        },
      ],
    })
    const history = historyAt(repoDir)
    const page = async (from: string | undefined, limit: number) =>
      (await history.commits([FR, EN], { from, limit })).commits.map((c) => c.id)
    // Each path's newest: FR's d6, EN's d4 (FR's d5 is not asked for).
    expect(await page(undefined, 1)).toEqual([ids.d6, ids.d4])
    expect(await page(ids.d3, 20)).toEqual([ids.d3, ids.d1])
    expect(await page(ids.d2, 20)).toEqual([ids.d1])
    for (const from of [undefined, ids.d4, ids.d2])
      for (const limit of [1, 2])
        expectListing(
          (await history.commits([FR, EN], { from, limit })).commits,
          truth(['-C', repoDir], from ?? 'HEAD', [FR, EN]),
          [FR, EN],
          limit,
        )
    expect(history.requests).toBe(3 + 6)
    // A save in dev writes files and commits nothing: the history is the commits'.
    writeFileSync(join(repoDir, FR), 'title: pas encore commis\n')
    expect(await page(undefined, 20)).toEqual([ids.d6, ids.d5, ids.d4, ids.d3, ids.d1])
  })

  it('answers `textsAt` with the texts at a commit, null where no file is', async () => {
    const history = historyAt(repoDir)
    expect([
      ...(await history.textsAt(ids.d3 as string, [FR, EN, 'content/fr/nowhere.yaml'])),
    ]).toEqual([
      [FR, 'title: Formation — été\n'],
      [EN, 'title: Training\n'],
      ['content/fr/nowhere.yaml', null],
    ])
    expect((await history.textsAt(ids.d4 as string, [EN])).get(EN)).toBeNull()
    // Not a commit of the repository: no file there.
    expect(
      (await history.textsAt('0123456789abcdef0123456789abcdef01234567', [FR])).get(FR),
    ).toBeNull()
    expect(history.requests).toBe(3)
  })

  it('refuses what is not content YAML or a commit id', async () => {
    await expect(
      action(repoDir, { action: 'history', params: { paths: ['.git/config'], limit: 5 } }),
    ).rejects.toMatchObject({ status: 422 })
    await expect(
      action(repoDir, { action: 'textsAt', params: { ref: '--output=/tmp/x', paths: [FR] } }),
    ).rejects.toMatchObject({ status: 422 })
    await expect(
      action(repoDir, { action: 'history', params: { paths: [FR], from: 'HEAD~1', limit: 5 } }),
    ).rejects.toMatchObject({ status: 422 })
    await expect(
      historyAt(repoDir).commits([FR], { from: 'f'.repeat(40), limit: 5 }),
    ).rejects.toMatchObject({ reason: 'refused' })
  })

  it('reads a project in a folder of the repository', async () => {
    const outer = join(scratch, 'outer')
    const site = join(outer, 'site')
    mkdirSync(site, { recursive: true })
    git(['init', '-q', '-b', 'main'], { cwd: outer })
    const id = commit(
      site,
      { [FR]: 'title: Dans un dossier\n' },
      'Sous-dossier',
      'Zoé',
      '2024-02-01T00:00:00Z',
    )
    const history = historyAt(site)
    expect((await history.commits([FR], { limit: 5 })).commits.map((c) => [c.id, c.files])).toEqual(
      [[id, [FR]]],
    )
    expect((await history.textsAt(id, [FR])).get(FR)).toBe('title: Dans un dossier\n')
    // A repository without a commit yet: no history.
    const empty = join(scratch, 'empty')
    mkdirSync(empty)
    git(['init', '-q'], { cwd: empty })
    expect((await historyAt(empty).commits([FR], { limit: 5 })).commits).toEqual([])
  })

  it('lists a side branch’s commit, not the merge that brought it, as the hosts do', async () => {
    const dir = join(scratch, 'merged')
    mkdirSync(dir)
    git(['init', '-q', '-b', 'main'], { cwd: dir })
    const m0 = commit(dir, { [FR]: 'a\n', [EN]: 'a\n' }, 'Start', 'Zoé', '2024-03-01T00:00:00Z')
    git(['checkout', '-q', '-b', 'side'], { cwd: dir })
    const s1 = commit(dir, { [FR]: 'côté\n' }, 'Side', 'Ana', '2024-03-02T00:00:00Z')
    git(['checkout', '-q', 'main'], { cwd: dir })
    const m1 = commit(dir, { [EN]: 'main\n' }, 'Main', 'Zoé', '2024-03-03T00:00:00Z')
    const when = {
      GIT_AUTHOR_DATE: '2024-03-04T00:00:00Z',
      GIT_COMMITTER_DATE: '2024-03-04T00:00:00Z',
    }
    git(
      [
        '-c',
        'user.name=Zoé',
        '-c',
        'user.email=z@git.invalid',
        'merge',
        '-q',
        '--no-ff',
        '-m',
        'Merge side',
        'side',
      ],
      { cwd: dir, env: when },
    )
    const { commits } = await historyAt(dir).commits([FR, EN], { limit: 20 })
    expect(commits.map((c) => [c.id, c.files])).toEqual([
      [m1, [EN]],
      [s1, [FR]],
      [m0, [FR, EN]],
    ])
    expectListing(commits, truth(['-C', dir], 'HEAD', [FR, EN]), [FR, EN], 20)
  })

  it('says `no-repository` for a copy of the site without git', async () => {
    const copy = join(scratch, 'copy')
    mkdirSync(join(copy, 'content/fr'), { recursive: true })
    writeFileSync(join(copy, FR), 'title: Formation\n')
    expect(await action(copy, { action: 'history', params: { paths: [FR], limit: 5 } })).toEqual({
      status: 200,
      body: { unavailable: 'no-repository' },
    })
    expect(await action(copy, { action: 'textsAt', params: { ref: ids.d1, paths: [FR] } })).toEqual(
      {
        status: 200,
        body: { unavailable: 'no-repository' },
      },
    )
    const history = historyAt(copy)
    await expect(history.commits([FR], { limit: 5 })).rejects.toMatchObject({
      name: 'HistoryUnavailable',
      reason: 'no-repository',
    })
    await expect(history.textsAt(ids.d1 as string, [FR])).rejects.toBeInstanceOf(HistoryUnavailable)
  })

  it('lists what a shallow clone holds, and says it is shallow', async () => {
    const clone = join(scratch, 'clone')
    git(['clone', '-q', '--depth', '2', `file://${repoDir}`, clone])
    const { commits, shallow } = await historyAt(clone).commits([FR, EN], { limit: 20 })
    expect(shallow).toBe(true)
    // Its oldest commit's parent is not in the clone.
    expect(commits.map((c) => [c.id, c.parent])).toEqual([
      [ids.d6, ids.d5],
      [ids.d5, null],
    ])
    expect((await historyAt(clone).textsAt(ids.d3 as string, [FR])).get(FR)).toBeNull()
  })
})
