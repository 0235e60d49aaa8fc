// The import graph of this repository's modules, for the tests that hold its rules: what the
// browser's bundles may import (checkImports.test.ts) and the shape of the folders
// (imports.test.ts). Walks every `import`, `export ... from` and `import()` (type-only ones too
// unless asked not to), and notes each `node:` or built-in module and each Node global on the way.

import { readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { parseSync } from 'vite'
import { repo } from './fixtureTree.ts'

const NODE_ONLY = new Set(builtinModules)
const NODE_GLOBALS = new Set(['process', 'Buffer', 'require', '__dirname', '__filename'])

export type Graph = { modules: Map<string, string[]>; problems: string[] }

/**
 * The modules of this repository `entries` reach, by path from the root, with what each imports;
 * through type-only imports too unless `withTypes` is false (what a bundle holds).
 */
export function importGraph(entries: readonly string[], withTypes = true): Graph {
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
