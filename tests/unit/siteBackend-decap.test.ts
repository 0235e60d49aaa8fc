// The editor's own backends as the editor's build bundles them (siteBackendBundle.ts): registered
// under Decap's names in Decap's own registry, which already holds Decap's own backends there
// (decap-cms-app registers them at its import), made by the registry as Decap's core makes a
// backend, logged in by Decap's own code, then reading and saving through ours:
// - 'github' against the GitHub stand-in: a page's save is one commit of its two files;
// - 'proxy' against the dev endpoint's own actions (devEditor.ts `action`, its file store) on a
//   copy of the good fixture: the first read is a listing of content/ and public/ and one read
//   of every text; a page's save is one write of its two files; a file changed on the disk
//   since the form was read is refused (409), nothing written.
import { readFileSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse, stringify } from 'yaml'
import { action } from '../../scripts/lib/cms/devEditor.ts'
import { StoreError } from '../../scripts/lib/cms/fileStore.ts'
import { type GitHubStandIn, startGitHubStandIn } from '../../scripts/standIns/gitHubStandIn.ts'
import type { ImplementationEntry } from '../../templates/admin/backend/saves.ts'
import type { RefusedProblem } from '../../templates/admin/backend/types.ts'
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

let seed: string
let gh: GitHubStandIn
let dispose = () => {}
let make: (name: string, config: unknown, options?: unknown) => Backend
const refused: RefusedProblem[][] = []

beforeAll(async () => {
  seed = treeFrom('good')
  gh = await startGitHubStandIn({ seedFrom: seed })
  const bundle = await loadSiteBackends()
  dispose = bundle.dispose
  const { registry } = bundle
  // Decap's own first, as decap-cms-app registers them at its import: ours must replace them.
  registry.registerBackend('github', bundle.GitHubBackend)
  registry.registerBackend('proxy', bundle.ProxyBackend)
  bundle.registerSiteBackends(
    registry,
    testDeps({ onRefused: (_path, problems) => refused.push([...problems]) }),
  )
  // As Decap's core makes a backend (backend.ts resolveBackend: the registry's `init`).
  make = (name, config, options) => {
    const backend = registry.getBackend(name)?.init(config, options) as Backend
    if (backend instanceof bundle.GitHubBackend !== (name === 'github'))
      throw new Error(`not a backend of Decap's ${name} class`)
    if (backend.constructor === bundle.GitHubBackend || backend.constructor === bundle.ProxyBackend)
      throw new Error(`Decap's own ${name} backend was made`)
    return backend
  }
}, 120_000)
afterAll(async () => {
  dispose()
  await gh?.stop()
  removeTree(seed)
})

const MESSAGE = { commitMessage: 'Update Pages “home”' }

describe('the site backend registered as Decap’s github', { timeout: 60_000 }, () => {
  it('logs in with Decap’s code, reads a page from its two files and saves it in one commit', async () => {
    const backend = make(
      'github',
      {
        backend: { name: 'github', repo: gh.repo, branch: gh.branch, api_root: gh.apiRoot },
        media_folder: 'public/images',
      },
      { useWorkflow: false, initialWorkflowStatus: 'draft' },
    )
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

/** The dev endpoint's actions (devEditor.ts `action`) on `root`, with its errors' statuses. */
function devEndpoint(root: string) {
  const requests: { action: string; params: Record<string, unknown> }[] = []
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    requests.push(body)
    const [status, json] = await action(root, body).then(
      (a) => [a.status, a.body] as const,
      (e: Error) => [e instanceof StoreError ? e.status : 422, { error: e.message }] as const,
    )
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(json))
  })
  return { server, requests }
}

describe('the site backend registered as Decap’s proxy, against the dev endpoint', {
  timeout: 60_000,
}, () => {
  let dev: ReturnType<typeof devEndpoint>
  let url: string
  let root: string
  beforeAll(async () => {
    root = treeFrom('good')
    dev = devEndpoint(root)
    await new Promise<void>((resolve) => dev.server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(dev.server.address() as AddressInfo).port}/api/cms/v1`
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => dev.server.close(() => resolve()))
    removeTree(root)
  })
  const home = (lang: string) => readFileSync(join(root, `content/${lang}/home.yaml`), 'utf8')

  it('reads once, saves a page in one write of its two files, refuses a file changed on the disk', async () => {
    const backend = make('proxy', {
      backend: { name: 'proxy', proxy_url: url },
      media_folder: 'public/images',
    })
    const entry = await backend.getEntry('content/pages/home.yaml')
    expect(parse(entry.data)).toEqual({ fr: parse(home('fr')), en: parse(home('en')) })
    expect(dev.requests.map((r) => `${r.action} ${r.params.folder ?? ''}`)).toEqual([
      'listFiles content',
      'listFiles public',
      'entriesByFiles ',
    ])
    const [listed] = await backend.entriesByFiles([{ path: 'content/site.yaml' }])
    expect(listed?.data).toBe(readFileSync(join(root, 'content/site.yaml'), 'utf8'))
    expect(dev.requests).toHaveLength(3)

    const value = parse(entry.data)
    value.fr.title = 'Accueil (nouveau)'
    value.en.title = 'Home (new)'
    await backend.persistEntry(
      { dataFiles: [{ path: 'content/pages/home.yaml', raw: stringify(value) }], assets: [] },
      MESSAGE,
    )
    const save = dev.requests.at(-1)
    expect(save?.action).toBe('persistEntry')
    expect(save?.params.dataFiles).toMatchObject([
      { path: 'content/fr/home.yaml' },
      { path: 'content/en/home.yaml' },
    ])
    expect(parse(home('en')).title).toBe('Home (new)')

    // A developer's edit of the same file in a text editor, after the form was read.
    const again = parse((await backend.getEntry('content/pages/home.yaml')).data)
    writeFileSync(
      join(root, 'content/fr/home.yaml'),
      home('fr').replace('Accueil (nouveau)', 'Accueil (disque)'),
    )
    again.fr.title = 'Accueil (formulaire)'
    await expect(
      backend.persistEntry(
        { dataFiles: [{ path: 'content/pages/home.yaml', raw: stringify(again) }], assets: [] },
        MESSAGE,
      ),
    ).rejects.toThrow("rien n'a été enregistré")
    expect(parse(home('fr')).title).toBe('Accueil (disque)')
  })
})
