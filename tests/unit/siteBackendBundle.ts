// The editor's own backends (templates/admin/backend/siteBackend.ts) as the editor's build
// bundles them, with Decap's registry and Decap's GitHub and proxy backend classes (the ones they
// extend, and the ones decap-cms-app registers first under the same names), loaded in Node.
import type { BackendRegistry } from '../../templates/admin/backend/siteBackend.ts'
import type { SiteBackendDeps } from '../../templates/admin/backend/types.ts'
import { bundleForNode } from './nodeBundle.ts'

type Class = new (...args: never[]) => unknown

export type SiteBackendsModule = {
  registerSiteBackends(CMS: BackendRegistry, deps: SiteBackendDeps): void
  /** decap-cms-core's registry (lib/registry.js). */
  registry: Required<BackendRegistry> & {
    getBackend(name: string): { init: (...args: unknown[]) => unknown } | undefined
  }
  GitHubBackend: Class
  ProxyBackend: Class
}

export async function loadSiteBackends(): Promise<SiteBackendsModule & { dispose(): void }> {
  const { module, dispose } = await bundleForNode<SiteBackendsModule>(
    'tests/unit/siteBackendEntry.mjs',
  )
  return { ...module, dispose }
}
