// The editor's own backends (templates/admin/backend/siteBackend.ts) as the editor's build
// bundles them, with Decap's GitHub and proxy backend classes they extend, loaded in Node (not
// imported directly: see decapGitHubApi.ts on decap-cms-lib-util's `then`).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import type { BackendRegistry } from '../../templates/admin/backend/siteBackend.ts'
import type { SiteBackendDeps } from '../../templates/admin/backend/types.ts'
import { repo } from './fixtureTree.ts'

type Module = {
  registerSiteBackends(CMS: BackendRegistry, deps: SiteBackendDeps): void
}

export async function loadSiteBackends(): Promise<Module & { dispose(): void }> {
  const outDir = mkdtempSync(join(tmpdir(), 'site-backend-'))
  await build({
    configFile: false,
    logLevel: 'warn',
    root: repo,
    publicDir: false,
    mode: 'production',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir,
      minify: false,
      reportCompressedSize: false,
      lib: {
        entry: { backend: join(repo, 'templates/admin/backend/siteBackend.ts') },
        formats: ['es'],
      },
    },
  })
  const module = (await import(pathToFileURL(join(outDir, 'backend.js')).href)) as Module
  return {
    registerSiteBackends: module.registerSiteBackends,
    dispose: () => rmSync(outDir, { recursive: true, force: true }),
  }
}
