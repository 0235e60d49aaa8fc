// Decap's Gitea and GitLab API clients (the `API` classes of decap-cms-backend-gitea and
// decap-cms-backend-gitlab, which their backends make at login), bundled by vite from the
// packages' ESM builds as the editor's build bundles them, so a Node test runs the code the
// published editor runs (nodeBundle.ts says why it is bundled).
import type { GiteaApiLike } from '../../templates/admin/backend/giteaHost.ts'
import type { GitLabApiLike } from '../../templates/admin/backend/gitLabHost.ts'
import { bundleForNode } from './nodeBundle.ts'

type Settings = { apiRoot: string; token: string; repo: string; branch: string }

/** What a test uses of Decap's classes besides what the hosts use. */
export type DecapHostApi = {
  user(): Promise<{ login?: string; username?: string; email?: string }>
  hasWriteAccess(): Promise<boolean>
  persistFiles(
    dataFiles: { path: string; slug: string; raw: string }[],
    mediaFiles: { path: string; toBase64(): Promise<string> }[],
    options: { commitMessage: string },
  ): Promise<unknown>
}

export type HostApi<K extends 'gitea' | 'gitlab'> = DecapHostApi &
  (K extends 'gitea' ? GiteaApiLike : GitLabApiLike)

const ENTRIES = {
  gitea: 'node_modules/decap-cms-backend-gitea/dist/esm/API.js',
  gitlab: 'node_modules/decap-cms-backend-gitlab/dist/esm/API.js',
}

/** A constructor of Decap's API class for the host, and a function removing the bundle. */
export async function loadDecapHostApi<K extends 'gitea' | 'gitlab'>(
  host: K,
): Promise<{ create(settings: Settings): HostApi<K>; dispose(): void }> {
  const { module, dispose } = await bundleForNode<{ default: new (o: object) => HostApi<K> }>(
    ENTRIES[host],
  )
  const API = module.default
  return {
    // As GiteaBackend.authenticate and GitLabBackend.authenticate make it (implementation.*).
    create: (settings) =>
      new API(
        host === 'gitea'
          ? settings
          : {
              ...settings,
              squashMerges: false,
              initialWorkflowStatus: 'draft',
              cmsLabelPrefix: '',
            },
      ),
    dispose,
  }
}
