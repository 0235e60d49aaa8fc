// The rendering side of the build: the code-build cache (its key, and that a cached rebuild writes
// the same site), the hand-off of the validated content to the renderers, the render processes.
import { spawn } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { handOverValidated, projectDirs, type SiteContent } from '../../scripts/lib/content/load.ts'
import { getContent, invalidateContent } from '../../scripts/lib/content/model.ts'
import { listFiles } from '../../scripts/lib/files.ts'
import { bakedEnv, codeBuildKey, isHashedInput } from '../../scripts/lib/pipeline/codeBuild.ts'
import { renderProcessCount } from '../../scripts/lib/pipeline/renderPages.ts'
import { buildTree, repo, treeFrom } from './fixtureTree.ts'

const temp: string[] = []
afterEach(() => {
  for (const dir of temp.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A fake code tree: a page, a template, the config files. */
function codeTree(): string {
  const dir = mkdtempSync(join(tmpdir(), 'code-tree-'))
  temp.push(dir)
  const files: Record<string, string> = {
    'pages/+config.ts': 'export default {}',
    'templates/Page.tsx': 'export const Page = () => null',
    'scripts/lib/x.ts': 'export const x = 1',
    'vite.config.ts': 'export default {}',
    'package-lock.json': '{}',
    'content/fr/home.yaml': 'title: Accueil',
  }
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    writeFileSync(join(dir, file), text)
  }
  return dir
}

describe('code build cache key', () => {
  it('changes with the code, the lock file and the baked environment, not with the content', () => {
    const dir = codeTree()
    const key = codeBuildKey(dir, {})
    expect(codeBuildKey(dir, {})).toBe(key)
    writeFileSync(join(dir, 'content/fr/home.yaml'), 'title: Autre')
    expect(codeBuildKey(dir, { SITE_URL: 'https://x.test', RECAPTCHA_SITE_KEY: 'k' })).toBe(key)
    expect(codeBuildKey(dir, { NODE_ENV: 'development' })).not.toBe(key)
    expect(codeBuildKey(dir, { VITE_FLAG: '1' })).not.toBe(key)
    writeFileSync(join(dir, 'templates/Page.tsx'), 'export const Page = () => 1')
    const afterTemplate = codeBuildKey(dir, {})
    expect(afterTemplate).not.toBe(key)
    writeFileSync(join(dir, 'templates/New.tsx'), '')
    expect(codeBuildKey(dir, {})).not.toBe(afterTemplate)
    writeFileSync(join(dir, 'package-lock.json'), '{"v":2}')
    expect(codeBuildKey(dir, {})).not.toBe(afterTemplate)
  })

  it('bakes only NODE_ENV and VITE_* (what vite inlines)', () => {
    expect(bakedEnv({ NODE_ENV: 'production', VITE_A: 'a', SITE_URL: 'u', PATH: '/bin' })).toEqual({
      NODE_ENV: 'production',
      VITE_A: 'a',
    })
  })

  it('covers every module of this repository the bundles are built from', () => {
    // The guard of codeBuildChild.mjs fails a build whose bundles import a file outside the key.
    expect(isHashedInput(repo, join(repo, 'templates/layout/Header.tsx'))).toBe(true)
    expect(isHashedInput(repo, join(repo, 'scripts/lib/content/model.ts'))).toBe(true)
    expect(isHashedInput(repo, join(repo, 'content/fr/home.yaml'))).toBe(false)
    expect(isHashedInput(repo, join(repo, 'scripts/build.ts'))).toBe(false)
  })
})

describe('content hand-off to the renderer', () => {
  it('the content model takes the content the build handed over instead of reading files', () => {
    const root = mkdtempSync(join(tmpdir(), 'no-content-')) // no content/ at all
    temp.push(root)
    const before = process.env.SITE_ROOT
    process.env.SITE_ROOT = root
    try {
      const content = { routes: { routes: [], redirects: [] } } as unknown as SiteContent
      handOverValidated(projectDirs(root), content)
      invalidateContent()
      expect(getContent()).toBe(content)
    } finally {
      process.env.SITE_ROOT = before
      invalidateContent()
    }
  })

  it('the renderer process sets the same hand-off as load.ts reads', () => {
    const child = readFileSync(join(repo, 'scripts/lib/pipeline/renderChild.mjs'), 'utf8')
    const load = readFileSync(join(repo, 'scripts/lib/content/load.ts'), 'utf8')
    const key = /Symbol\.for\('([^']+)'\)/
    expect(child.match(key)?.[1]).toBe(load.match(key)?.[1])
  })
})

describe('render processes', () => {
  it('one per core up to 2, or BUILD_RENDER_PROCESSES', () => {
    expect(renderProcessCount({ BUILD_RENDER_PROCESSES: '3' })).toBe(3)
    expect(renderProcessCount({})).toBeGreaterThanOrEqual(1)
    expect(renderProcessCount({})).toBeLessThanOrEqual(2)
  })
})

describe('a build from the code cache', () => {
  it('writes the same site as a build that bundles the code, in one renderer or two', () => {
    const dir = treeFrom('real')
    temp.push(dir)
    const build = (env: Record<string, string>) => {
      const run = buildTree(dir, env)
      expect(run.status, run.stderr).toBe(0)
      const site = Object.fromEntries(
        listFiles(join(dir, 'dist')).map((f) => [f, readFileSync(join(dir, 'dist', f), 'utf8')]),
      )
      return { site, log: run.stdout }
    }
    const cold = build({ BUILD_RENDER_PROCESSES: '1' })
    expect(cold.log).toContain('code miss')
    const warm = build({ BUILD_RENDER_PROCESSES: '2' })
    expect(warm.log).toContain('code hit')
    expect(Object.keys(warm.site).sort()).toEqual(Object.keys(cold.site).sort())
    for (const [file, text] of Object.entries(cold.site)) expect(warm.site[file], file).toBe(text)
    expect(Object.keys(cold.site).some((f) => f.endsWith('404.html'))).toBe(true)
    expect(Object.keys(cold.site).some((f) => f.startsWith('server/'))).toBe(false)
    // The cache keeps the bundles only, not the share cards drawn into the staging folder
    // meanwhile (they were copied back into every later build, a card of a removed page too).
    const cacheDir = join(dir, 'node_modules', '.cache', 'code-build')
    const entries = readdirSync(cacheDir)
    expect(entries).toHaveLength(1)
    expect(readdirSync(join(cacheDir, entries[0] ?? '')).sort()).toEqual([
      'assets.json',
      'client',
      'server',
    ])

    // What is on the disk already is linked, not written again (scripts/lib/outputFiles.ts):
    // a share card is its cache entry under another name, an unchanged page the last build's file.
    const inode = (file: string) => statSync(join(dir, 'dist/client', file)).ino
    expect(statSync(join(dir, 'dist/client/og/fr/home.jpg')).nlink).toBe(2)
    const before = { privacy: inode('confidentialite.html'), contact: inode('en/contact.html') }
    const page = join(dir, 'content/fr/privacy.yaml')
    writeFileSync(
      page,
      readFileSync(page, 'utf8').replace('heading: Éditeur du site', 'heading: Éditeur de ce site'),
    )
    const edited = build({})
    expect(edited.site['client/confidentialite.html']).toContain('Éditeur de ce site')
    expect(inode('confidentialite.html')).not.toBe(before.privacy)
    expect(edited.site['client/en/contact.html']).toBe(cold.site['client/en/contact.html'])
    expect(inode('en/contact.html')).toBe(before.contact)
  }, 300_000)
})

describe('a build stopped while the pages are rendered', () => {
  it('SIGTERM to the build alone: it stops its renderers and leaves no staging folder', async () => {
    const dir = treeFrom('real')
    temp.push(dir)
    // One renderer, so it is still rendering when the first page appears.
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--root', dir], {
      cwd: repo,
      stdio: 'ignore',
      env: { ...process.env, BUILD_RENDER_PROCESSES: '1' },
    })
    const staging = join(repo, `.dist-tmp-${child.pid}`)
    const deadline = Date.now() + 120_000
    const rendering = () =>
      existsSync(join(staging, 'client')) &&
      readdirSync(join(staging, 'client')).some((f) => f.endsWith('.html'))
    while (!rendering() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
    expect(rendering()).toBe(true)
    // Not the process group: the build itself must stop the renderers it started.
    child.kill('SIGTERM')
    const code = await new Promise((r) => child.once('exit', (c, signal) => r(c ?? signal)))
    expect(code).toBe(143)
    // A renderer left running would write its next page into a new staging folder.
    await new Promise((r) => setTimeout(r, 1500))
    expect(existsSync(staging)).toBe(false)
    expect(existsSync(join(dir, 'dist'))).toBe(false)
  }, 180_000)
})
