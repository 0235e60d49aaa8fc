// The editor's own Gitea and GitLab backends as the editor's build bundles them
// (siteBackendHostsEntry.mjs): registered under Decap's names in Decap's own registry, which
// already holds Decap's own backends there, made by the registry as Decap's core makes a backend,
// logged in by Decap's own code against the host's stand-in (hostStandIn.ts), then reading a
// page from its two files and saving it through ours: one commit of the two files; a refused
// plan commits nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse, stringify } from 'yaml'
import { type HostStandIn, startHostStandIn } from '../../scripts/standIns/hostStandIn.ts'
import type { ImplementationEntry } from '../../templates/admin/backend/saves.ts'
import type { BackendRegistry } from '../../templates/admin/backend/siteBackend.ts'
import type { SiteBackendDeps } from '../../templates/admin/backend/types.ts'
import { removeTree, treeFrom } from './fixtureTree.ts'
import { bundleForNode } from './nodeBundle.ts'
import { testDeps } from './siteBackendPlanner.ts'

type Class = new (...args: never[]) => unknown
type Bundle = {
  registerSiteBackends(CMS: BackendRegistry, deps: SiteBackendDeps): void
  registry: Required<BackendRegistry> & {
    getBackend(name: string): { init: (...args: unknown[]) => unknown } | undefined
  }
  GiteaBackend: Class
  GitLabBackend: Class
}
type Backend = {
  authenticate(credentials: { token?: string }): Promise<{ login?: string }>
  getEntry(path: string): Promise<ImplementationEntry>
  persistEntry(
    entry: { dataFiles: { path: string; raw: string }[]; assets: [] },
    options: { commitMessage: string },
  ): Promise<unknown>
}

let bundle: Bundle
let dispose = () => {}

beforeAll(async () => {
  const loaded = await bundleForNode<Bundle>('tests/unit/siteBackendHostsEntry.mjs')
  bundle = loaded.module
  dispose = loaded.dispose
  // Decap's own first, as decap-cms-app registers them at its import: ours must replace them.
  bundle.registry.registerBackend('gitea', bundle.GiteaBackend)
  bundle.registry.registerBackend('gitlab', bundle.GitLabBackend)
  bundle.registerSiteBackends(bundle.registry, testDeps())
}, 120_000)
afterAll(() => dispose())

describe.each(['gitea', 'gitlab'] as const)('the site backend registered as Decap’s %s', (name) => {
  let seed: string
  let standIn: HostStandIn
  beforeAll(async () => {
    seed = treeFrom('good')
    standIn = await startHostStandIn({ host: name, seedFrom: seed })
  })
  afterAll(async () => {
    await standIn?.stop()
    removeTree(seed)
  })

  it('logs in with Decap’s code, reads a page from its two files and saves it in one commit', async () => {
    const decapClass = name === 'gitea' ? bundle.GiteaBackend : bundle.GitLabBackend
    // As Decap's core makes a backend (backend.ts resolveBackend: the registry's `init`).
    const backend = bundle.registry.getBackend(name)?.init(
      {
        backend: { name, repo: standIn.repo, branch: standIn.branch, api_root: standIn.apiRoot },
        media_folder: 'public/images',
      },
      { useWorkflow: false, initialWorkflowStatus: 'draft' },
    ) as Backend
    expect(backend).toBeInstanceOf(decapClass)
    expect(backend.constructor).not.toBe(decapClass)
    const user = await backend.authenticate({ token: standIn.token })
    expect(user.login).toBe(standIn.user.login)
    const entry = await backend.getEntry('content/pages/home.yaml')
    const value = parse(entry.data)
    expect(value.en.title).toBe('Home')
    value.fr.title = 'Accueil (nouveau)'
    value.en.title = 'Home (new)'
    const before = standIn.commits()
    const save = () =>
      backend.persistEntry(
        { dataFiles: [{ path: 'content/pages/home.yaml', raw: stringify(value) }], assets: [] },
        { commitMessage: 'Update Pages “home”' },
      )
    await save()
    expect(standIn.commits()).toHaveLength(before.length + 1)
    expect(standIn.log()[0]?.files).toEqual([
      { status: 'M', path: 'content/en/home.yaml' },
      { status: 'M', path: 'content/fr/home.yaml' },
    ])
    value.en.title = ''
    await expect(save()).rejects.toThrow('title: une valeur est requise')
    expect(standIn.commits()).toHaveLength(before.length + 1)
  })
})
