// The editor's own backends, registered under the names Decap gives its own
// ('github', 'gitea', 'gitlab', 'proxy'), so the generated configuration does not change: each extends Decap's class
// (login, media library, everything else as Decap does it) and replaces the reading of entries
// and the save. An entry is read from the repository held in memory (repository.ts: the tree
// listed once, blobs by id, cached), so a page's path can stand for its two language files; a
// save is planned over the tree its form was read from (deps.planSave) and lands as ONE commit of
// every file it changes (hosts.ts, giteaHost.ts, gitLabHost.ts), or is refused with its
// problems, nothing written.
import { GiteaBackend } from 'decap-cms-backend-gitea'
import { GitHubBackend } from 'decap-cms-backend-github'
import { GitLabBackend } from 'decap-cms-backend-gitlab'
import { ProxyBackend } from 'decap-cms-backend-proxy'
import { localForage } from 'decap-cms-lib-util'
import type { HistoryHost } from '../../core/history/types.ts'
import { giteaHost } from './giteaHost.ts'
import { gitLabHost } from './gitLabHost.ts'
import { gitHubHost, proxyHost, type SiteHost } from './hosts.ts'
import type { BlobCache } from './repository.ts'
import { type DecapEntry, type EntryMethods, type MediaAsset, SiteSaves } from './saves.ts'
import type { SiteBackendDeps } from './types.ts'

type BackendClass = new (...args: never[]) => unknown

/** The saves of the backend the editor uses now (the last one asked for an entry). */
let active: SiteSaves | undefined

/** The history of the repository the editor reads and saves through, once it has read it. */
export const activeHistory = (): HistoryHost | undefined => active?.history

/** What is used of Decap's registry (decap-cms-core's lib/registry.js). */
export type BackendRegistry = {
  registerBackend(name: string, backend: BackendClass): void
  getBackend?(name: string): { init: (...args: unknown[]) => unknown } | undefined
}

/**
 * Registers the site's backends. decap-cms-app registers Decap's own under the same names at
 * its import, and the registry refuses a name twice: its entry is then pointed at ours.
 */
export function registerSiteBackends(CMS: BackendRegistry, deps: SiteBackendDeps): void {
  const cache = blobCache()
  const made = new WeakMap<object, SiteSaves>()
  const savesOf = (key: object, host: () => SiteHost) => {
    let held = made.get(key)
    if (!held) {
      held = new SiteSaves(deps, host(), { cache })
      made.set(key, held)
    }
    active = held
    return held
  }

  // One repository per API client (a new login makes a new one).
  const SiteGitHub = withSiteSaves(GitHubBackend, (backend) => {
    const api = backend.api
    if (!api) throw new Error('GitHub: not logged in')
    return savesOf(api, () => gitHubHost(api))
  })
  const SiteGitea = withSiteSaves(GiteaBackend, (backend) => {
    const api = backend.api
    if (!api) throw new Error('Gitea: not logged in')
    return savesOf(api, () => giteaHost(api))
  })
  const SiteGitLab = withSiteSaves(GitLabBackend, (backend) => {
    const api = backend.api
    if (!api) throw new Error('GitLab: not logged in')
    return savesOf(api, () => gitLabHost(api))
  })
  const SiteProxy = withSiteSaves(ProxyBackend, (backend) =>
    savesOf(backend, () => proxyHost(backend)),
  )

  install(CMS, 'github', SiteGitHub)
  install(CMS, 'gitea', SiteGitea)
  install(CMS, 'gitlab', SiteGitLab)
  install(CMS, 'proxy', SiteProxy)
}

/** A class a class expression may extend: TypeScript's rule is a constructor of `any[]`. */
// biome-ignore lint/suspicious/noExplicitAny: TypeScript's rule for a mixin's base (above)
type Extendable = new (...args: any[]) => EntryMethods

/** Decap's class `Base` with the reading of entries and the save replaced by ours. */
function withSiteSaves<C extends Extendable>(
  Base: C,
  savesOf: (backend: InstanceType<C>) => SiteSaves,
) {
  return class extends Base {
    saves(): SiteSaves {
      return savesOf(this as InstanceType<C>)
    }
    // The repository is read while Decap checks the login (the user, the write access: two
    // round trips to the host) and draws its page, the same reading started sooner: Decap's
    // class makes its API client before its first await. The first form takes that read.
    override authenticate(state: unknown) {
      const done = super.authenticate(state)
      try {
        this.saves().repository.readAhead()
      } catch {
        // No API client (a login that failed before making one): the form reads as it would.
      }
      return done
    }
    override getEntry(path: string) {
      return this.saves().getEntry(path)
    }
    override entriesByFiles(files: { path: string; label?: string }[]) {
      return this.saves().entriesByFiles(files)
    }
    // A menu group's pages (a folder collection whose entries no file has: config.ts).
    override entriesByFolder(folder: string) {
      return this.saves().entriesByFolder(folder)
    }
    override allEntriesByFolder(folder: string) {
      return this.saves().entriesByFolder(folder)
    }
    override persistEntry(entry: DecapEntry, options: { commitMessage: string }) {
      return this.saves().persistEntry(entry, options)
    }
    // A file the media library deletes is one commit on the newest tree (checked: content may
    // not name it), the forms read from it moved to the new head.
    override deleteFiles(paths: string[], commitMessage: string) {
      return this.saves().deleteFiles(paths, commitMessage)
    }
    // The media library's own uploads take the same path: named, checked, one commit.
    override persistMedia(asset: MediaAsset, options: { commitMessage: string }) {
      const saves = this.saves()
      return saves.plansMedia
        ? saves.persistMedia(asset, options)
        : super.persistMedia(asset, options)
    }
  }
}

function install(CMS: BackendRegistry, name: string, backend: BackendClass) {
  const registered = CMS.getBackend?.(name)
  if (registered) registered.init = (...args: unknown[]) => new backend(...(args as never[]))
  else CMS.registerBackend(name, backend)
}

/** Texts by blob id in the browser's storage (Decap's localForage: IndexedDB), beyond the page. */
function blobCache(): BlobCache {
  const key = (id: string) => `site.blob.${id}`
  return {
    get: (id) =>
      localForage.getItem<string>(key(id)).then(
        (text) => text ?? undefined,
        () => undefined,
      ),
    set: (id, text) =>
      localForage.setItem(key(id), text).then(
        () => undefined,
        () => undefined,
      ),
  }
}
