// Child process of adminBuild.ts: the production editor's JavaScript (templates/admin/main.tsx,
// Decap CMS with the site's React) built by vite on its own, into argv[2]: not through vike and
// not in the site's client bundle, so no visitor page can load any of it. Writes vite's manifest
// (the entry's file names, for the page adminBuild.ts writes) and the list of this repository's
// modules it bundled (argv[3]), which adminBuild.ts checks against its cache key's inputs.
// Plain JavaScript, run by node without tsx (as codeBuildChild.mjs, for the same reason).
import { writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { entryPerAddress, namedListButtons, withoutSiteCss } from './adminPlugins.mjs'

const codeRoot = fileURLToPath(new URL('../../..', import.meta.url))
const outDir = resolve(process.argv[2] ?? '')

/** @type {Set<string>} */
const bundled = new Set()
/** @type {import('vite').Plugin} */
const recordModules = {
  name: 'transfo-site:record-admin-modules',
  generateBundle() {
    for (const id of this.getModuleIds()) {
      const file = id.split('?')[0] ?? ''
      if (file.startsWith(codeRoot) && !file.includes('/node_modules/')) bundled.add(file)
    }
  },
}

delete process.env.VITEST
// The editor is a production bundle in `npm run dev` too: vike's dev server runs with
// NODE_ENV=development, which this child inherits and vite would bake in (React's and Decap's
// development builds: unminified, 3 times the size, the preview's render 5-10 times slower).
process.env.NODE_ENV = 'production'
const [{ build }, { default: react }] = await Promise.all([
  import('vite'),
  import('@vitejs/plugin-react'),
])
await build({
  configFile: false,
  logLevel: process.env.BUILD_VERBOSE ? 'info' : 'warn',
  root: codeRoot,
  publicDir: false,
  // The page is served at /admin/; its chunks are fetched from there.
  base: '/admin/',
  mode: 'production',
  plugins: [react(), withoutSiteCss(), namedListButtons(), entryPerAddress(), recordModules],
  build: {
    outDir,
    emptyOutDir: true,
    assetsDir: 'assets',
    manifest: 'manifest.json',
    // Decap is about 1.8 MB of JavaScript before gzip: its size is known, vite's warning is noise.
    chunkSizeWarningLimit: 10_000,
    reportCompressedSize: false,
    sourcemap: false,
    rollupOptions: {
      input: { editor: join(codeRoot, 'templates/admin/main.tsx') },
      // Decap's dependencies (js-sha256, gray-matter, @iarna/toml) call eval to reach Node's
      // modules, a path never taken in the browser; the warnings are theirs, and the editor's
      // CSP allows eval anyway (adminHeaders.ts). Any other warning is shown.
      onLog(level, log, handler) {
        if (log.code === 'EVAL' && /node_modules/.test(log.id ?? log.loc?.file ?? '')) return
        handler(level, log)
      },
    },
  },
})
writeFileSync(
  join(outDir, process.argv[3] ?? 'bundled-modules.json'),
  JSON.stringify([...bundled].sort()),
)
process.exit(0)
