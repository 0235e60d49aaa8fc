// The build-scale bench's own parts (issue 10, item 11): the scaled content copy and the memory
// of a whole process tree.
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { scaledCopy } from '../../scripts/lib/bench/scale.ts'
import { treeRssKb } from '../../scripts/lib/bench/treeMemory.ts'
import { loadContent, projectDirs } from '../../scripts/lib/content/load.ts'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const copies: string[] = []
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true })
})

describe('scaled content copy', () => {
  it('adds valid pages in both languages, each with its own title', () => {
    const root = scaledCopy(repo, 2)
    copies.push(root)
    const content = loadContent(projectDirs(root))
    const ids = content.routes.routes.map((r) => r.id)
    expect(ids.slice(-2)).toEqual(['bench-product-1', 'bench-product-2'])
    for (const lang of ['fr', 'en'] as const) {
      const titles = ids.slice(-2).map((id) => content.pages[lang][id]?.title)
      expect(titles[0]).toMatch(/\(1\)$/)
      expect(titles[1]).toMatch(/\(2\)$/)
    }
  }, 60_000)
})

describe('process tree memory', () => {
  it('counts the memory of a child process', async () => {
    const before = treeRssKb(process.pid)
    const child = spawn(process.execPath, [
      '-e',
      'globalThis.b = Buffer.alloc(96 * 1024 * 1024, 1); setTimeout(() => {}, 30000)',
    ])
    try {
      let grown = 0
      for (let i = 0; i < 100 && grown < 80 * 1024; i++) {
        await new Promise((r) => setTimeout(r, 100))
        grown = treeRssKb(process.pid) - before
      }
      expect(grown).toBeGreaterThanOrEqual(80 * 1024)
    } finally {
      child.kill()
    }
  }, 20_000)

  it('is 0 for a process that does not exist', () => {
    expect(treeRssKb(2 ** 22 + 1)).toBe(0)
  })
})
