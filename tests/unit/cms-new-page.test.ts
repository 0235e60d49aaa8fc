// "Ajouter une page": the new page's form value is split into its five files (route
// and menu entry in routes.yaml, the two page files, nav.<id> in both UI string files) and saved
// in ONE checked save: every file or none. Only lines are added to routes.yaml and the UI
// strings (the rest byte for byte); a refused save writes nothing. On copies of the real content.
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { cmsConfig } from '../../scripts/lib/cms/config.ts'
import { persistEntry, readEntry } from '../../scripts/lib/cms/entries.ts'
import { collectContent, projectDirs } from '../../scripts/lib/content/load.ts'
import { listFiles } from '../../scripts/lib/files.ts'
import type { DecapFolderCollection } from '../../templates/core/editor/decapConfig.ts'
import {
  menuPlaces,
  NEW_PAGE_COLLECTION,
  NEW_PAGE_FOLDER,
  NOT_IN_MENU,
} from '../../templates/core/editor/newPage.ts'
import { removeTree, repo, treeFrom } from './fixtureTree.ts'

// biome-ignore lint/suspicious/noExplicitAny: a CMS's entry is untyped data
type Entry = any

let root: string
beforeEach(() => {
  root = treeFrom('real')
})
afterEach(() => removeTree(root))

const read = (rel: string) => readFileSync(join(root, rel), 'utf8')
const original = (rel: string) => readFileSync(join(repo, rel), 'utf8')

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

/** The form's value as Decap sends it: neutral fields under fr, words in each language. */
function warranty(change: (v: Entry) => void = () => {}): Entry {
  const value: Entry = {
    fr: {
      id: 'warranty',
      menu: 'nav.servicesMenu',
      nav_label: 'Garantie',
      path_fr: '/services/garantie',
      path_en: '/en/services/warranty',
      title: 'Garantie',
      description: 'Nos transformateurs sont garantis deux ans.',
      blocks: [
        {
          type: 'section',
          id: 'conditions',
          tone: 'muted',
          heading: 'Nos conditions de garantie',
          paragraphs: ['Nos transformateurs sont garantis deux ans, pièces et main-d’œuvre.'],
        },
      ],
    },
    en: {
      nav_label: 'Warranty',
      title: 'Warranty',
      description: 'Our transformers carry a two-year warranty.',
      blocks: [
        {
          type: 'section',
          id: 'conditions',
          heading: 'Our warranty terms',
          paragraphs: ['Our transformers carry a two-year warranty, parts and labour.'],
        },
      ],
    },
  }
  change(value)
  return value
}

const entry = (id: string) => `${NEW_PAGE_FOLDER}/${id}.yaml`
const save = (value: Entry, id = value.fr.id) =>
  persistEntry(root, entry(id), JSON.stringify(value))

/** `text` is `before` with lines added only: removing them gives `before` back, byte for byte. */
function addedLines(before: string, text: string): string[] {
  const a = before.split('\n')
  const b = text.split('\n')
  const added: string[] = []
  let i = 0
  for (const line of b) {
    if (i < a.length && line === a[i]) i++
    else added.push(line)
  }
  expect(i).toBe(a.length)
  return added
}

describe('a new page under Services, in one save', () => {
  it('writes the five files (and their translation records), adding lines only to the route table and the UI strings', () => {
    const result = save(warranty())
    expect(result).toMatchObject({ saved: true })
    if (!result.saved) return
    expect(result.written.sort()).toEqual(
      [
        'content/en/warranty.yaml',
        'content/fr/warranty.yaml',
        'content/i18n/en.yaml',
        'content/i18n/fr.yaml',
        'content/routes.yaml',
        // The new English values, recorded as translated from their French.
        'content/translations/en/warranty.yaml',
        'content/translations/i18n/en.yaml',
      ].sort(),
    )
    // The route after the last route of Services (training), its parent the group's page; the
    // menu entry last in the submenu; the label after training's.
    expect(addedLines(original('content/routes.yaml'), read('content/routes.yaml'))).toEqual([
      '  - { id: warranty, template: page, parent: services, fr: { path: /services/garantie }, en: { path: /en/services/warranty } }',
      '      - page: warranty',
    ])
    const routes = read('content/routes.yaml')
    expect(routes.indexOf('id: warranty')).toBeGreaterThan(routes.indexOf('id: training'))
    expect(routes.indexOf('id: warranty')).toBeLessThan(routes.indexOf('id: contact,'))
    expect(routes).toContain('      - page: training\n      - page: warranty\n')
    expect(addedLines(original('content/i18n/fr.yaml'), read('content/i18n/fr.yaml'))).toEqual([
      '  warranty: Garantie',
    ])
    expect(addedLines(original('content/i18n/en.yaml'), read('content/i18n/en.yaml'))).toEqual([
      '  warranty: Warranty',
    ])
    expect(read('content/i18n/fr.yaml')).toContain('  training: Formation\n  warranty: Garantie\n')
    // The page files: their folder's $schema line, the page's fields only, neutral ones in French.
    const fr = read('content/fr/warranty.yaml')
    const en = read('content/en/warranty.yaml')
    expect(fr.split('\n')[0]).toBe('# yaml-language-server: $schema=../../schemas/page.schema.json')
    expect(en.split('\n')[0]).toBe('# yaml-language-server: $schema=../../schemas/page.en.json')
    const { id, menu, nav_label, path_fr, path_en, ...frPage } = warranty().fr
    const { nav_label: _, ...enPage } = warranty().en
    expect(parse(fr)).toEqual(frPage)
    expect(parse(en)).toEqual(enPage)
    expect(Object.keys(parse(fr))).toEqual(['title', 'description', 'blocks'])
    expect(en).not.toContain('tone')
    // The checker passes on the tree as saved, and the page is in the route table and the menu.
    const { content, problems } = collectContent(projectDirs(root))
    expect(problems).toEqual([])
    expect(content.routes?.routes.find((r) => r.id === 'warranty')).toEqual({
      id: 'warranty',
      template: 'page',
      parent: 'services',
      fr: { path: '/services/garantie' },
      en: { path: '/en/services/warranty' },
    })
    expect(content.i18n?.en?.nav).toMatchObject({ warranty: 'Warranty' })
  })

  it('reads the created page back as the form value (Decap loads the entry after saving)', () => {
    expect(readEntry(root, entry('warranty')).data).toBeNull()
    save(warranty())
    const back = readEntry(root, entry('warranty'))
    expect(back.file.id).toMatch(/^[0-9a-f]{14}$/)
    expect(parse(back.data as string)).toEqual(warranty())
  })

  it('elsewhere in the menu: a nested submenu, the top level, or not in the menu', () => {
    // Transformers: parent transformers, route after transformer-special.
    expect(
      save(
        warranty((v) => {
          v.fr.menu = 'nav.transformersMenu'
        }),
      ),
    ).toMatchObject({ saved: true })
    expect(addedLines(original('content/routes.yaml'), read('content/routes.yaml'))).toEqual([
      '  - { id: warranty, template: page, parent: transformers, fr: { path: /services/garantie }, en: { path: /en/services/warranty } }',
      '          - page: warranty',
    ])
    expect(parse(readEntry(root, entry('warranty')).data as string).fr.menu).toBe(
      'nav.transformersMenu',
    )
    // Company's pages have no parent (none of them names presentation): no parent then.
    expect(
      save(
        warranty((v) => {
          v.fr.id = 'careers-2'
          v.fr.menu = 'nav.company'
          v.fr.path_fr = '/societe/carrieres'
          v.fr.path_en = '/en/company/careers'
        }),
      ),
    ).toMatchObject({ saved: true })
    expect(read('content/routes.yaml')).toContain(
      '  - { id: careers-2, template: page, fr: { path: /societe/carrieres }, en: { path: /en/company/careers } }\n',
    )
    // Not in the menu: the route at the end, no menu entry; a label given is kept for later.
    expect(
      save(
        warranty((v) => {
          v.fr.id = 'hidden'
          v.fr.menu = NOT_IN_MENU
          v.fr.path_fr = '/cache'
          v.fr.path_en = '/en/hidden'
          delete v.fr.nav_label
          delete v.en.nav_label
        }),
      ),
    ).toMatchObject({ saved: true })
    const routes = parse(read('content/routes.yaml'))
    expect(routes.routes.at(-1)).toEqual({
      id: 'hidden',
      template: 'page',
      fr: { path: '/cache' },
      en: { path: '/en/hidden' },
    })
    expect(JSON.stringify(routes.menu)).not.toContain('hidden')
    expect(read('content/i18n/fr.yaml')).not.toContain('hidden')
    expect(parse(readEntry(root, entry('hidden')).data as string).fr.menu).toBe(NOT_IN_MENU)
    expect(collectContent(projectDirs(root)).problems).toEqual([])
  })
})

describe('refused: nothing written, one message at the field', () => {
  const refused = (value: Entry, id?: string) => {
    const before = snapshot()
    const result = save(value, id)
    expect(result.saved).toBe(false)
    expect(snapshot()).toEqual(before)
    return result.saved ? [] : result.problems
  }

  it('an id a page already has', () => {
    // Decap names the new entry training-1 when content/new-pages/training.yaml reads as a page.
    expect(readEntry(root, entry('training')).data).not.toBeNull()
    const problems = refused(
      warranty((v) => {
        v.fr.id = 'training'
      }),
      'training-1',
    )
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatchObject({
      field: ['fr', 'id'],
      file: 'content/routes.yaml',
      key: expect.stringMatching(/^routes\[\d+\]\.id$/),
      message: expect.stringContaining('The page "training" already exists'),
      fr: expect.stringContaining('La page « training » existe déjà'),
    })
    // Saved again under its own name (the entry just created): said so.
    const again = refused(warranty((v) => (v.fr.id = 'training')))
    expect(again[0]?.fr).toMatch(/est créée.*rechargez l'éditeur/)
  })

  it('an id that is not lower-case letters, digits and dashes', () => {
    const problems = refused(
      warranty((v) => (v.fr.id = 'Garantie étendue')),
      'garantie-etendue',
    )
    expect(problems).toMatchObject([
      { field: ['fr', 'id'], fr: expect.stringMatching(/^L'identifiant/) },
    ])
  })

  it('a bad path, and a path another page has', () => {
    const bad = refused(
      warranty((v) => {
        v.fr.path_fr = 'services/garantie'
        v.fr.path_en = '/services/warranty'
      }),
    )
    expect(bad.map((p) => p.field)).toEqual([
      ['fr', 'path_fr'],
      ['fr', 'path_en'],
    ])
    expect(bad[1]?.fr).toMatch(/commence par \/en\//)
    // Taken: the checker's message, at the form's field.
    const taken = refused(warranty((v) => (v.fr.path_fr = '/formation')))
    expect(taken).toMatchObject([
      {
        field: ['fr', 'path_fr'],
        message: expect.stringContaining('"/formation" is already'),
        fr: expect.stringContaining('« /formation » est déjà'),
      },
    ])
  })

  it('a page without its English title, or in the menu without a label', () => {
    const untitled = refused(warranty((v) => delete v.en.title))
    expect(untitled).toHaveLength(1)
    expect(untitled[0]).toMatchObject({ file: 'content/en/warranty.yaml', field: ['en', 'title'] })
    expect(untitled[0]).toMatchObject({ key: 'title', message: 'is required but missing' })
    const unlabelled = refused(warranty((v) => delete v.en.nav_label))
    expect(unlabelled).toMatchObject([{ field: ['en', 'nav_label'] }])
    const nowhere = refused(warranty((v) => (v.fr.menu = 'nav.nowhere')))
    expect(nowhere).toMatchObject([{ field: ['fr', 'menu'] }])
  })
})

describe('the form', () => {
  it('is a folder collection that creates, with the route fields and the page fields', () => {
    const config = cmsConfig(root)
    const form = config.collections.find(
      (c) => c.name === NEW_PAGE_COLLECTION,
    ) as DecapFolderCollection
    expect(form).toMatchObject({
      label: 'Nouvelle page',
      folder: NEW_PAGE_FOLDER,
      create: true,
      i18n: true,
      slug: '{{fields.id}}',
      identifier_field: 'id',
    })
    const byName = new Map(form.fields.map((f) => [f.name, f]))
    expect(byName.get('id')).toMatchObject({ i18n: false, required: true })
    expect(byName.get('path_fr')).toMatchObject({ i18n: false })
    expect(byName.get('path_en')).toMatchObject({ i18n: false })
    expect(byName.get('nav_label')).toMatchObject({ i18n: true })
    expect(byName.get('title')).toMatchObject({ label: 'Titre de la page', i18n: true })
    expect(byName.get('blocks')?.types?.length).toBeGreaterThan(5)
    expect(byName.get('menu')?.options?.map((o) => o.label)).toEqual([
      'Menu principal (premier niveau)',
      'Société',
      'Produits',
      'Produits › Transformateurs',
      'Tableau MT/BT',
      'Services',
      'Pas dans le menu',
    ])
  })

  it("each submenu's parent: its first page when the site already uses it as one", () => {
    const parents = Object.fromEntries(
      menuPlaces(
        parse(original('content/routes.yaml')),
        parse(original('content/i18n/fr.yaml')),
      ).map((p) => [p.value, p.parent ?? null]),
    )
    expect(parents).toEqual({
      top: null,
      'nav.company': null,
      'nav.productsMenu': 'products',
      'nav.transformersMenu': 'transformers',
      'nav.powerSystemsMenu': 'power-systems',
      'nav.servicesMenu': 'services',
      none: null,
    })
  })
})
