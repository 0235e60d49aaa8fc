// Build speed: per-page costs kept once per build, and the build-scale
// bench's own parts (the scaled content copy, the memory of a whole process tree).
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { medianRun, type ScalePoint, scaledCopy } from '../../scripts/bench/scale.ts'
import {
  processKind,
  type SeenProcess,
  sampleTree,
  treeRssKb,
  waitedChildrenCpuMs,
  wholeTreeCpuMs,
} from '../../scripts/bench/treeMemory.ts'
import { loadContent, projectDirs } from '../../scripts/lib/content/load.ts'
import { fixedDigits } from '../../templates/lib/format.ts'
import { createT } from '../../templates/lib/SiteContext.tsx'

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

describe('repeated bench runs', () => {
  it('keep the run of median wall time, with the highest peak memory of all', () => {
    const run = (wallMs: number, peakRssMb: number): ScalePoint => ({
      extra: 0,
      pages: 61,
      wallMs,
      timings: { prerender: wallMs / 2 },
      cpuMs: wallMs * 1.7,
      cpuByKind: { build: wallMs, renderers: wallMs * 0.7 },
      cpuPerWall: 1.7,
      peakRssMb,
      caches: {},
    })
    const median = medianRun([run(9000, 400), run(6000, 450), run(7000, 420)])
    expect(median).toMatchObject({ wallMs: 7000, timings: { prerender: 3500 }, peakRssMb: 450 })
    expect(medianRun([run(5000, 300)]).wallMs).toBe(5000)
    expect(medianRun([run(8000, 300), run(5000, 310)]).wallMs).toBe(5000)
  })
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

  it("counts a child's CPU time under its kind, once it has ended too", async () => {
    const sampler = sampleTree(process.pid, 50)
    // A child named like a renderer that uses 600 ms of CPU, then exits (CPU time, not wall
    // time: on a loaded machine 600 ms of wall time gave it 160 ms of CPU).
    const child = spawn(process.execPath, ['-e', burn(600), 'renderChild.mjs'])
    await new Promise((done) => child.on('exit', done))
    const { cpuMsByKind } = sampler.stop()
    expect(cpuMsByKind.renderers).toBeGreaterThanOrEqual(400)
    expect(cpuMsByKind.build).toBeGreaterThan(0) // this process, the root of the tree
  }, 20_000)

  it('counts a grandchild that outlives its parent, which the exit CPU time (cutime) misses', async () => {
    const before = waitedChildrenCpuMs()
    // The root starts a grandchild that uses 500 ms of CPU, and ends 300 ms later (the grandchild
    // is seen meanwhile): the grandchild is re-parented, and nobody of the tree waits for it.
    const root = spawn(process.execPath, [
      '-e',
      `require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(burn(500))}], { stdio: 'ignore' }).unref(); setTimeout(() => {}, 300)`,
    ])
    const sampler = sampleTree(root.pid ?? 0, 50)
    const tree = await new Promise<Awaited<ReturnType<typeof sampler.settle>>>((done) =>
      root.on('exit', () => done(sampler.settle())),
    )
    const rootTotal = waitedChildrenCpuMs() - before
    const grandchild = tree.processes.find((p) => p.pid !== root.pid)
    expect(grandchild).toMatchObject({ parent: root.pid, reparented: true })
    expect(grandchild?.ownMs).toBeGreaterThanOrEqual(450)
    expect(rootTotal).toBeLessThan(450) // the root alone
    expect(wholeTreeCpuMs(tree, root.pid ?? 0, rootTotal)).toBe(
      rootTotal + (grandchild?.ownMs ?? 0) + (grandchild?.reapedMs ?? 0),
    )
  }, 30_000)

  it("adds to the root's waited-for time the processes nobody of the tree waited for", () => {
    const p = (pid: number, parent: number, last: number, ownMs: number, reparented = false) =>
      ({ pid, kind: 'other', parent, reparented, ownMs, reapedMs: 0, last }) as SeenProcess
    const processes = [
      { ...p(1, 0, 10, 100), reapedMs: 300 }, // the root: 400 ms when last seen
      p(2, 1, 5, 300), // ended while the root ran: waited for
      p(3, 1, 11, 200, true), // seen with another parent: outlived the root
      p(4, 1, 10, 40), // ended with the root; 40 ms fits in the root's last 50 ms: maybe waited for
      p(5, 1, 10, 500), // ended with the root; 500 ms does not fit: outlived it
      p(6, 2, 5, 70), // ended with its parent, not the root: taken as outliving it
      p(7, 2, 3, 90), // ended while its parent ran: waited for
    ]
    expect(wholeTreeCpuMs({ processes }, 1, 450)).toBe(450 + 200 + 500 + 70)
    expect(wholeTreeCpuMs({ processes: [] }, 1, 450)).toBe(450) // nothing seen (no /proc)
  })

  it('names the kinds of process of a build', () => {
    expect(processKind('node\0scripts/build.ts', true)).toBe('build')
    expect(processKind('node\0--max-semi-space-size=8\0/x/renderChild.mjs', false)).toBe(
      'renderers',
    )
    expect(processKind('node\0/x/codeBuildChild.mjs\0.dist-tmp-1', false)).toBe('code build')
    expect(processKind('/x/pagefind_extended\0--service', false)).toBe('Pagefind')
    expect(processKind('/x/esbuild\0--service=0.28.2', false)).toBe('other')
  })

  it('is 0 for a process that does not exist', () => {
    expect(treeRssKb(2 ** 22 + 1)).toBe(0)
  })
})

/** Code for `node -e` that uses `ms` of CPU time, then ends. */
function burn(ms: number): string {
  return `const used = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000 }; while (used() < ${ms});`
}

describe('per-page costs', () => {
  it('looks a plain UI string up once, and still interpolates, pluralises and fails', () => {
    const strings = {
      menu: { home: 'Home' },
      hello: 'Hello {{name}}',
      item_one: 'one item',
      item_other: '{{count}} items',
    }
    const t = createT('en', strings)
    expect(t('menu.home')).toBe('Home')
    strings.menu.home = 'changed' // i18next alone would now answer 'changed': the lookup was kept
    expect(t('menu.home')).toBe('Home')
    expect(t('hello', { name: 'Amel' })).toBe('Hello Amel')
    expect(t('item', { count: 3 })).toBe('3 items')
    expect(t('item', { count: 1 })).toBe('one item')
    // A call with the same plain options is kept too; other values are new calls.
    strings.hello = 'Hi {{name}}'
    expect(t('hello', { name: 'Amel' })).toBe('Hello Amel')
    expect(t('hello', { name: 'Sami' })).toBe('Hi Sami')
    // Options holding an object (or undefined) go to i18next each time.
    expect(t('hello', { name: 'Sami', extra: {} })).toBe('Hi Sami')
    strings.hello = 'Salut {{name}}'
    expect(t('hello', { name: 'Sami', extra: {} })).toBe('Salut Sami')
    expect(() => t('menu.missing', { name: 'x' })).toThrow(/Missing UI string "menu.missing"/)
    expect(() => t('menu.missing', { name: 'x' })).toThrow(/Missing UI string/)
    expect(() => t('menu.missing')).toThrow(/Missing UI string "menu.missing"/)
    expect(() => t('menu.missing')).toThrow(/Missing UI string/)
  })

  it('formats fixed decimals per language with one formatter per language and digits', () => {
    expect(fixedDigits('fr', 2)).toBe(fixedDigits('fr', 2))
    expect(fixedDigits('fr', 2).format(1250.5)).toBe('1\u202f250,50')
    expect(fixedDigits('en', 1).format(1250)).toBe('1,250.0')
  })
})
