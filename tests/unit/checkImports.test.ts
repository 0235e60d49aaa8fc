// The content check runs in the editor's browser bundle as well as in Node (issue 23, item 2):
// nothing its modules import, however deep, may be Node's. Walks the static import graph of the
// check's browser entries (every `import`, `export ... from` and `import()`, type-only ones too)
// and fails on a `node:` or built-in module, or on a use of `process`, `Buffer`, `require` or
// `__dirname`, naming the file and the chain of imports that reached it.

import { readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { parseSync } from 'vite'
import { describe, expect, it } from 'vitest'
import { ADMIN_INPUTS } from '../../scripts/lib/cms/adminBuild.ts'
import { isHashedInput } from '../../scripts/lib/pipeline/codeBuild.ts'
import { repo } from './fixtureTree.ts'

/** What the browser bundles of the check (and what it runs on). */
const ENTRIES = [
  'scripts/lib/content/check.ts',
  'scripts/lib/content/rules.ts',
  'templates/admin/check.ts',
  'templates/admin/backend/rules.ts',
  // The preview's page model (issue 24 item 1); the pane with the templates: below.
  'scripts/lib/content/pageModel.ts',
]

const NODE_ONLY = new Set(builtinModules)
const NODE_GLOBALS = new Set(['process', 'Buffer', 'require', '__dirname', '__filename'])

type Graph = { modules: Map<string, string[]>; problems: string[] }

/**
 * The modules of this repository `entries` reach, by path from the root, with what each imports;
 * through type-only imports too unless `withTypes` is false (what a bundle holds).
 */
function importGraph(entries: readonly string[], withTypes = true): Graph {
  const modules = new Map<string, string[]>()
  const problems: string[] = []
  const via = new Map<string, string>()
  const chain = (file: string): string => {
    const from = via.get(file)
    return from ? `${chain(from)} -> ${file}` : file
  }
  const queue = [...entries]
  for (let file = queue.shift(); file; file = queue.shift()) {
    if (modules.has(file)) continue
    if (!/\.(ts|tsx|js|mjs)$/.test(file)) {
      modules.set(file, []) // a stylesheet, an image: nothing imported
      continue
    }
    const source = readFileSync(join(repo, file), 'utf8')
    const parsed = parseSync(file, source)
    if (parsed.errors.length) throw new Error(`${file}: ${parsed.errors[0]?.message}`)
    // Type-only imports are erased before bundling: walked for the Node check, not for the bundle.
    const values = (entries: { isType: boolean }[]) =>
      withTypes || !entries.length || entries.some((e) => !e.isType)
    const requests = [
      ...parsed.module.staticImports
        .filter((i) => values(i.entries))
        .map((i) => i.moduleRequest.value),
      ...parsed.module.staticExports.flatMap((e) =>
        e.entries.flatMap((x) => (x.moduleRequest && values([x]) ? [x.moduleRequest.value] : [])),
      ),
      ...parsed.module.dynamicImports.map((d) =>
        source.slice(d.moduleRequest.start, d.moduleRequest.end).replace(/^['"`]|['"`]$/g, ''),
      ),
    ]
    const imported: string[] = []
    for (const request of requests) {
      if (request.startsWith('.')) {
        const target = relative(repo, join(repo, dirname(file), request.split('?')[0] ?? ''))
        imported.push(target)
        if (!via.has(target) && !entries.includes(target)) via.set(target, file)
        queue.push(target)
      } else if (request.startsWith('node:') || NODE_ONLY.has(request.split('/')[0] ?? ''))
        problems.push(`${chain(file)} imports ${request}`)
    }
    modules.set(file, imported)
    for (const name of nodeGlobals(parsed.program))
      problems.push(`${chain(file)} uses ${name}, which only Node has`)
  }
  return { modules, problems }
}

/** The Node-only globals a module's code names (`process.env`, `Buffer`, a type included). */
function nodeGlobals(program: unknown): Set<string> {
  const found = new Set<string>()
  const walk = (node: unknown, parent?: Record<string, unknown>, key?: string) => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item, parent, key)
      return
    }
    if (!node || typeof node !== 'object') return
    const n = node as Record<string, unknown>
    const name = n.name
    const isName = n.type === 'Identifier' || n.type === 'IdentifierReference'
    // `x.process` and `{ process: 1 }` are keys, not the global.
    const asKey =
      (parent?.type === 'MemberExpression' && key === 'property' && !parent.computed) ||
      (parent?.type === 'Property' && key === 'key' && !parent.computed)
    if (isName && typeof name === 'string' && NODE_GLOBALS.has(name) && !asKey) found.add(name)
    for (const [k, v] of Object.entries(n)) if (v && typeof v === 'object') walk(v, n, k)
  }
  walk(program)
  return found
}

describe("the check's modules are the browser's too", () => {
  it.each(ENTRIES)('%s imports nothing of Node, at any depth', (entry) => {
    const { modules, problems } = importGraph([entry])
    expect(problems).toEqual([])
    // The walk reached the check's parts (not a graph cut short by a wrong path).
    expect(modules.size).toBeGreaterThan(entry.endsWith('check.ts') ? 15 : 5)
  })

  it("the preview's pane imports nothing of Node, at any depth, but the site's guarded env reads", () => {
    const { modules, problems } = importGraph(['templates/admin/preview/pane.ts'])
    expect(modules.has('templates/pages/SitePage.tsx')).toBe(true)
    // Two templates read an environment variable at render time when there is a process (the
    // build), and skip it in a browser (the site's own islands run them there too).
    const guarded = ['templates/blocks/ContactForm.tsx', 'templates/lib/siteUrl.ts']
    for (const file of guarded)
      expect(readFileSync(join(repo, file), 'utf8')).toContain("typeof process === 'undefined'")
    const isGuarded = (p: string) =>
      guarded.some((f) => p.endsWith(`-> ${f} uses process, which only Node has`))
    expect(problems.filter((p) => !isGuarded(p))).toEqual([])
  })

  it('finds a node: import, a built-in module and process behind a chain of imports', () => {
    const { problems } = importGraph(['scripts/lib/content/load.ts'])
    expect(problems).toEqual(
      expect.arrayContaining([
        'scripts/lib/content/load.ts imports node:fs',
        'scripts/lib/content/load.ts -> scripts/lib/content/parseCache.ts imports node:crypto',
        'scripts/lib/content/load.ts -> scripts/lib/content/parseCache.ts uses process, which only Node has',
      ]),
    )
  })
})

describe("the editor's bundle", () => {
  it("imports only files its cache key hashes (ADMIN_INPUTS), the check's modules included", () => {
    const { modules } = importGraph(['templates/admin/main.tsx', 'templates/admin/check.ts'], false)
    const files = [...modules.keys()]
    expect(files).toContain('scripts/lib/content/check.ts')
    expect(files.filter((file) => !isHashedInput(repo, join(repo, file), ADMIN_INPUTS))).toEqual([])
  })
})
