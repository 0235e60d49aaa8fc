// Child process of codeBuild.ts: vike's client and server builds into argv[2], no pre-rendering
// (the pages are rendered later, by renderPages.ts), no public/ (the content's, copied by the
// build). Exits when done, so vite's memory is gone before the pages are rendered.
import { relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { isHashedInput } from './codeBuild.ts'

const codeRoot = fileURLToPath(new URL('../../..', import.meta.url))
// Relative to the code root: vike joins an absolute outDir to the root too.
const outDir = relative(codeRoot, resolve(codeRoot, process.argv[2] ?? ''))

// The cache key hashes CODE_INPUTS: a bundled module of this repository outside them would be
// a change the key misses. Fails the build rather than cache a stale bundle.
const outsideKey = new Set<string>()
const guard: Plugin = {
  name: 'transfo-site:code-inputs-guard',
  generateBundle() {
    for (const id of this.getModuleIds()) {
      const file = id.split('?')[0] ?? ''
      if (!file.startsWith(codeRoot) || file.includes('/node_modules/')) continue
      if (!isHashedInput(codeRoot, file)) outsideKey.add(file)
    }
  },
}

// The renderers' page analysis (pageAnalysis.ts), bundled with the server code as plain
// JavaScript: a renderer runs in plain node, and loading TypeScript there (tsx) cost each one
// half a second of start-up.
const analysis: Plugin = {
  name: 'transfo-site:page-analysis-entry',
  applyToEnvironment: (environment) => environment.name === 'ssr',
  options(options) {
    const input = options.input
    if (!input || typeof input !== 'object' || Array.isArray(input)) return
    return {
      ...options,
      input: { ...input, pageAnalysis: resolve(codeRoot, 'scripts/lib/build/pageAnalysis.ts') },
    }
  },
}

const { build } = await import('vike/api')
await build({
  viteConfig: {
    logLevel: process.env.BUILD_VERBOSE ? 'info' : 'warn',
    root: codeRoot,
    publicDir: false,
    build: { outDir },
    plugins: [guard, analysis],
  },
  vikeConfig: { prerender: { disableAutoRun: true, keepDistServer: true } },
})
if (outsideKey.size) {
  console.error(
    `The bundles import files the code cache does not hash (add them to CODE_INPUTS in scripts/lib/build/codeBuild.ts):\n${[...outsideKey].join('\n')}`,
  )
  process.exit(1)
}
// vike or a plugin may leave handles open (https://github.com/vikejs/vike/issues/807).
process.exit(0)
