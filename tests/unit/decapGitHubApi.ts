// Decap's GitHub API client (the `API` class of decap-cms-backend-github, which GitHubBackend
// drives), bundled by vite from the packages' ESM builds as the editor's build bundles it, so a
// Node test runs the code the published editor runs (nodeBundle.ts says why it is bundled).
import { bundleForNode } from './nodeBundle.ts'

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
  const { module, dispose } = await bundleForNode<{ default: new (o: object) => DecapGitHubApi }>(
    'node_modules/decap-cms-backend-github/dist/esm/API.js',
  )
  const API = module.default
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
    dispose,
  }
}
