// The editor's own backend (templates/admin/backend/) over Decap's real GitHub API class
// (decapGitHubApi.ts) against the GitHub stand-in: the repository is listed once (one recursive
// tree call) and each YAML blob read once; a read after another writer's commit fetches only the
// blobs it changed; a page's save (one entry, two files) is exactly one commit of those two
// files; a refused plan and an unchanged save make no commit; a save planned on a head another
// commit has since moved is refused by GitHub's fast-forward rule, and nothing of it lands.
// The planner is a plain one (siteBackendPlanner.ts); the reading and writing are the real ones.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse, stringify } from 'yaml'
import { type GitHubStandIn, startGitHubStandIn } from '../../scripts/standIns/gitHubStandIn.ts'
import { type GitHubApiLike, gitHubHost } from '../../templates/admin/backend/hosts.ts'
import { SaveRefused, SiteSaves, STALE_MESSAGE } from '../../templates/admin/backend/saves.ts'
import type { RefusedProblem } from '../../templates/admin/backend/types.ts'
import { loadDecapGitHubApi } from './decapGitHubApi.ts'
import { removeTree, treeFrom } from './fixtureTree.ts'
import { mergingDeps, testDeps } from './siteBackendPlanner.ts'

let seed: string
let gh: GitHubStandIn
let api: GitHubApiLike
let dispose = () => {}
const refused: { path: string; problems: readonly RefusedProblem[] }[] = []
const saved: string[] = []
let saves: SiteSaves

const MESSAGE = { commitMessage: 'Update Pages “home”' }
/** Decap's call of a save of one entry, with no upload. */
const savePage = (to: SiteSaves, path: string, value: unknown) =>
  to.persistEntry({ dataFiles: [{ path, raw: stringify(value) }], assets: [] }, MESSAGE)
const since = (n: number) => gh.requests.slice(n)
const blobReads = (n: number) =>
  since(n).filter((r) => r.method === 'GET' && r.path.includes('/git/blobs/'))
const treeReads = (n: number) =>
  since(n).filter((r) => r.method === 'GET' && r.path.includes('/git/trees/'))

const current = () => {
  const snapshot = saves.repository.current
  if (!snapshot) throw new Error('nothing read yet')
  return snapshot
}

beforeAll(async () => {
  // The project's own content (73 YAML files, 239 under public/): the size the editor reads.
  seed = treeFrom('real')
  gh = await startGitHubStandIn({ seedFrom: seed })
  const decap = await loadDecapGitHubApi()
  dispose = decap.dispose
  api = decap.create({
    apiRoot: gh.apiRoot,
    token: gh.token,
    repo: gh.repo,
    branch: gh.branch,
  }) as unknown as GitHubApiLike
  saves = new SiteSaves(
    testDeps({
      onRefused: (path, problems) => refused.push({ path, problems }),
      onSaved: (path) => saved.push(path),
    }),
    gitHubHost(api),
  )
}, 120_000)
afterAll(async () => {
  dispose()
  await gh?.stop()
  removeTree(seed)
})

const yamlCount = () =>
  gh
    .log()
    .at(-1)
    ?.files.filter((f) => f.path.startsWith('content/') && f.path.endsWith('.yaml')).length

describe('the editor’s backend over Decap’s GitHub API and the stand-in', {
  timeout: 60_000,
}, () => {
  it("lists a menu group's pages (a folder no file is in) from the snapshot, in the configuration's order", async () => {
    const group = 'content/pages/company'
    const pages = new SiteSaves(
      testDeps({ folderEntries: (folder) => (folder === group ? ['history', 'csr'] : undefined) }),
      gitHubHost(api),
    )
    const entries = await pages.entriesByFolder(group)
    expect(entries.map((e) => e.file.path)).toEqual([`${group}/history.yaml`, `${group}/csr.yaml`])
    const history = parse(entries[0]?.data ?? '') as Record<string, { title?: string }>
    for (const lang of ['fr', 'en'])
      expect(history[lang]?.title).toBe(
        (
          parse(readFileSync(join(seed, `content/${lang}/history.yaml`), 'utf8')) as {
            title: string
          }
        ).title,
      )
    // The entry Decap opens from the list is the same text, at the same path.
    expect((await pages.getEntry(`${group}/history.yaml`)).data).toBe(entries[0]?.data)
    // A folder the configuration does not name lists nothing (the new page's folder, say).
    expect(await pages.entriesByFolder('content/new-pages')).toEqual([])
  })

  it('reads the repository with one tree listing and each YAML blob once', async () => {
    const n = gh.requests.length
    const started = performance.now()
    const entry = await saves.getEntry('content/pages/home.yaml')
    const ms = performance.now() - started
    const yamls = yamlCount() as number
    expect(yamls).toBeGreaterThan(50)
    expect(treeReads(n)).toHaveLength(1)
    expect(treeReads(n)[0]?.path).toMatch(/\/git\/trees\/[0-9a-f]{40}\?recursive=1$/)
    const blobs = blobReads(n).map((r) => r.path)
    expect(new Set(blobs).size).toBe(blobs.length)
    // Files of the same bytes are one blob, read once.
    const distinct = new Set([...current().ids.values()]).size
    expect(blobs).toHaveLength(distinct)
    expect(since(n)[0]).toMatchObject({ method: 'GET', path: `/repos/${gh.repo}/branches/main` })
    expect(since(n).length).toBe(2 + distinct)
    const source = current().source
    expect(source.content.size).toBe(yamls)
    expect(source.content.get('content/fr/home.yaml')).toBe(
      readFileSync(join(seed, 'content/fr/home.yaml'), 'utf8'),
    )
    expect(source.public.has('/favicon.svg') || source.public.toJSON().length > 100).toBe(true)
    expect(parse(entry.data)).toEqual({
      fr: parse(readFileSync(join(seed, 'content/fr/home.yaml'), 'utf8')),
      en: parse(readFileSync(join(seed, 'content/en/home.yaml'), 'utf8')),
    })
    console.log(
      `first read: ${ms.toFixed(0)} ms, ${since(n).length} requests (${distinct} blobs, ${yamls} YAML files, ${source.public.toJSON().length} names under public/)`,
    )
  })

  it('reads again only the blobs another writer’s commit changed', async () => {
    await gh.pushCommit(
      {
        'content/fr/contact.yaml': 'title: Contact modifié\n',
        'content/en/contact.yaml': 'title: Contact changed\n',
        'public/images/other.png': Buffer.from([1, 2, 3]),
      },
      'Another writer',
    )
    const n = gh.requests.length
    const started = performance.now()
    await saves.getEntry('content/pages/contact.yaml')
    const ms = performance.now() - started
    expect(treeReads(n)).toHaveLength(1)
    expect(blobReads(n)).toHaveLength(2)
    expect(since(n)).toHaveLength(4)
    const source = current().source
    expect(source.content.get('content/en/contact.yaml')).toBe('title: Contact changed\n')
    expect(source.public.has('/images/other.png')).toBe(true)
    console.log(`read after another commit: ${ms.toFixed(0)} ms, ${since(n).length} requests`)
  })

  it('commits a page’s save (one entry, two files) as exactly one commit of the two', async () => {
    const entry = await saves.getEntry('content/pages/home.yaml')
    const value = parse(entry.data)
    value.fr.title = 'Accueil modifié'
    value.en.title = 'Home changed'
    const before = gh.commits()
    const n = gh.requests.length
    const started = performance.now()
    await savePage(saves, 'content/pages/home.yaml', value)
    const ms = performance.now() - started
    expect(gh.commits()).toHaveLength(before.length + 1)
    const [commit] = gh.log()
    expect(commit?.parents).toEqual([before[0]])
    expect(commit?.message).toBe(MESSAGE.commitMessage)
    expect(commit?.files).toEqual([
      { status: 'M', path: 'content/en/home.yaml' },
      { status: 'M', path: 'content/fr/home.yaml' },
    ])
    expect(parse(gh.readFile('content/en/home.yaml')?.toString() ?? '').title).toBe('Home changed')
    expect(saved.at(-1)).toBe('content/pages/home.yaml')
    // A tree holding the two texts, a commit, the ref: no blob first (create-tree's `content`), no
    // read of the branch (the parent is the form's head).
    expect(
      since(n).map(
        (r) =>
          `${r.method} ${r.path
            .split('/')
            .slice(4)
            .join('/')
            .replace(/[0-9a-f]{40}/, '{sha}')}`,
      ),
    ).toEqual(['POST git/trees', 'POST git/commits', 'PATCH git/refs/heads/main'])
    console.log(
      `save to commit: ${ms.toFixed(0)} ms (plan ${saves.lastSave?.planMs.toFixed(1)} ms, commit ${saves.lastSave?.commitMs.toFixed(0)} ms)`,
    )
    // The form read again: the tree listed, no blob fetched (the texts written are known).
    const m = gh.requests.length
    const again = await saves.getEntry('content/pages/home.yaml')
    expect(parse(again.data).en.title).toBe('Home changed')
    expect(blobReads(m)).toHaveLength(0)
  })

  it('makes no commit of an unchanged save', async () => {
    const path = 'content/site.yaml'
    const text = (await saves.getEntry(path)).data
    expect(text).toBe(readFileSync(join(seed, path), 'utf8'))
    const before = gh.commits()
    await saves.persistEntry({ dataFiles: [{ path, raw: text }], assets: [] }, MESSAGE)
    expect(gh.commits()).toEqual(before)
    expect(saves.lastSave?.committed).toBe(false)
  })

  it('refuses a plan’s problems at their field and makes no commit', async () => {
    const entry = await saves.getEntry('content/pages/home.yaml')
    const value = parse(entry.data)
    value.en.title = ''
    const before = gh.commits()
    const n = gh.requests.length
    const save = savePage(saves, 'content/pages/home.yaml', value)
    await expect(save).rejects.toBeInstanceOf(SaveRefused)
    await expect(save).rejects.toThrow(
      "Un problème empêche l'enregistrement : title: une valeur est requise",
    )
    expect(String(await save.catch((e) => e))).toBe(
      "Un problème empêche l'enregistrement : title: une valeur est requise",
    )
    expect(refused.at(-1)?.path).toBe('content/pages/home.yaml')
    expect(refused.at(-1)?.problems[0]?.field).toEqual(['en', 'title'])
    expect(gh.commits()).toEqual(before)
    expect(since(n).filter((r) => r.method !== 'GET')).toEqual([])
  })

  it('refuses a save planned on a head another commit has moved, and lands nothing of it', async () => {
    const entry = await saves.getEntry('content/pages/contact.yaml')
    const theirs = await gh.pushCommit(
      { 'content/fr/careers.yaml': 'title: Carrières\n' },
      'Theirs',
    )
    const value = parse(entry.data)
    value.fr.title = 'Mine'
    const save = savePage(saves, 'content/pages/contact.yaml', value)
    await expect(save).rejects.toBeInstanceOf(SaveRefused)
    expect(refused.at(-1)?.problems[0]?.message).toBe(STALE_MESSAGE)
    expect(gh.commits()[0]).toBe(theirs)
    expect(gh.readFile('content/fr/contact.yaml')?.toString()).toBe('title: Contact modifié\n')
    expect(gh.readFile('content/fr/careers.yaml')?.toString()).toBe('title: Carrières\n')
    // Read again, the form shows their commit and the save goes through.
    const fresh = parse((await saves.getEntry('content/pages/contact.yaml')).data)
    fresh.fr.title = 'Mine'
    await savePage(saves, 'content/pages/contact.yaml', fresh)
    expect(gh.log()[0]?.parents).toEqual([theirs])
    expect(gh.log()[0]?.files).toEqual([{ status: 'M', path: 'content/fr/contact.yaml' }])
  })

  it('with a merging planner, plans a save again on the newest tree and keeps both changes', async () => {
    const merging = new SiteSaves(mergingDeps(), gitHubHost(api))
    const entry = await merging.getEntry('content/pages/contact.yaml')
    const theirs = await gh.pushCommit(
      { 'content/en/contact.yaml': 'title: Contact (theirs)\n' },
      'Theirs, on another value',
    )
    const value = parse(entry.data)
    value.fr.title = 'Contact (mine)'
    await savePage(merging, 'content/pages/contact.yaml', value)
    const [mine] = gh.log()
    expect(mine?.parents).toEqual([theirs])
    expect(mine?.files).toEqual([{ status: 'M', path: 'content/fr/contact.yaml' }])
    expect(gh.readFile('content/en/contact.yaml')?.toString()).toBe('title: Contact (theirs)\n')
    expect(gh.readFile('content/fr/contact.yaml')?.toString()).toBe('title: Contact (mine)\n')
  })

  it('commits the entry’s uploads with its files, under the name the plan gives', async () => {
    const entry = await saves.getEntry('content/pages/home.yaml')
    const value = parse(entry.data)
    value.fr.description = 'Avec une photo.'
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7])
    const plain = testDeps()
    const withUpload = new SiteSaves(
      {
        ...plain,
        planSave: async (source, path, raw, uploads) => {
          expect(uploads).toMatchObject([
            { path: 'public/images/Ma Photo.PNG', bytes: new Uint8Array(png) },
          ])
          const plan = await plain.planSave(source, path, raw, uploads, null)
          return plan.ok
            ? {
                ...plan,
                uploads: new Map([['public/images/Ma Photo.PNG', 'public/images/ma-photo.png']]),
              }
            : plan
        },
      },
      gitHubHost(api),
    )
    await withUpload.getEntry('content/pages/home.yaml')
    await withUpload.persistEntry(
      {
        dataFiles: [{ path: 'content/pages/home.yaml', raw: stringify(value) }],
        assets: [
          { path: '/public/images/Ma Photo.PNG', toBase64: async () => png.toString('base64') },
        ],
      },
      MESSAGE,
    )
    expect(gh.log()[0]?.files).toEqual([
      { status: 'M', path: 'content/fr/home.yaml' },
      { status: 'A', path: 'public/images/ma-photo.png' },
    ])
    expect(gh.readFile('public/images/ma-photo.png')).toEqual(png)
  })

  it('knows a file already in the tree with the same bytes: no copy, nothing sent again', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7])
    const other = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 8, 8])
    const seen: boolean[] = []
    const reads: Record<string, number> = {}
    const read = (name: string, bytes: Buffer) => async () => {
      reads[name] = (reads[name] ?? 0) + 1
      return bytes.toString('base64')
    }
    const plain = testDeps()
    const again = new SiteSaves(
      {
        ...plain,
        planSave: async (source, path, raw, uploads) => {
          // The planner is told, by git blob id, which uploads the tree already holds.
          for (const u of uploads) seen.push(u.sameBytes?.('public/images/ma-photo.png') ?? false)
          const plan = await plain.planSave(source, path, raw, uploads, null)
          return plan.ok
            ? {
                ...plan,
                uploads: new Map([
                  ['public/images/Ma Photo.PNG', 'public/images/ma-photo.png'],
                  ['public/images/Autre.PNG', 'public/images/autre.png'],
                ]),
              }
            : plan
        },
      },
      gitHubHost(api),
    )
    const entry = await again.getEntry('content/pages/home.yaml')
    const value = parse(entry.data)
    value.fr.description = 'Avec la même photo, et une autre.'
    const before = gh.commits().length
    await again.persistEntry(
      {
        dataFiles: [{ path: 'content/pages/home.yaml', raw: stringify(value) }],
        assets: [
          { path: '/public/images/Ma Photo.PNG', toBase64: read('same', png) },
          { path: '/public/images/Autre.PNG', toBase64: read('other', other) },
        ],
      },
      MESSAGE,
    )
    expect(seen).toEqual([true, false])
    expect(gh.commits()).toHaveLength(before + 1)
    expect(gh.log()[0]?.files).toEqual([
      { status: 'M', path: 'content/fr/home.yaml' },
      { status: 'A', path: 'public/images/autre.png' },
    ])
    // Each asset's bytes are read once for the plan; only the new one is read again to be sent.
    expect(reads).toEqual({ same: 1, other: 2 })
  })

  it('keeps a form open across a file the media library deletes meanwhile', async () => {
    const entry = await saves.getEntry('content/pages/careers.yaml')
    const before = gh.commits()
    await saves.deleteFiles(['public/images/ma-photo.png'], 'Delete “ma-photo.png”')
    expect(gh.log()[0]?.files).toEqual([{ status: 'D', path: 'public/images/ma-photo.png' }])
    const value = parse(entry.data)
    value.fr.title = 'Carrières (nouveau)'
    await savePage(saves, 'content/pages/careers.yaml', value)
    expect(gh.commits()).toHaveLength(before.length + 2)
    expect(gh.log()[0]?.parents).toEqual([gh.commits()[1]])
    expect(current().source.public.has('/images/ma-photo.png')).toBe(false)
  })

  it('called only endpoints the stand-in serves', () => {
    const unserved = gh.requests.filter((r) => r.status === 404 || r.status >= 500)
    expect(unserved).toEqual([])
  })
})
