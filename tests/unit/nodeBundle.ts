// One module of the editor's code bundled by vite from the packages' ESM builds, as the editor's
// build bundles it, and loaded in Node: a test then runs the code the browser runs. Not imported
// directly: vitest's module runner awaits each module it imports, and decap-cms-lib-util exports
// a function named `then` (its promise.js), so its namespace is a thenable that never settles;
// the packages' UMD builds name `window` as their global object and cannot load in Node.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { repo } from './fixtureTree.ts'

/** `entry` (a path from the repository's root) bundled and imported; `dispose` removes it. */
export async function bundleForNode<T>(entry: string): Promise<{ module: T; dispose(): void }> {
  const outDir = mkdtempSync(join(tmpdir(), 'node-bundle-'))
  await build({
    configFile: false,
    logLevel: 'warn',
    root: repo,
    publicDir: false,
    mode: 'production',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir,
      emptyOutDir: false,
      minify: false,
      reportCompressedSize: false,
      lib: { entry: { bundle: join(repo, entry) }, formats: ['es'] },
    },
  })
  return {
    module: (await import(pathToFileURL(join(outDir, 'bundle.js')).href)) as T,
    dispose: () => rmSync(outDir, { recursive: true, force: true }),
  }
}
