// Child process of codeBuild.ts: vike's client and server builds into argv[2], no pre-rendering
// (the pages are rendered later, by renderPages.ts), no public/ (the content's, copied by the
// build). Exits when done, so vite's memory is gone before the pages are rendered.
// Plain JavaScript, run by node without tsx: vite, vike and babel are 1,000 modules, and tsx's
// loader hooks saw each of them (its start-up and hooks were about 0.5 s of a 3.7 s code build).
import { writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const codeRoot = fileURLToPath(new URL('../../..', import.meta.url))
// Relative to the code root: vike joins an absolute outDir to the root too.
const outDir = relative(codeRoot, resolve(codeRoot, process.argv[2] ?? ''))

// The modules of this repository the bundles are made of, written to the file argv[3] names
// (in outDir) for codeBuild.ts, which fails the build when one lies outside what the cache key
// hashes.
/** @type {Set<string>} */
const bundled = new Set()
/** @type {import('vite').Plugin} */
const recordModules = {
  name: 'transfo-site:record-bundled-modules',
  generateBundle() {
    for (const id of this.getModuleIds()) {
      const file = id.split('?')[0] ?? ''
      if (file.startsWith(codeRoot) && !file.includes('/node_modules/')) bundled.add(file)
    }
  },
}

// The renderers' page analysis (pageAnalysis.ts), bundled with the server code as plain
// JavaScript: a renderer runs in plain node, and loading TypeScript there (tsx) cost each one
// half a second of start-up.
/** @type {import('vite').Plugin} */
const analysis = {
  name: 'transfo-site:page-analysis-entry',
  applyToEnvironment: (environment) => environment.name === 'ssr',
  options(options) {
    const input = options.input
    if (!input || typeof input !== 'object' || Array.isArray(input)) return
    const entry = resolve(codeRoot, 'scripts/lib/pipeline/pageAnalysis.ts')
    return { ...options, input: { ...input, pageAnalysis: entry } }
  },
}

// vike's plugin stands aside where Vitest runs (VITEST in the environment) unless vike's own API is
// running when vike() is called, and sitePlugins() is called before build() starts. This process
// makes the production bundles whoever started it (the unit tests build sites too).
delete process.env.VITEST
// vike() resolves the user's vite config the moment it is called, and without vike's API context
// (set by build() below) it does not see `configFile: false`: it loaded vite.config.ts, bundling
// it with the dev server's plugins (the form inbox's busboy, the editor, the content model), the
// very thing this child avoids, and a dev tool a host's `npm ci --omit=dev` does not install.
// VITE_CONFIG is the one setting vike reads before its API context exists.
process.env.VITE_CONFIG = JSON.stringify({ configFile: false })
const [{ build }, { sitePlugins }] = await Promise.all([
  import('vike/api'),
  import('./sitePlugins.mjs'),
])
await build({
  viteConfig: {
    // Not vite.config.ts: its plugins of the bundles are sitePlugins() (sitePlugins.mjs says why).
    configFile: false,
    logLevel: process.env.BUILD_VERBOSE ? 'info' : 'warn',
    root: codeRoot,
    publicDir: false,
    build: { outDir },
    plugins: [...sitePlugins(), recordModules, analysis],
  },
  vikeConfig: { prerender: { disableAutoRun: true, keepDistServer: true } },
})
writeFileSync(join(codeRoot, outDir, process.argv[3] ?? ''), JSON.stringify([...bundled].sort()))
// vike or a plugin may leave handles open (https://github.com/vikejs/vike/issues/807).
process.exit(0)
