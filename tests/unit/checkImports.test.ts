// The content check runs in the editor's browser bundle as well as in Node: nothing its modules
// import, however deep, may be Node's. Walks the static import graph of the check's browser
// entries and fails on a `node:` or built-in module, or on a use of `process`, `Buffer`,
// `require` or `__dirname`, naming the file and the chain of imports that reached it.

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ADMIN_INPUTS } from '../../scripts/lib/cms/adminBuild.ts'
import { isHashedInput } from '../../scripts/lib/pipeline/codeBuild.ts'
import { repo } from './fixtureTree.ts'
import { importGraph } from './importGraph.ts'

/** What the browser bundles of the check (and what it runs on). */
const ENTRIES = [
  'templates/core/content/checkContent.ts',
  'templates/core/content/rulesFromData.ts',
  'templates/admin/check/checker.ts',
  'templates/admin/backend/saveRules.ts',
  // The preview's page model; the pane with the templates: below.
  'templates/core/content/pageModel.ts',
]

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
    const { modules } = importGraph(
      ['templates/admin/main.tsx', 'templates/admin/check/checker.ts'],
      false,
    )
    const files = [...modules.keys()]
    expect(files).toContain('templates/core/content/checkContent.ts')
    expect(files.filter((file) => !isHashedInput(repo, join(repo, file), ADMIN_INPUTS))).toEqual([])
  })
})
