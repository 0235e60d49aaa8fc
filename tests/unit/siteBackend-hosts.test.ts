// The editor's own backend over Gitea and GitLab (templates/admin/backend/giteaHost.ts,
// gitLabHost.ts), through Decap's real API classes of those backends (decapHostApis.ts) and
// their stand-ins (scripts/standIns/hostStandIn.ts) over a real bare repository: the tree is
// listed page by page (Gitea's pages cut small here), each YAML blob read once; a page's save
// with an upload is exactly one new commit of its three files; a save whose branch moved is
// refused before any write, and one whose file another writer changes between the look at the
// head and the write is refused by the host itself (Gitea's blob sha, GitLab's last_commit_id):
// nothing of it lands. The planner is a plain one (siteBackendPlanner.ts).
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse, stringify } from 'yaml'
import {
  type HostKind,
  type HostStandIn,
  startHostStandIn,
} from '../../scripts/standIns/hostStandIn.ts'
import { giteaHost } from '../../templates/admin/backend/giteaHost.ts'
import { gitBlobId } from '../../templates/admin/backend/gitFiles.ts'
import { gitLabHost } from '../../templates/admin/backend/gitLabHost.ts'
import { type SiteHost, StaleHead } from '../../templates/admin/backend/hosts.ts'
import { SaveRefused, SiteSaves, STALE_MESSAGE } from '../../templates/admin/backend/saves.ts'
import { type DecapHostApi, loadDecapHostApi } from './decapHostApis.ts'
import { removeTree, treeFrom } from './fixtureTree.ts'
import { testDeps } from './siteBackendPlanner.ts'

const MESSAGE = { commitMessage: 'Update Pages “home”' }
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])
/** Gitea's largest tree page in its stand-in: the real tree's ~350 entries take 4 pages. */
const GITEA_TREE_PAGE = 100

const HOSTS = {
  gitea: { blobs: '/git/blobs/', tree: '/git/trees/', write: '/contents', refusal: 422 },
  gitlab: {
    blobs: '/repository/blobs/',
    tree: '/repository/tree',
    write: '/repository/commits',
    refusal: 400,
  },
} as const

describe.each(['gitea', 'gitlab'] as const)('the editor’s backend over %s', (kind: HostKind) => {
  const paths = HOSTS[kind]
  let seed: string
  let standIn: HostStandIn
  let decap: DecapHostApi
  let host: SiteHost
  let saves: SiteSaves
  let dispose = () => {}

  const since = (n: number) => standIn.requests.slice(n)
  const gets = (n: number, part: string) =>
    since(n).filter((r) => r.method === 'GET' && r.path.includes(part))
  const writes = (n: number) => since(n).filter((r) => r.method === 'POST')
  const savePage = (to: SiteSaves, path: string, value: unknown, assets = []) =>
    to.persistEntry({ dataFiles: [{ path, raw: stringify(value) }], assets }, MESSAGE)
  /** git's own listing of the branch (`ls-tree -r`, with `-t` the folders too). */
  const lsTree = (...options: string[]) =>
    execFileSync('git', [
      `--git-dir=${standIn.repoDir}`,
      'ls-tree',
      '-r',
      ...options,
      '--name-only',
      standIn.branch,
    ])
      .toString()
      .split('\n')
      .filter(Boolean)

  beforeAll(async () => {
    seed = treeFrom('real')
    standIn = await startHostStandIn({
      host: kind,
      seedFrom: seed,
      ...(kind === 'gitea' ? { treePage: GITEA_TREE_PAGE } : {}),
    })
    const loaded = await loadDecapHostApi(kind)
    dispose = loaded.dispose
    const api = loaded.create({
      apiRoot: standIn.apiRoot,
      token: standIn.token,
      repo: standIn.repo,
      branch: standIn.branch,
    })
    decap = api
    host = kind === 'gitea' ? giteaHost(api as never) : gitLabHost(api as never)
    saves = new SiteSaves(testDeps(), host)
  }, 120_000)
  afterAll(async () => {
    // The read a commit starts behind it ends before the host goes (Decap would retry it).
    await saves?.repository.read().catch(() => undefined)
    dispose()
    await standIn?.stop()
    removeTree(seed)
  })

  it('logs in with Decap’s own calls: the user and the write access', async () => {
    expect(await decap.user()).toMatchObject({ email: standIn.user.email })
    expect(await decap.hasWriteAccess()).toBe(true)
  })

  it('lists the tree, every page, and reads each YAML blob once', async () => {
    const n = standIn.requests.length
    const started = performance.now()
    const entry = await saves.getEntry('content/pages/home.yaml')
    const ms = performance.now() - started
    const snapshot = saves.repository.current
    if (!snapshot) throw new Error('nothing read')
    const listed = lsTree().sort()
    const yamls = listed.filter((p) => p.startsWith('content/') && p.endsWith('.yaml'))
    expect([...snapshot.ids.keys()].sort()).toEqual(yamls)
    expect(snapshot.source.public.toJSON().length).toBe(
      listed.filter((p) => p.startsWith('public/')).length,
    )
    expect(snapshot.source.content.get('content/fr/home.yaml')).toBe(
      readFileSync(join(seed, 'content/fr/home.yaml'), 'utf8'),
    )
    expect(parse(entry.data).en).toEqual(
      parse(readFileSync(join(seed, 'content/en/home.yaml'), 'utf8')),
    )
    const trees = gets(n, paths.tree)
    if (kind === 'gitea') {
      // Pages of 100 (the stand-in's limit, though 1,000 were asked): the first, then the others
      // side by side, each once.
      const pages = Math.ceil(lsTree('-t').length / GITEA_TREE_PAGE)
      expect(pages).toBeGreaterThan(2)
      expect(trees.map((r) => new URL(r.path, 'http://x').searchParams.get('page')).sort()).toEqual(
        Array.from({ length: pages }, (_, i) => String(i + 1)).sort(),
      )
    } else {
      // Two folders, pages of 100 followed by their Link.
      expect(trees.some((r) => r.path.includes('page=2'))).toBe(true)
      expect(new Set(trees.map((r) => r.path)).size).toBe(trees.length)
    }
    const blobs = gets(n, paths.blobs).map((r) => r.path)
    expect(new Set(blobs).size).toBe(blobs.length)
    expect(blobs).toHaveLength(new Set(snapshot.ids.values()).size)
    expect(writes(n)).toEqual([])
    console.log(
      `${kind}: first read ${ms.toFixed(0)} ms, ${since(n).length} requests (${trees.length} tree pages, ${blobs.length} blobs)`,
    )
  })

  it('commits a page’s two files and an upload as exactly one commit', async () => {
    const entry = await saves.getEntry('content/pages/home.yaml')
    const value = parse(entry.data)
    value.fr.title = 'Accueil modifié'
    value.en.title = 'Home changed'
    const before = standIn.commits()
    const n = standIn.requests.length
    const started = performance.now()
    await saves.persistEntry(
      {
        dataFiles: [{ path: 'content/pages/home.yaml', raw: stringify(value) }],
        assets: [
          { path: '/public/images/photo.png', toBase64: async () => PNG.toString('base64') },
        ],
      },
      MESSAGE,
    )
    const ms = performance.now() - started
    expect(standIn.commits()).toHaveLength(before.length + 1)
    const [commit] = standIn.log()
    expect(commit?.parents).toEqual([before[0]])
    expect(commit?.message).toBe(MESSAGE.commitMessage)
    expect(commit?.author.email).toBe(standIn.user.email)
    expect(commit?.files).toEqual([
      { status: 'M', path: 'content/en/home.yaml' },
      { status: 'M', path: 'content/fr/home.yaml' },
      { status: 'A', path: 'public/images/photo.png' },
    ])
    expect(standIn.readFile('public/images/photo.png')).toEqual(PNG)
    expect(parse(standIn.readFile('content/en/home.yaml')?.toString() ?? '').title).toBe(
      'Home changed',
    )
    expect(writes(n)).toHaveLength(1)
    console.log(`${kind}: save to commit ${ms.toFixed(0)} ms, ${since(n).length} requests`)
    // The form read again: no blob fetched, the texts written are known by their git ids.
    const m = standIn.requests.length
    expect(parse((await saves.getEntry('content/pages/home.yaml')).data).fr.title).toBe(
      'Accueil modifié',
    )
    expect(gets(m, paths.blobs)).toEqual([])
    const text = standIn.readFile('content/fr/home.yaml')?.toString() ?? ''
    expect(saves.repository.current?.ids.get('content/fr/home.yaml')).toBe(await gitBlobId(text))
  })

  it('refuses a save whose branch moved since its form was read, before any write', async () => {
    const entry = await saves.getEntry('content/pages/contact.yaml')
    const theirs = await standIn.pushCommit(
      { 'content/fr/careers.yaml': 'title: Carrières\n' },
      'Theirs',
    )
    const value = parse(entry.data)
    value.fr.title = 'Mine'
    const n = standIn.requests.length
    const save = savePage(saves, 'content/pages/contact.yaml', value)
    await expect(save).rejects.toBeInstanceOf(SaveRefused)
    await expect(save).rejects.toThrow(STALE_MESSAGE)
    expect(writes(n)).toEqual([])
    expect(standIn.commits()[0]).toBe(theirs)
  })

  it('is refused by the host when the file changes between the look at the head and the write', async () => {
    const entry = await saves.getEntry('content/pages/contact.yaml')
    const value = parse(entry.data)
    value.fr.title = 'Mine, again'
    let theirs: string | undefined
    standIn.onRequest = async ({ method }) => {
      if (method !== 'POST' || theirs) return
      theirs = await standIn.pushCommit(
        { 'content/fr/contact.yaml': 'title: Le leur\n' },
        'Theirs, meanwhile',
      )
    }
    const n = standIn.requests.length
    try {
      const save = savePage(saves, 'content/pages/contact.yaml', value)
      await expect(save).rejects.toThrow(STALE_MESSAGE)
    } finally {
      standIn.onRequest = undefined
    }
    // The host's own refusal of the write, then nothing of the save on the branch.
    expect(writes(n).map((r) => r.status)).toEqual([paths.refusal])
    expect(standIn.commits()[0]).toBe(theirs)
    expect(standIn.readFile('content/fr/contact.yaml')?.toString()).toBe('title: Le leur\n')
  })

  it('is refused by the host when an upload’s name is taken meanwhile', async () => {
    const snapshot = await saves.repository.read()
    let theirs: string | undefined
    standIn.onRequest = async ({ method }) => {
      if (method !== 'POST' || theirs) return
      theirs = await standIn.pushCommit({ 'public/images/new.png': 'theirs' }, 'Theirs, same name')
    }
    const n = standIn.requests.length
    try {
      const commit = host.commit({
        parent: snapshot.head,
        expected: new Map(),
        files: new Map(),
        assets: [{ path: 'public/images/new.png', toBase64: async () => PNG.toString('base64') }],
        message: 'Upload',
      })
      await expect(commit).rejects.toBeInstanceOf(StaleHead)
    } finally {
      standIn.onRequest = undefined
    }
    expect(writes(n).map((r) => r.status)).toEqual([paths.refusal])
    expect(standIn.commits()[0]).toBe(theirs)
    expect(standIn.readFile('public/images/new.png')?.toString()).toBe('theirs')
  })

  it('removes a file the media library deletes in one commit', async () => {
    const before = standIn.commits()
    await saves.deleteFiles(['public/images/photo.png'], 'Delete “photo.png”')
    expect(standIn.commits()).toHaveLength(before.length + 1)
    expect(standIn.log()[0]?.files).toEqual([{ status: 'D', path: 'public/images/photo.png' }])
  })

  it('serves Decap’s own save of a media file', async () => {
    const before = standIn.commits()
    await decap.persistFiles(
      [],
      [{ path: 'public/images/decap.png', toBase64: async () => PNG.toString('base64') }],
      { commitMessage: 'Upload “decap.png”' },
    )
    expect(standIn.commits()).toHaveLength(before.length + 1)
    expect(standIn.readFile('public/images/decap.png')).toEqual(PNG)
  })

  it('asks the host how the live site’s commit stands to a save’s (« En ligne »)', async () => {
    const saved = await standIn.pushCommit({ 'LIVE.md': 'saved\n' }, 'The save')
    const later = await standIn.pushCommit({ 'LIVE.md': 'later\n' }, 'After it')
    const compare = host.compare?.bind(host)
    expect(compare).toBeDefined()
    if (!compare) return
    expect(await compare(saved, later)).toBe('later')
    expect(await compare(later, saved)).toBe('earlier')
    expect(await compare(saved, saved)).toBe('identical')
    // A commit the host does not know (a build of another repository): never live.
    expect(await compare(saved, '0'.repeat(40))).toBe('unrelated')
  })

  it('called only endpoints the stand-in serves', () => {
    // GitLab's file HEADs answer 404 for a new file, the compare of an unknown commit 404: asked.
    const unserved = standIn.requests.filter(
      (r) =>
        (r.status === 404 || r.status >= 500) &&
        !r.path.includes('/repository/files/') &&
        !r.path.includes('0'.repeat(40)),
    )
    expect(unserved).toEqual([])
  })
})
