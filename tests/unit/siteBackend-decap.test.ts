// The editor's own backends as the editor's build bundles them (siteBackendBundle.ts): registered
// under Decap's names over a registry that already holds Decap's own (decap-cms-app registers
// them at its import), made by the registry as Decap's core makes a backend, logged in by
// Decap's own code, then reading and saving through ours:
// - 'github' against the GitHub stand-in: a page's save is one commit of its two files;
// - 'proxy' against a dev endpoint answering the shapes hosts.ts asks of it (listTree, a
//   persistEntry of N files on a head, 409 when the tree moved), held in memory here: the first
//   read is one listing and one read of every text; a page's save is one request of its two files.
import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse, stringify } from 'yaml'
import { type GitHubStandIn, startGitHubStandIn } from '../../scripts/lib/gitHost/gitHubStandIn.ts'
import type { ImplementationEntry } from '../../templates/admin/backend/saves.ts'
import type { SaveProblem } from '../../templates/admin/backend/types.ts'
import { removeTree, treeFrom } from './fixtureTree.ts'
import { loadSiteBackends } from './siteBackendBundle.ts'
import { testDeps } from './siteBackendPlanner.ts'

type Backend = {
  authenticate(credentials: { token?: string }): Promise<{ login?: string }>
  getEntry(path: string): Promise<ImplementationEntry>
  entriesByFiles(files: { path: string }[]): Promise<ImplementationEntry[]>
  persistEntry(
    entry: { dataFiles: { path: string; raw: string }[]; assets: [] },
    options: { commitMessage: string },
  ): Promise<unknown>
}
type Init = (config: unknown, options?: unknown) => Backend

let seed: string
let gh: GitHubStandIn
let dispose = () => {}
const registry: Record<string, { init: Init }> = {}
const refused: SaveProblem[][] = []
const decapOwn = () => {
  throw new Error("Decap's own backend was made")
}

beforeAll(async () => {
  seed = treeFrom('good')
  gh = await startGitHubStandIn({ seedFrom: seed })
  const bundle = await loadSiteBackends()
  dispose = bundle.dispose
  // Decap's own, as decap-cms-app leaves the registry: ours must replace them.
  registry.github = { init: decapOwn }
  registry.proxy = { init: decapOwn }
  bundle.registerSiteBackends(
    {
      registerBackend: () => {
        throw new Error('the name is taken: registerBackend would refuse it')
      },
      getBackend: (name) => registry[name] as never,
    },
    testDeps({ onRefused: (_path, problems) => refused.push([...problems]) }),
  )
}, 120_000)
afterAll(async () => {
  dispose()
  await gh?.stop()
  removeTree(seed)
})

const MESSAGE = { commitMessage: 'Update Pages “home”' }

describe('the site backend registered as Decap’s github', { timeout: 60_000 }, () => {
  it('logs in with Decap’s code, reads a page from its two files and saves it in one commit', async () => {
    const backend = registry.github?.init(
      {
        backend: { name: 'github', repo: gh.repo, branch: gh.branch, api_root: gh.apiRoot },
        media_folder: 'public/images',
      },
      { useWorkflow: false, initialWorkflowStatus: 'draft' },
    ) as Backend
    const user = await backend.authenticate({ token: gh.token })
    expect(user.login).toBe(gh.user.login)
    const entry = await backend.getEntry('content/pages/home.yaml')
    const value = parse(entry.data)
    expect(value.en.title).toBe('Home')
    value.fr.title = 'Accueil (nouveau)'
    value.en.title = 'Home (new)'
    const before = gh.commits()
    await backend.persistEntry(
      { dataFiles: [{ path: 'content/pages/home.yaml', raw: stringify(value) }], assets: [] },
      MESSAGE,
    )
    expect(gh.commits()).toHaveLength(before.length + 1)
    expect(gh.log()[0]?.files).toEqual([
      { status: 'M', path: 'content/en/home.yaml' },
      { status: 'M', path: 'content/fr/home.yaml' },
    ])
    value.en.title = ''
    await expect(
      backend.persistEntry(
        { dataFiles: [{ path: 'content/pages/home.yaml', raw: stringify(value) }], assets: [] },
        MESSAGE,
      ),
    ).rejects.toThrow('title: une valeur est requise')
    expect(refused.at(-1)?.[0]?.field).toEqual(['en', 'title'])
    expect(gh.commits()).toHaveLength(before.length + 1)
  })
})

/** A dev endpoint of the shapes hosts.ts asks for, over files held in memory. */
function devEndpoint(files: Map<string, string>) {
  const requests: { action: string; params: Record<string, unknown> }[] = []
  const id = (text: string) => createHash('sha256').update(text).digest('hex')
  const head = () =>
    id(
      [...files]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([p, t]) => `${p}\0${p.startsWith('content/') ? id(t) : ''}`)
        .join('\n'),
    )
  const answer = (action: string, params: Record<string, unknown>): [number, unknown] => {
    switch (action) {
      case 'listTree':
        return [
          200,
          {
            head: head(),
            files: [...files].map(([path, text]) =>
              path.startsWith('content/') ? { path, id: id(text) } : { path },
            ),
          },
        ]
      case 'entriesByFiles':
        return [
          200,
          (params.files as { path: string }[]).map(({ path }) => {
            const text = files.get(path)
            return { data: text ?? null, file: { path, id: text === undefined ? null : id(text) } }
          }),
        ]
      case 'persistEntry': {
        if (params.head !== head()) return [409, { error: 'the tree changed' }]
        for (const f of params.dataFiles as { path: string; raw: string }[])
          files.set(f.path, f.raw)
        for (const path of params.removed as string[]) files.delete(path)
        return [200, { head: head() }]
      }
      default:
        return [422, { error: `Unknown action ${action}` }]
    }
  }
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    requests.push(body)
    const [status, json] = answer(body.action, body.params ?? {})
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(json))
  })
  return { server, requests, files }
}

describe('the site backend registered as Decap’s proxy', { timeout: 60_000 }, () => {
  let dev: ReturnType<typeof devEndpoint>
  let url: string
  beforeAll(async () => {
    dev = devEndpoint(
      new Map([
        ['content/fr/home.yaml', 'title: Accueil\n'],
        ['content/en/home.yaml', 'title: Home\n'],
        ['content/site.yaml', 'name: Site\n'],
        ['public/images/a.jpg', ''],
      ]),
    )
    await new Promise<void>((resolve) => dev.server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(dev.server.address() as AddressInfo).port}/api/cms/v1`
  })
  afterAll(() => new Promise<void>((resolve) => dev.server.close(() => resolve())))

  it('reads once, saves a page in one request of its two files, refuses a moved tree', async () => {
    const backend = registry.proxy?.init({
      backend: { name: 'proxy', proxy_url: url },
      media_folder: 'public/images',
    }) as Backend
    const entry = await backend.getEntry('content/pages/home.yaml')
    expect(parse(entry.data)).toEqual({ fr: { title: 'Accueil' }, en: { title: 'Home' } })
    expect(dev.requests.map((r) => r.action)).toEqual(['listTree', 'entriesByFiles'])
    expect(dev.requests[1]?.params.files).toHaveLength(3)
    const [listed] = await backend.entriesByFiles([{ path: 'content/site.yaml' }])
    expect(listed?.data).toBe('name: Site\n')
    expect(dev.requests).toHaveLength(2)

    await backend.persistEntry(
      {
        dataFiles: [
          {
            path: 'content/pages/home.yaml',
            raw: stringify({ fr: { title: 'A' }, en: { title: 'B' } }),
          },
        ],
        assets: [],
      },
      MESSAGE,
    )
    const save = dev.requests.at(-1)
    expect(save?.action).toBe('persistEntry')
    expect(save?.params.dataFiles).toEqual([
      { path: 'content/fr/home.yaml', raw: 'title: A\n', slug: '' },
      { path: 'content/en/home.yaml', raw: 'title: B\n', slug: '' },
    ])
    expect(dev.files.get('content/en/home.yaml')).toBe('title: B\n')

    // Another change of the tree (an edit in the code editor) after the form was read.
    const again = await backend.getEntry('content/pages/home.yaml')
    const n = dev.requests.length
    expect(dev.requests.slice(n - 2).map((r) => r.action)).toEqual(['listTree', 'entriesByFiles'])
    dev.files.set('content/site.yaml', 'name: Changed\n')
    const value = parse(again.data)
    value.fr.title = 'C'
    await expect(
      backend.persistEntry(
        { dataFiles: [{ path: 'content/pages/home.yaml', raw: stringify(value) }], assets: [] },
        MESSAGE,
      ),
    ).rejects.toThrow("rien n'a été enregistré")
    expect(dev.files.get('content/fr/home.yaml')).toBe('title: A\n')
  })
})
