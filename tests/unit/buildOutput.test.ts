// What a build writes, whatever its caches and whatever pages the editor removed: builds of
// prepared trees through the build's command line. (buildRender.test.ts has the code cache, the
// renderers and a stopped build: what reaches Node's own APIs, run again on every Node version
// `engines` promises; these compare what is written, which each version's build and HTML check
// cover there.)
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { listFiles } from '../../scripts/lib/files.ts'
import { applyPatch, buildTree, treeFrom } from './fixtureTree.ts'

const temp: string[] = []
afterEach(() => {
  for (const dir of temp.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('a build with every cache off', () => {
  it('writes the same site as a build with the caches, and keeps nothing for the next one', () => {
    const dir = treeFrom('good')
    temp.push(dir)
    const build = (env: Record<string, string>) => {
      const run = buildTree(dir, env)
      expect(run.status, run.stderr).toBe(0)
      const site = new Map(
        listFiles(join(dir, 'dist')).map((f) => [f, readFileSync(join(dir, 'dist', f))]),
      )
      return { site, log: run.stdout }
    }
    const off = build({
      BUILD_CODE_CACHE: 'off',
      CONTENT_CHECK_CACHE: 'off',
      SEARCH_INDEX_CACHE: 'off',
      SITE_IMAGES_CACHE: 'off',
      STRUCTURED_DATA_CACHE: 'off',
    })
    expect(off.log).toContain(
      'caches: content check off, images off, search index off, structured data off, code off)',
    )
    // Nothing kept under the project's node_modules/.cache; the share card drawn into a folder
    // of the build that went afterwards (the card is no longer a second name of a cache entry).
    expect(existsSync(join(dir, 'node_modules', '.cache'))).toBe(false)
    expect(statSync(join(dir, 'dist/client/og/fr/home.jpg')).nlink).toBe(1)
    const cached = build({})
    expect(cached.log).toContain('images none')
    expect([...off.site.keys()].sort()).toEqual([...cached.site.keys()].sort())
    for (const [file, bytes] of cached.site)
      expect(off.site.get(file)?.equals(bytes), file).toBe(true)
  }, 300_000)
})

describe('the frame of a site without some of its pages', () => {
  it('builds the good fixture, then links no page the editor removed (careers, PFE book, search)', () => {
    const dir = treeFrom('good')
    temp.push(dir)
    const build = () => {
      const run = buildTree(dir)
      expect(run.status, run.stderr).toBe(0)
      return readFileSync(join(dir, 'dist/client/index.html'), 'utf8')
    }
    const whole = build()
    for (const link of ['href="/carrieres"', 'href="/pfebook"', 'action="/recherche"'])
      expect(whole).toContain(link)
    applyPatch(dir, {
      replace: [
        [
          'content/routes.yaml',
          / {2}- \{ id: careers[^\n]*\n {2}- \{ id: pfebook[^\n]*\n {2}- \{ id: search[^\n]*\n/,
          '',
        ],
      ],
      remove: ['careers', 'pfebook', 'search'].flatMap((id) => [
        `content/fr/${id}.yaml`,
        `content/en/${id}.yaml`,
      ]),
    })
    const without = build()
    for (const gone of ['/carrieres', '/pfebook', '/recherche', 'header-search'])
      expect(without).not.toContain(gone)
    // What is left of the frame is still there: the footer's links to the pages that exist.
    expect(without).toMatch(/<footer[\s\S]*href="\/contact"/)
  }, 300_000)
})
