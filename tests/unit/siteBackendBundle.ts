// The editor's own backends (templates/admin/backend/siteBackend.ts) as the editor's build
// bundles them, with Decap's GitHub and proxy backend classes they extend, loaded in Node.
import type { BackendRegistry } from '../../templates/admin/backend/siteBackend.ts'
import type { SiteBackendDeps } from '../../templates/admin/backend/types.ts'
import { bundleForNode } from './nodeBundle.ts'

type Module = { registerSiteBackends(CMS: BackendRegistry, deps: SiteBackendDeps): void }

export async function loadSiteBackends(): Promise<Module & { dispose(): void }> {
  const { module, dispose } = await bundleForNode<Module>('templates/admin/backend/siteBackend.ts')
  return { registerSiteBackends: module.registerSiteBackends, dispose }
}
