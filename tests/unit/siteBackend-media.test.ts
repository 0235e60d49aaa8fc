// The media library's own uploads (Decap's persistMedia, no entry open) through the editor's
// backend, over Decap's real GitHub API class and the stand-in, with the real planner
// (rules.ts planMedia: planMediaUpload, and for a new PDF its documents.yaml entry through
// planEntry and the whole tree's check): the same rules as the dev store's uploads, one commit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkRules, projectDirs } from '../../scripts/lib/content/load.ts'
import { type GitHubStandIn, startGitHubStandIn } from '../../scripts/standIns/gitHubStandIn.ts'
import { type GitHubApiLike, gitHubHost } from '../../templates/admin/backend/hosts.ts'
import { planDelete, planMedia } from '../../templates/admin/backend/saveRules.ts'
import { SaveRefused, SiteSaves } from '../../templates/admin/backend/saves.ts'
import { loadDecapGitHubApi } from './decapGitHubApi.ts'
import { removeTree, treeFrom } from './fixtureTree.ts'
import { testDeps } from './siteBackendPlanner.ts'

let seed: string
let gh: GitHubStandIn
let api: GitHubApiLike
let dispose = () => {}
const MESSAGE = { commitMessage: 'Upload “media”' }

beforeAll(async () => {
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
}, 120_000)
afterAll(async () => {
  dispose()
  await gh?.stop()
  removeTree(seed)
})

describe('the media library’s own uploads through the editor’s backend', {
  timeout: 60_000,
}, () => {
  it('commits the media library’s own uploads as the dev editor saved them: named, checked, one commit', async () => {
    const media = new SiteSaves(
      testDeps({
        planMedia: (source, path, bytes, sameBytes) =>
          planMedia(checkRules(projectDirs(seed).schemas), source, path, bytes, sameBytes),
        planDelete: (source, paths) =>
          planDelete(checkRules(projectDirs(seed).schemas), source, paths),
      }),
      gitHubHost(api),
    )
    const asset = (path: string, bytes: Buffer) => ({
      path,
      toBase64: async () => bytes.toString('base64'),
    })
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 9])
    const ihdr = Buffer.alloc(33)
    png.copy(ihdr, 0, 0, 8)
    ihdr.write('IHDR', 12, 'latin1')
    ihdr.writeUInt32BE(4, 16)
    ihdr.writeUInt32BE(3, 20)
    const before = gh.commits().length
    // An image: its clean name in its folder, one commit of the file alone.
    const photo = await media.persistMedia(
      asset('/public/images/news/Photo Été.PNG', ihdr),
      MESSAGE,
    )
    expect(photo).toMatchObject({ path: 'public/images/news/photo-ete.png', name: 'photo-ete.png' })
    expect(gh.log()[0]?.files).toEqual([{ status: 'A', path: 'public/images/news/photo-ete.png' }])
    // The same bytes again: the same file, no commit.
    const again = await media.persistMedia(
      asset('/public/images/news/Photo Été.PNG', ihdr),
      MESSAGE,
    )
    expect(again.path).toBe('public/images/news/photo-ete.png')
    expect(gh.commits()).toHaveLength(before + 1)
    // A PDF: under public/docs/, with its entry in documents.yaml, in the same commit.
    const pdf = Buffer.from('%PDF-1.7\n% fiche\n%%EOF\n')
    const sheet = await media.persistMedia(
      asset('/public/images/Fiche Technique.pdf', pdf),
      MESSAGE,
    )
    expect(sheet.path).toBe('public/docs/fiche-technique.pdf')
    expect(gh.log()[0]?.files).toEqual([
      { status: 'M', path: 'content/data/documents.yaml' },
      { status: 'A', path: 'public/docs/fiche-technique.pdf' },
    ])
    expect(String(gh.readFile('content/data/documents.yaml'))).toContain(
      'file: /docs/fiche-technique.pdf',
    )
    // Bytes that are not what the name says: refused, nothing committed.

    await expect(
      media.persistMedia(asset('/public/images/faux.png', pdf), MESSAGE),
    ).rejects.toThrow(SaveRefused)
    expect(gh.commits()).toHaveLength(before + 2)
    // Deleted from the media library: a file content names (the registry names the PDF) is
    // refused, nothing committed; a file nothing names is one commit.
    await expect(
      media.deleteFiles(['public/docs/fiche-technique.pdf'], 'Delete “fiche-technique.pdf”'),
    ).rejects.toThrow(/fiche-technique/)
    expect(gh.commits()).toHaveLength(before + 2)
    await media.deleteFiles(['public/images/news/photo-ete.png'], 'Delete “photo-ete.png”')
    expect(gh.log()[0]?.files).toEqual([{ status: 'D', path: 'public/images/news/photo-ete.png' }])
  })
})
