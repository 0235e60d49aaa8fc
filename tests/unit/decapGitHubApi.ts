// Decap's GitHub API client (the `API` class of decap-cms-backend-github, which GitHubBackend
// drives), bundled by vite from the packages' ESM builds as the editor's build bundles it, so a
// Node test runs the code the published editor runs. Not imported directly: vitest's module
// runner awaits each module it imports, and decap-cms-lib-util exports a function named `then`
// (its promise.js), so its namespace is a thenable that never settles; the packages' UMD
// builds name `window` as their global object and cannot load in Node.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { repo } from './fixtureTree.ts'

/** What a test uses of Decap's class (node_modules/decap-cms-backend-github/src/API.ts). */
export type DecapGitHubApi = {
  user(): Promise<{ name: string; login: string; email?: string }>
  hasWriteAccess(): Promise<boolean>
  readFile(path: string, sha?: string | null, o?: { parseText?: boolean }): Promise<string | Blob>
  readFileMetadata(path: string, sha: string | null): Promise<{ author: string; updatedOn: string }>
  listFiles(
    path: string,
    o?: { depth?: number },
  ): Promise<{ name: string; path: string; id: string }[]>
  persistFiles(
    dataFiles: { path: string; slug: string; raw: string }[],
    mediaFiles: { path: string; toBase64(): Promise<string> }[],
    options: { commitMessage: string; useWorkflow: false },
  ): Promise<unknown>
  deleteFiles(paths: string[], message: string): Promise<void>
}

type Settings = { apiRoot: string; token: string; repo: string; branch: string }

/** A constructor of Decap's API class, and a function removing the bundle. */
export async function loadDecapGitHubApi(): Promise<{
  create(settings: Settings): DecapGitHubApi
  dispose(): void
}> {
  const outDir = mkdtempSync(join(tmpdir(), 'decap-github-api-'))
  await build({
    configFile: false,
    logLevel: 'warn',
    root: repo,
    publicDir: false,
    mode: 'production',
    build: {
      outDir,
      minify: false,
      reportCompressedSize: false,
      lib: {
        entry: { api: join(repo, 'node_modules/decap-cms-backend-github/dist/esm/API.js') },
        formats: ['es'],
      },
    },
  })
  const { default: API } = await import(pathToFileURL(join(outDir, 'api.js')).href)
  return {
    create: ({ apiRoot, token, repo: name, branch }) =>
      new API({
        apiRoot,
        token,
        branch,
        repo: name,
        squashMerges: false,
        initialWorkflowStatus: 'draft',
        cmsLabelPrefix: '',
        // GitHubBackend.currentUser (implementation.tsx:218), which the backend hands its API.
        getUser: async ({ token: t }: { token: string }) =>
          (await fetch(`${apiRoot}/user`, { headers: { Authorization: `token ${t}` } })).json(),
      }),
    dispose: () => rmSync(outDir, { recursive: true, force: true }),
  }
}
