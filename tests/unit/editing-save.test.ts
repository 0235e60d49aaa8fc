// The CMS's save path: an entry's would-be files go through the project's own
// content check first; a problem refuses the save with validate's very words, at the field of
// the saved file it is in, and nothing is written (bytes and times as they were); without one
// every file is written, all or none. Each case runs on a copy of the real content.
import { readFileSync, renameSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { collectContent, projectDirs } from '../../scripts/lib/content/load.ts'
import { diskProject, type SaveResult, saveEntry } from '../../scripts/lib/editing/save.ts'
import { listFiles } from '../../scripts/lib/files.ts'
import { formatProblem, sortProblems } from '../../templates/core/content/problems.ts'
import { entryTexts } from '../../templates/core/editing/entryFiles.ts'
import { removeTree, treeFrom } from './fixtureTree.ts'

// biome-ignore lint/suspicious/noExplicitAny: a CMS's entry is untyped data
type Entry = any

let root: string
/** A copy of the real content for each test of the block (shared: refused saves write nothing). */
function freshTree(each: boolean) {
  if (each) {
    beforeEach(() => {
      root = treeFrom('real')
    })
    afterEach(() => removeTree(root))
  } else {
    beforeAll(() => {
      root = treeFrom('real')
    })
    afterAll(() => removeTree(root))
  }
}

const FR = 'content/fr/home.yaml'
const EN = 'content/en/home.yaml'
const read = (rel: string) => readFileSync(join(root, rel), 'utf8')
const entryOf = (rel: string): Entry => parse(read(rel))
const block = (page: Entry, id: string) => page.blocks.find((b: Entry) => b.id === id)

/** Every file under content/ with its bytes and modification time. */
function snapshot(): Map<string, { text: string; mtimeMs: number }> {
  const dir = join(root, 'content')
  return new Map(
    listFiles(dir).map((rel) => {
      const path = join(dir, rel)
      return [path, { text: readFileSync(path, 'utf8'), mtimeMs: statSync(path).mtimeMs }]
    }),
  )
}

/** Saves the entry's values (path -> whole value, null removes the file), as a CMS would. */
const save = (values: [string, unknown][]) =>
  saveEntry({ root, files: entryTexts(diskProject(root).source, new Map(values)) })

/** What `npm run validate` prints for the tree with the entry's files written. */
function validateWith(values: [string, unknown][]): string[] {
  const texts = entryTexts(diskProject(root).source, new Map(values))
  const written = Object.fromEntries([...texts].filter(([, t]) => t !== null)) as Record<
    string,
    string
  >
  const removed = [...texts].filter(([, t]) => t === null).map(([rel]) => rel)
  const tree = treeFrom('real', { write: written, remove: removed })
  try {
    return sortProblems(collectContent(projectDirs(tree)).problems).map(formatProblem)
  } finally {
    removeTree(tree)
  }
}

const refused = (result: SaveResult) => {
  if (result.saved) throw new Error(`saved: ${result.written.join(', ')}`)
  return result.problems
}

describe('saveEntry: refused, nothing written, problems in validate’s words at their fields', () => {
  freshTree(false)
  const CASES: { name: string; entry: () => [string, unknown][]; at: Record<string, unknown>[] }[] =
    [
      {
        name: 'an English title left empty',
        entry: () => {
          const en = entryOf(EN)
          en.title = ''
          return [
            [FR, entryOf(FR)],
            [EN, en],
          ]
        },
        at: [{ file: EN, key: 'title', message: 'must be a non-empty string', field: ['title'] }],
      },
      {
        name: 'a link to a page that is not in routes.yaml',
        entry: () => {
          const fr = entryOf(FR)
          block(fr, 'intro').buttons[0].href = 'page:warranty'
          return [[FR, fr]]
        },
        at: [
          {
            file: FR,
            key: 'blocks[2].buttons[0].href',
            field: ['blocks', 2, 'buttons', 0, 'href'],
          },
        ],
      },
      {
        name: 'a page removed while other pages link to it (problems in other files: no field)',
        entry: () => {
          const routes = entryOf('content/routes.yaml')
          routes.routes = routes.routes.filter((r: Entry) => r.id !== 'history')
          return [
            ['content/routes.yaml', routes],
            ['content/fr/history.yaml', null],
            ['content/en/history.yaml', null],
          ]
        },
        at: [
          { file: FR, key: 'blocks[0].buttons[0].href', field: undefined },
          { file: 'content/routes.yaml', field: ['menu', 1, 'children', 2, 'page'] },
        ],
      },
      {
        name: 'a duplicate block id',
        entry: () => {
          const [fr, en] = [entryOf(FR), entryOf(EN)]
          for (const page of [fr, en]) block(page, 'latest-news').id = 'intro'
          return [
            [FR, fr],
            [EN, en],
          ]
        },
        at: [
          { file: FR, key: 'blocks[3].id', field: ['blocks', 3, 'id'] },
          { file: EN, key: 'blocks[3].id', field: ['blocks', 3, 'id'] },
        ],
      },
      {
        name: 'an image path whose file does not exist',
        entry: () => {
          const images = entryOf('content/data/images.yaml')
          images.home.intro = '/images/home/factory.jpg'
          return [['content/data/images.yaml', images]]
        },
        at: [
          {
            file: 'content/data/images.yaml',
            key: 'home.intro',
            message: 'image file not found: expected public/images/home/factory.jpg to exist',
            field: ['home', 'intro'],
          },
        ],
      },
    ]

  it.each(CASES)('$name', ({ entry, at }) => {
    const before = snapshot()
    const values = entry()
    const problems = refused(save(values))
    expect(snapshot()).toEqual(before)
    // The same problems, in the same words and places, as validate on the tree saved anyway.
    expect(problems.map(formatProblem)).toEqual(validateWith(values))
    for (const { field, ...expected } of at) {
      const found = problems.find((p) =>
        Object.entries(expected).every(([k, v]) => p[k as 'key'] === v),
      )
      expect(found, JSON.stringify(expected)).toBeDefined()
      expect(found?.field).toEqual(field)
    }
  })
})

describe('saveEntry: saved', () => {
  freshTree(true)
  it('an unchanged entry writes nothing', () => {
    const before = snapshot()
    const result = save([
      [FR, entryOf(FR)],
      [EN, entryOf(EN)],
    ])
    expect(result).toMatchObject({ saved: true, written: [] })
    expect(snapshot()).toEqual(before)
  })

  it('a heading changed in both languages: one line in each file, nothing else', () => {
    const before = snapshot()
    const [fr, en] = [entryOf(FR), entryOf(EN)]
    block(fr, 'intro').heading = 'Des transformateurs depuis 1966'
    block(en, 'intro').heading = 'Transformers since 1966'
    const result = save([
      [FR, fr],
      [EN, en],
    ])
    expect(result).toMatchObject({ saved: true, written: [FR, EN] })
    const changed = [...snapshot()].filter(([path, f]) => before.get(path)?.text !== f.text)
    expect(changed.map(([path]) => path.slice(root.length + 1))).toEqual([EN, FR])
    for (const [path, { text }] of changed) {
      const old = (before.get(path)?.text ?? '').split('\n')
      const lines = text.split('\n')
      expect(lines.length).toBe(old.length)
      expect(lines.filter((line, i) => line !== old[i])).toEqual([
        expect.stringMatching(
          /^ {4}heading: (Des transformateurs depuis|Transformers since) 1966$/,
        ),
      ])
    }
    expect(collectContent(projectDirs(root)).problems).toEqual([])
  })

  it('a root written with a trailing slash is the same root', () => {
    const fr = entryOf(FR)
    block(fr, 'intro').heading = 'Titre'
    const result = saveEntry({
      root: `${root}/`,
      files: entryTexts(diskProject(root).source, new Map([[FR, fr]])),
    })
    expect(result).toMatchObject({ saved: true, written: [FR] })
  })

  it('a new page (route, both languages, menu labels): new files start with their $schema line', () => {
    const routes = entryOf('content/routes.yaml')
    routes.routes.push({
      id: 'warranty',
      template: 'page',
      parent: 'services',
      fr: { path: '/garantie' },
      en: { path: '/en/warranty' },
    })
    const page = (title: string) => ({
      title,
      description: `${title}.`,
      blocks: [{ type: 'section', id: 'terms', heading: title }],
    })
    const [i18nFr, i18nEn] = [entryOf('content/i18n/fr.yaml'), entryOf('content/i18n/en.yaml')]
    i18nFr.nav.warranty = 'Garantie'
    i18nEn.nav.warranty = 'Warranty'
    const result = save([
      ['content/routes.yaml', routes],
      ['content/fr/warranty.yaml', page('Garantie')],
      ['content/en/warranty.yaml', page('Warranty')],
      ['content/i18n/fr.yaml', i18nFr],
      ['content/i18n/en.yaml', i18nEn],
    ])
    expect(result).toMatchObject({ saved: true })
    expect(read('content/fr/warranty.yaml').split('\n')[0]).toBe(read(FR).split('\n')[0])
    expect(read('content/en/warranty.yaml').split('\n')[0]).toBe(read(EN).split('\n')[0])
    expect(collectContent(projectDirs(root)).problems).toEqual([])
  })
})

describe('saveEntry: all files or none', () => {
  freshTree(true)
  it('when a rename fails, the files already replaced are restored and no temporary is left', () => {
    const before = snapshot()
    const [fr, en] = [entryOf(FR), entryOf(EN)]
    block(fr, 'intro').heading = 'Titre'
    block(en, 'intro').heading = 'Heading'
    let renames = 0
    const rename = (from: string, to: string) => {
      if (++renames === 2) throw new Error('disk full')
      renameSync(from, to)
    }
    expect(() =>
      saveEntry({
        root,
        files: entryTexts(
          diskProject(root).source,
          new Map([
            [FR, fr],
            [EN, en],
          ]),
        ),
        hooks: { rename },
      }),
    ).toThrow('disk full')
    expect(renames).toBe(2)
    expect(snapshot()).toEqual(before)
  })

  it('writes nothing outside content/', () => {
    expect(() => saveEntry({ root, files: new Map([['public/x.yaml', 'a: 1\n']]) })).toThrow(
      /under content\/ only/,
    )
    expect(() =>
      saveEntry({ root, files: new Map([['content/../package.yaml', 'a: 1\n']]) }),
    ).toThrow(/under content\/ only/)
  })
})
