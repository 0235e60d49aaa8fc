// Decap's own GitHub API client (decapGitHubApi.ts) against the GitHub stand-in: it logs in,
// reads an entry and its last commit, and one `persistFiles` call of two data files and one
// media file (what one save of an entry with an upload sends, implementation.tsx:557) lands as
// exactly one commit holding the three files. A concurrent commit between its read of the
// branch and its move of the ref reaches Decap as GitHub's 422, and nothing of its save lands.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type GitHubStandIn, startGitHubStandIn } from '../../scripts/standIns/gitHubStandIn.ts'
import { type DecapGitHubApi, loadDecapGitHubApi } from './decapGitHubApi.ts'
import { removeTree, treeFrom } from './fixtureTree.ts'

let seed: string
let gh: GitHubStandIn
let api: DecapGitHubApi
let dispose = () => {}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 254, 255])
/** The part of Decap's AssetProxy that persistFiles reads: the path and toBase64. */
const media = (path: string, bytes: Buffer) => ({
  path,
  toBase64: async () => bytes.toString('base64'),
})

beforeAll(async () => {
  seed = treeFrom('good')
  gh = await startGitHubStandIn({ seedFrom: seed })
  const decap = await loadDecapGitHubApi()
  dispose = decap.dispose
  api = decap.create({ apiRoot: gh.apiRoot, token: gh.token, repo: gh.repo, branch: gh.branch })
}, 120_000)
afterAll(async () => {
  dispose()
  await gh?.stop()
  removeTree(seed)
})

describe("Decap's GitHub API class against the stand-in", () => {
  it('logs in and reads an entry, a folder and the entry’s last commit', async () => {
    expect(await api.user()).toEqual({
      name: gh.user.name,
      login: gh.user.login,
      email: gh.user.email,
    })
    expect(await api.hasWriteAccess()).toBe(true)
    const home = readFileSync(join(seed, 'content/fr/home.yaml'), 'utf8')
    expect(await api.readFile('content/fr/home.yaml')).toBe(home)
    const files = await api.listFiles('content/i18n')
    expect(files.map((f) => f.path)).toEqual(['content/i18n/en.yaml', 'content/i18n/fr.yaml'])
    const meta = await api.readFileMetadata('content/fr/home.yaml', null)
    expect(meta.author).toBe(gh.user.name)
    expect(meta.updatedOn).toBe(gh.log()[0]?.author.date)
  })

  it('commits two data files and one media file of one save as exactly one commit', async () => {
    const before = gh.commits()
    await api.persistFiles(
      [
        { path: 'content/fr/home.yaml', slug: 'home', raw: 'title: Accueil\n' },
        { path: 'content/en/home.yaml', slug: 'home', raw: 'title: Home\n' },
      ],
      [media('public/images/new-photo.png', PNG)],
      { commitMessage: 'Update Pages “home”', useWorkflow: false },
    )
    expect(gh.commits()).toHaveLength(before.length + 1)
    const [saved] = gh.log()
    expect(saved?.parents).toEqual([before[0]])
    expect(saved?.message).toBe('Update Pages “home”')
    expect(saved?.files).toEqual([
      { status: 'M', path: 'content/en/home.yaml' },
      { status: 'M', path: 'content/fr/home.yaml' },
      { status: 'A', path: 'public/images/new-photo.png' },
    ])
    expect(gh.readFile('content/en/home.yaml')?.toString()).toBe('title: Home\n')
    expect(gh.readFile('public/images/new-photo.png')).toEqual(PNG)
    // Read back as the media library shows it: bytes through git/blobs.
    const blob = (await api.readFile('public/images/new-photo.png', null, {
      parseText: false,
    })) as Blob
    expect(Buffer.from(await blob.arrayBuffer())).toEqual(PNG)
  })

  it('deletes files in one commit', async () => {
    const before = gh.commits()
    await api.deleteFiles(['public/images/new-photo.png'], 'Delete “new-photo.png”')
    expect(gh.commits()).toHaveLength(before.length + 1)
    expect(gh.log()[0]?.files).toEqual([{ status: 'D', path: 'public/images/new-photo.png' }])
  })

  it('gets GitHub’s 422 when another commit lands during its save, and lands nothing', async () => {
    let theirs: Promise<string> | undefined
    gh.onRequest = ({ method, path }) => {
      // Another writer's push after Decap read the branch, before its commit moves it.
      if (method === 'POST' && path.endsWith('/git/commits') && !theirs) {
        theirs = gh.pushCommit({ 'content/en/contact.yaml': 'title: Contact\n' }, 'Theirs')
        return theirs.then(() => undefined)
      }
    }
    const save = api.persistFiles(
      [{ path: 'content/fr/contact.yaml', slug: 'contact', raw: 'title: Contact\n' }],
      [],
      { commitMessage: 'Mine', useWorkflow: false },
    )
    await expect(save).rejects.toMatchObject({
      name: 'API_ERROR',
      message: 'Update is not a fast forward',
      status: 422,
      api: 'GitHub',
    })
    gh.onRequest = undefined
    expect(gh.commits()[0]).toBe(await theirs)
    expect(gh.log().map((c) => c.message)).not.toContain('Mine')
    expect(gh.readFile('content/fr/contact.yaml')?.toString()).not.toBe('title: Contact\n')
  })

  it('called only endpoints the stand-in serves', () => {
    const unserved = gh.requests.filter((r) => r.status === 404 || r.status >= 500)
    expect(unserved).toEqual([])
    expect(new Set(gh.requests.map((r) => r.method))).toEqual(new Set(['GET', 'POST', 'PATCH']))
  })
})
