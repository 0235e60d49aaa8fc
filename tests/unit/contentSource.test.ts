// The content check on a set of files held in memory, as the editor in the browser will run it:
// the good tree's texts in a Map and the names under its public/, no disk for
// the content. Same messages, at the same file:line:col, as the check of the same files on the
// disk (what `npm run validate` prints).
// @node-api: the disk's reader (diskSource.ts) and its memo by size and time.
import { readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { diskSource } from '../../scripts/lib/content/diskSource.ts'
import {
  checkContent,
  checkRules,
  collectContent,
  projectDirs,
} from '../../scripts/lib/content/load.ts'
import { listFiles } from '../../scripts/lib/files.ts'
import { formatProblem, sortProblems } from '../../templates/core/content/problems.ts'
import {
  type ContentSource,
  memorySource,
  overlaySource,
  PublicFiles,
} from '../../templates/core/content/source.ts'
import { treeFrom } from './fixtureTree.ts'

const good = fileURLToPath(new URL('../fixtures/good', import.meta.url))
const rules = () => checkRules(projectDirs(good).schemas)

/** The good tree as a browser would have it: path -> text, and the names under public/. */
function goodFiles(): { content: Map<string, string>; publicNames: string[] } {
  const content = new Map(
    listFiles(join(good, 'content')).map((rel) => [
      `content/${rel}`,
      readFileSync(join(good, 'content', rel), 'utf8'),
    ]),
  )
  const publicNames = listFiles(join(good, 'public')).map((p) => `/${p}`)
  return { content, publicNames }
}

const messages = (source: ContentSource) =>
  sortProblems(checkContent(source, rules()).problems).map(formatProblem)

const diskMessages = (dir: string) =>
  sortProblems(collectContent(projectDirs(dir)).problems).map(formatProblem)

const replaced = (text: string | undefined, from: string, to: string) => {
  if (!text?.includes(from)) throw new Error(`no ${from} to replace`)
  return text.replace(from, to)
}

describe('the content check on files in memory', () => {
  it('finds nothing wrong in the good tree', () => {
    const { content, publicNames } = goodFiles()
    expect(messages(memorySource(content, publicNames))).toEqual([])
  })

  it('an emptied heading: one message at its line and column, as on the disk', () => {
    const { content, publicNames } = goodFiles()
    const path = 'content/fr/capacitor-banks.yaml'
    const edited = replaced(content.get(path), 'heading: SCEFix, compensation fixe', 'heading: ""')
    content.set(path, edited)
    const expected = [
      'content/fr/capacitor-banks.yaml:6:14  blocks[0].heading  must be a non-empty string',
    ]
    expect(messages(memorySource(content, publicNames))).toEqual(expected)
    const tree = treeFrom('good')
    try {
      writeFileSync(join(tree, path), edited)
      expect(diskMessages(tree)).toEqual(expected)
    } finally {
      rmSync(tree, { recursive: true, force: true })
    }
  })

  it('a file missing under public/ is told from the names alone, as on the disk', () => {
    const { content, publicNames } = goodFiles()
    const pdf = '/docs/catalogue-batteries.pdf'
    const found = messages(
      memorySource(
        content,
        publicNames.filter((p) => p !== pdf),
      ),
    )
    expect(found).toEqual([
      'content/en/capacitor-banks.yaml:10:35  blocks[0].buttons[0].href  file not found: expected public/docs/catalogue-batteries.pdf to exist',
      'content/fr/capacitor-banks.yaml:10:35  blocks[0].buttons[0].href  file not found: expected public/docs/catalogue-batteries.pdf to exist',
    ])
    const tree = treeFrom('good')
    try {
      rmSync(join(tree, 'public', pdf))
      expect(diskMessages(tree)).toEqual(found)
    } finally {
      rmSync(tree, { recursive: true, force: true })
    }
  })

  it('a save laid over the files: a page removed, its route left, one message', () => {
    const { content, publicNames } = goodFiles()
    const base = memorySource(content, publicNames)
    const wouldBe = overlaySource(base, new Map([['content/en/careers.yaml', null]]))
    expect(messages(wouldBe)).toEqual([
      'content/routes.yaml:20:11  routes[5].id  page "careers" has no English content: expected content/en/careers.yaml',
    ])
    // The base is untouched.
    expect(base.content.has('content/en/careers.yaml')).toBe(true)
    expect(messages(base)).toEqual([])
  })
})

describe('the disk as a source', () => {
  it('sees a file added under public/ or removed at once, the folder listed before or not', () => {
    const tree = treeFrom('good')
    try {
      const dirs = projectDirs(tree)
      const folder = join(tree, 'public', 'docs')
      // Listed when it had not changed for a while: its listing is kept until its time moves.
      const past = new Date(Date.now() - 60_000)
      utimesSync(folder, past, past)
      expect(diskSource(dirs).public.has('/docs/new.pdf')).toBe(false)
      expect(diskSource(dirs).public.has('/docs/catalogue-batteries.pdf')).toBe(true)
      writeFileSync(join(folder, 'new.pdf'), '%PDF-1.4')
      expect(diskSource(dirs).public.has('/docs/new.pdf')).toBe(true)
      rmSync(join(folder, 'new.pdf'))
      expect(diskSource(dirs).public.has('/docs/new.pdf')).toBe(false)
    } finally {
      rmSync(tree, { recursive: true, force: true })
    }
  })
})

describe('PublicFiles', () => {
  const files = new PublicFiles(['/images/home/hero.jpg', 'docs/a.pdf'])
  it.each([
    ['/images/home/hero.jpg', true],
    ['/images/home', true],
    ['/images/home/', true],
    ['/images/home/hero.jpg/', false],
    ['/images//home/./hero.jpg', true],
    ['/docs/a.pdf', true],
    ['/', true],
    ['/images/hero.jpg', false],
    ['/../docs/a.pdf', true],
    ['/images/../../package.json', false],
  ])('%s: %s', (path, exists) => {
    expect(files.has(path)).toBe(exists)
  })
})
