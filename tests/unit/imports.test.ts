// The shape of the code: `templates/` (the site's templates, the editor and the browser-safe core
// they share with the build) imports nothing from `scripts/` or `pages/`; no module imports
// itself through others; no two folders import each other, at any distance. Walks every module
// of the product's folders, type-only imports included (a circle of types is still a circle to
// read).

import { readdirSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repo } from './fixtureTree.ts'
import { importGraph } from './importGraph.ts'

const FOLDERS = ['templates', 'scripts', 'pages', 'functions']
const SOURCE = /\.(ts|tsx|mts|mjs)$/
const DECLARATIONS = /\.d\.m?ts$/

function sourceFiles(folder: string): string[] {
  return readdirSync(join(repo, folder), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name) && !DECLARATIONS.test(e.name))
    .map((e) => relative(repo, join(e.parentPath, e.name)))
}

const inProduct = (file: string) => FOLDERS.some((f) => file.startsWith(`${f}/`))

/** Each module of the product's folders with the product's modules it imports. */
function productGraph(): Map<string, string[]> {
  const { modules } = importGraph(FOLDERS.flatMap(sourceFiles))
  const graph = new Map<string, string[]>()
  for (const [file, imported] of modules)
    if (inProduct(file)) graph.set(file, [...new Set(imported.filter(inProduct))])
  return graph
}

/** The strongly connected groups of more than one node, or of one that reaches itself (Tarjan). */
function circles(graph: Map<string, readonly string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  let next = 0
  const visit = (node: string) => {
    index.set(node, next)
    low.set(node, next)
    next++
    stack.push(node)
    onStack.add(node)
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to)
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0))
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0))
    }
    if (low.get(node) !== index.get(node)) return
    const group: string[] = []
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      onStack.delete(top)
      group.push(top)
      if (top === node) break
    }
    if (group.length > 1 || graph.get(node)?.includes(node)) found.push(group.sort())
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return found
}

/** The folders' graph: an edge where a module of one imports a module of another. */
function folderGraph(graph: Map<string, string[]>): Map<string, string[]> {
  const folders = new Map<string, Set<string>>()
  for (const [file, imported] of graph) {
    const from = dirname(file)
    const edges = folders.get(from) ?? new Set<string>()
    folders.set(from, edges)
    for (const target of imported) if (dirname(target) !== from) edges.add(dirname(target))
  }
  return new Map([...folders].map(([folder, edges]) => [folder, [...edges]]))
}

describe('the shape of the imports', () => {
  const graph = productGraph()

  it('walks the whole product', () => {
    expect(graph.size).toBeGreaterThan(300)
    expect(graph.get('templates/admin/backend/saveRules.ts')).toContain(
      'templates/core/editor/entryPlan.ts',
    )
  })

  it('templates/ imports nothing from scripts/ or pages/', () => {
    const crossings = [...graph].flatMap(([file, imported]) =>
      file.startsWith('templates/')
        ? imported.filter((t) => !t.startsWith('templates/')).map((t) => `${file} -> ${t}`)
        : [],
    )
    expect(crossings).toEqual([])
  })

  it('the browser-safe core imports nothing of Node, at any depth', () => {
    const core = sourceFiles('templates/core')
    expect(core.length).toBeGreaterThan(30)
    expect(importGraph(core).problems).toEqual([])
  })

  it('no module imports itself through others', () => {
    expect(circles(graph)).toEqual([])
  })

  it('no two folders import each other, at any distance', () => {
    expect(circles(folderGraph(graph))).toEqual([])
  })

  it('finds a circle and a folder pair when there is one', () => {
    const planted = new Map([
      ['a/x.ts', ['a/y.ts']],
      ['a/y.ts', ['b/z.ts']],
      ['b/z.ts', ['a/x.ts']],
      ['b/w.ts', []],
    ])
    expect(circles(planted)).toEqual([['a/x.ts', 'a/y.ts', 'b/z.ts']])
    expect(circles(folderGraph(planted))).toEqual([['a', 'b']])
    expect(circles(new Map([['a/x.ts', ['a/x.ts']]]))).toEqual([['a/x.ts']])
  })
})
