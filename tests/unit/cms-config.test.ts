// The CMS's configuration is made from the content model (design §11): every
// page of the route table, grouped as the menu groups them; the page schema's blocks as a typed
// list; enums as selects; neutral settings once, in French; labels and help from the schemas, in
// French (x-title-fr, x-description-fr: the editors read French). A schema change reaches it with
// no other edit.
import { cpSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { cmsConfig } from '../../scripts/lib/cms/config.ts'
import { humanise } from '../../scripts/lib/cms/fields.ts'
import { listSchemas } from '../../scripts/lib/content/schemasDisk.ts'
import type {
  DecapCollection,
  DecapConfig,
  DecapField,
  DecapFile,
  DecapFolderCollection,
} from '../../templates/core/editor/decapConfig.ts'
import { localeFiles, pageEntryPath, pageFolder } from '../../templates/core/editor/entryPaths.ts'
import { isObject, type Json } from '../../templates/lib/isObject.ts'
import { decapProblems } from './decapProblems.ts'
import { applyPatch, removeTree, repo, treeFrom } from './fixtureTree.ts'

type MenuEntry = { page?: string; label?: string; children?: MenuEntry[] }

const routesYaml = parse(readFileSync(join(repo, 'content/routes.yaml'), 'utf8')) as {
  routes: { id: string }[]
  menu: MenuEntry[]
}
const frStrings = parse(readFileSync(join(repo, 'content/i18n/fr.yaml'), 'utf8')) as {
  nav: Record<string, string>
}
const blockSchemas = readdirSync(join(repo, 'schemas/blocks')).map(
  (f) => JSON.parse(readFileSync(join(repo, 'schemas/blocks', f), 'utf8')) as Json,
)
const kindOf = (schema: Json) => ((schema.properties as Json).type as { const: string }).const

let config: DecapConfig
beforeAll(() => {
  config = cmsConfig(repo, { proxyUrl: '/api/cms' })
})

/** A page's entry: its collection, its path, its fields (a folder collection's, or its file's). */
type PageEntry = {
  collection: DecapConfig['collections'][number]
  path: string
  fields: DecapField[]
  file?: DecapFile
}
/** Every page entry of a configuration: the folders of pages (site_pages), then file entries. */
const pageEntriesOf = (c: DecapConfig): Map<string, PageEntry[]> => {
  const out = new Map<string, PageEntry[]>()
  const add = (id: string, entry: PageEntry) => out.set(id, [...(out.get(id) ?? []), entry])
  for (const collection of c.collections) {
    if (collection.files) {
      for (const file of collection.files.filter(isPageFile))
        add(file.name, { collection, path: file.file, fields: file.fields, file })
    } else
      for (const { id } of c.site_pages?.[collection.folder] ?? [])
        add(id, { collection, path: `${collection.folder}/${id}.yaml`, fields: collection.fields })
  }
  return out
}
const pageEntries = () => pageEntriesOf(config)
const isPageFile = (f: DecapFile) => f.file.startsWith('content/pages/')
const pageFile = (id: string) => pageEntries().get(id)?.[0] as PageEntry
const field = (fields: DecapField[] | undefined, name: string) =>
  fields?.find((f) => f.name === name) as DecapField
const blockType = (type: string) =>
  field(pageFile('home').fields, 'blocks').types?.find((t) => t.name === type) as DecapField
/** A field of a block type by path: `items.links.style`. */
const blockField = (type: string, path: string) =>
  path.split('.').reduce<DecapField>((f, name) => field(f.fields, name), blockType(type))

describe('pages: one entry per route, grouped as the menu groups them', () => {
  /** The label of the submenu holding each page in the menu (its nearest label), or none. */
  const menuGroup = new Map<string, string | undefined>()
  const walk = (entries: MenuEntry[], label: string | undefined) => {
    for (const e of entries) {
      if (e.page && !menuGroup.has(e.page)) menuGroup.set(e.page, label)
      if (e.children) walk(e.children, e.label)
    }
  }
  walk(routesYaml.menu, undefined)

  it.each(routesYaml.routes.map((r) => r.id))('%s has exactly one entry, in its group', (id) => {
    const holding = pageEntries().get(id) ?? []
    expect(holding).toHaveLength(1)
    const collection = holding[0]?.collection
    const label = collection?.label ?? ''
    // The news page's fields are its own (the articles): a file collection of its own, after its
    // group's, labelled as the menu labels the page.
    if (collection?.files) {
      expect(id).toBe('news')
      expect(collection.name).toBe('page-news')
      expect(label).toBe(frStrings.nav.news)
      const at = config.collections.indexOf(collection)
      expect(config.collections[at - 1]?.label).toBe(frStrings.nav.company)
    } else if (!menuGroup.has(id)) expect(label).toBe('Autres pages')
    else {
      const key = menuGroup.get(id)
      const expected = key ? frStrings.nav[key.replace(/^nav\./, '')] : 'Pages du menu principal'
      // A nested submenu's collection is labelled `Produits › Transformateurs`.
      expect(label.split(' › ').pop()).toBe(expected)
    }
  })

  it('no page entry without its route', () => {
    const ids = [...pageEntries().keys()]
    expect(ids.sort()).toEqual(routesYaml.routes.map((r) => r.id).sort())
  })

  it('a page entry stands for its two files, one per language', () => {
    expect(pageFile('history').path).toBe(`${pageFolder('company')}/history.yaml`)
    expect(localeFiles(pageFile('history').path)).toEqual({
      fr: 'content/fr/history.yaml',
      en: 'content/en/history.yaml',
    })
    expect(pageFile('news').path).toBe(pageEntryPath('news'))
    expect(pageFile('news').file?.label).toBe(frStrings.nav.news)
  })

  it("a group's pages are one folder collection: its fields written once, its pages listed in the menu's order", () => {
    const group = pageFile('transformer-dist-24').collection
    expect(group).toMatchObject({
      name: 'transformersMenu',
      folder: 'content/pages/transformersMenu',
      create: false,
      delete: false,
      extension: 'yaml',
      format: 'yaml',
      i18n: true,
    })
    expect(config.site_pages?.['content/pages/transformersMenu']?.map((p) => p.id)).toEqual([
      'transformers',
      'transformer-dist-24',
      'transformer-dist-36',
      'transformer-power',
      'transformer-single-phase',
      'transformer-special',
    ])
    // One set of page fields for every group: the configuration does not grow with the pages.
    const folders = config.collections.filter(
      (c): c is DecapFolderCollection => 'folder' in c && c.folder.startsWith('content/pages/'),
    )
    expect(folders.length).toBeGreaterThan(5)
    expect(new Set(folders.map((c) => c.fields)).size).toBe(1)
  })
})

describe('fields from the schemas', () => {
  it('the block list is a typed list, one type per block schema, labelled by its French title', () => {
    const blocks = field(pageFile('home').fields, 'blocks')
    expect(blocks.widget).toBe('list')
    expect(blocks.typeKey).toBe('type')
    expect(blocks.types?.map((t) => t.name).sort()).toEqual(blockSchemas.map(kindOf).sort())
    for (const schema of blockSchemas) {
      const type = blockType(kindOf(schema))
      expect(type.label).toBe(schema['x-title-fr'])
      expect(type.hint).toBe(schema['x-description-fr'])
      expect(type.fields?.map((f) => f.name)).not.toContain('type')
    }
  })

  it.each([
    ['section', 'tone', ['plain', 'muted', 'dark']],
    ['cards', 'columns', [2, 3, 4]],
    ['contactForm', 'variant', ['contact', 'plain', 'embedded', 'careers']],
    ['cards', 'items.links.style', ['primary', 'secondary', 'text']],
    ['awardPopup', 'texts.lang', ['ar', 'en', 'fr']],
  ])('%s %s: an enum is a select of its values', (type, path, values) => {
    const f = blockField(type, path)
    expect(f.widget).toBe('select')
    expect(f.options?.map((o) => o.value)).toEqual(values)
  })

  it.each([
    ['section', 'tone', false],
    ['section', 'heading', true],
    ['section', 'paragraphs', true],
    ['cards', 'columns', false],
    ['cards', 'items', true],
    ['cards', 'items.title', true],
    ['cards', 'items.links.style', false],
    ['cards', 'items.links.download', false],
    ['cards', 'items.links.label', true],
    ['counters', 'items.fact', false],
    ['ratingsTable', 'table', false],
  ])('%s %s: i18n %s (x-neutral keys are set once, in French)', (type, path, i18n) => {
    expect(blockField(type, path).i18n).toBe(i18n)
  })

  it('a list item field and the block types carry i18n too (Decap hides a field without it)', () => {
    expect(blockField('section', 'paragraphs').field?.i18n).toBe(true)
    expect(field(pageFile('home').fields, 'blocks').types?.every((t) => t.i18n === true)).toBe(true)
  })

  it.each([
    // [type, path, label, hint]
    [
      'section',
      'imageSide',
      "Position de l'image",
      "Côté de l'image sur grand écran (à droite par défaut).",
    ],
    ['section', 'heading', 'Titre', 'Titre de la section (h2).'],
    [
      'accordion',
      'openFirst',
      'Premier élément ouvert',
      expect.stringMatching(/^Affiche le premier élément ouvert/),
    ],
    ['cards', 'items.id', 'Identifiant', 'Identifiant de la carte, le même dans les deux langues.'],
    // No description of its own: the help of the definition it refers to (common.schema.json).
    ['section', 'paragraphs', 'Paragraphes', "Les paragraphes, dans l'ordre."],
  ])('%s %s: French label %j, help from the French description', (type, path, label, hint) => {
    const f = blockField(type, path)
    expect(f.label).toBe(label)
    expect(f.hint).toEqual(hint)
  })

  it("a list's items are labelled by the French title of the item schema", () => {
    expect(blockField('section', 'paragraphs').field?.label).toBe('Paragraphe')
    expect(blockField('section', 'list').field?.label).toBe('Point')
  })

  it('required comes from the schema', () => {
    expect(blockField('ratingsTable', 'table').required).toBe(true)
    expect(blockField('ratingsTable', 'heading').required).toBe(false)
    expect(field(pageFile('home').fields, 'title').required).toBe(true)
    expect(field(pageFile('home').fields, 'heading').required).toBe(false)
  })

  it('running text (a paragraph) is a text area, a heading a line', () => {
    expect(blockField('section', 'paragraphs')).toMatchObject({
      widget: 'list',
      field: { widget: 'text' },
    })
    expect(blockField('section', 'heading').widget).toBe('string')
    expect(blockField('cards', 'intro').field?.widget).toBe('text')
    expect(blockField('timeline', 'items.text').widget).toBe('text')
  })

  it('numbers: integer or float, with their bounds', () => {
    expect(blockField('carousel', 'perView')).toMatchObject({
      widget: 'number',
      value_type: 'int',
      min: 1,
      max: 6,
    })
  })

  it('a list of choices is a multiple select', () => {
    expect(blockField('newsList', 'follow')).toMatchObject({ widget: 'select', multiple: true })
  })

  it('links choose among pages, their anchors and documents', () => {
    const href = blockField('cards', 'items.links.href')
    expect(href.widget).toBe('select')
    const values = href.options?.map((o) => o.value)
    expect(values).toContain('page:home')
    expect(values).toContain('page:presentation#who-we-are')
    expect(values).toContain('doc:catalogue-transformateurs')
    expect(href.options).toContainEqual({
      label: `${frStrings.nav.contact} (page:contact)`,
      value: 'page:contact',
    })
  })

  it('page ids, data ids and facts are selects over their registries', () => {
    expect(blockField('latestNews', 'page').options?.map((o) => o.value)).toContain('news')
    expect(blockField('ratingsTable', 'table').options?.map((o) => o.value)).toContain('dist-24')
    // Sheets of specs.yaml or of sme.yaml: one select over both.
    expect(blockField('specTable', 'sheet').options?.map((o) => o.value)).toContain('sme-36')
    expect(blockField('counters', 'items.fact').options?.map((o) => o.value)).toContain(
      'counters.transformers',
    )
  })
})

describe('settings and data', () => {
  const settings = () => config.collections.find((c): c is DecapCollection => c.name === 'settings')
  const settingsFile = (name: string) => settings()?.files.find((f) => f.name === name) as DecapFile

  it('site.yaml, every data file and the route table, labelled by their schemas', () => {
    expect(settings()?.label).toBe('Réglages et données')
    const data = readdirSync(join(repo, 'content/data')).map((f) => f.replace(/\.yaml$/, ''))
    expect(
      settings()
        ?.files.map((f) => f.name)
        .sort(),
    ).toEqual(['site', 'routes', ...data].sort())
    expect(settingsFile('site')).toMatchObject({
      file: 'content/site.yaml',
      label: 'Réglages du site (content/site.yaml)',
    })
    expect(settingsFile('documents').file).toBe('content/data/documents.yaml')
  })

  it('image paths are image widgets (media library, uploads) by page and slot', () => {
    const images = settingsFile('images')
    const hero = field(field(images.fields, 'home').fields, 'hero')
    const widget = { widget: 'image', media_folder: '/public/images', public_folder: '/images' }
    expect(hero).toMatchObject({ widget: 'list', field: widget })
    expect(field(field(images.fields, 'home').fields, 'intro')).toMatchObject(widget)
  })

  it("a document's file is a file widget over public/docs/", () => {
    const file = field(field(settingsFile('documents').fields, 'documents').fields, 'file')
    expect(file).toMatchObject({
      widget: 'file',
      media_folder: '/public/docs',
      public_folder: '/docs',
      choose_url: false,
    })
  })

  it("Decap's presence check: a string that may be empty and the inside of an optional object are not required in the form", () => {
    const home = pageFile('home')
    const banner = field(home.fields, 'banner')
    expect(banner.required).toBe(false)
    expect(banner.fields?.every((f) => f.required === false)).toBe(true)
    // common.schema.json's image alt: required, but '' (a decorative image) satisfies it.
    const hero = blockType('hero')
    const alt = field(field(hero.fields, 'images').fields, 'alt')
    expect(alt.required).toBe(false)
    expect(field(home.fields, 'title').required).toBe(true)
  })

  it('the facts keep their type: a number field for a number, a line for a name', () => {
    const company = field(settingsFile('facts').fields, 'company')
    expect(field(company.fields, 'employees')).toMatchObject({ widget: 'number' })
    expect(field(company.fields, 'founded')).toMatchObject({ widget: 'string' })
  })

  it('the UI strings: both languages on one screen, every key of the French file', () => {
    const strings = config.collections.find((c) => c.name === 'strings')?.files?.[0]
    expect(localeFiles(strings?.file ?? '')).toEqual({
      fr: 'content/i18n/fr.yaml',
      en: 'content/i18n/en.yaml',
    })
    const nav = field(strings?.fields, 'nav')
    expect(nav.fields?.map((f) => f.name)).toEqual(Object.keys(frStrings.nav))
    expect(field(nav.fields, 'home')).toMatchObject({ widget: 'string', i18n: true })
  })

  it("a ratings table's rows: every column of either kind, required where both require it", () => {
    const tables = field(settingsFile('ratings').fields, 'tables')
    const rows = field(tables.fields, 'rows')
    expect(field(rows.fields, 'length')).toMatchObject({ widget: 'number', required: true })
    expect(field(rows.fields, 'noLoadLoss')).toMatchObject({ widget: 'number', required: false })
    expect(field(rows.fields, 'kva')).toMatchObject({ value_type: 'float', required: true })
  })

  it('the menu: submenus as deep as the route table has them', () => {
    const menu = field(settingsFile('routes').fields, 'menu')
    const children = field(menu.fields, 'children')
    expect(field(children.fields, 'children').fields?.map((f) => f.name)).toContain('page')
    expect(field(menu.fields, 'page').widget).toBe('select')
  })
})

describe('a schema change reaches the editor with no other edit', () => {
  let root: string
  beforeAll(() => {
    root = treeFrom('real')
    cpSync(join(repo, 'schemas'), join(root, 'schemas'), { recursive: true })
  })
  afterAll(() => removeTree(root))

  it('a property added with only an English title and help shows them (the French test below fails on it)', () => {
    expect(blockField('section', 'badge')).toBeUndefined()
    applyPatch(root, {
      replace: [
        [
          'schemas/blocks/section.schema.json',
          '"properties": {',
          '"properties": {\n    "badge": { "type": "string", "title": "Badge", "description": "Short word shown on the section." },',
        ],
      ],
    })
    expect(field(typeIn(cmsConfig(root), 'section').fields, 'badge')).toEqual({
      name: 'badge',
      label: 'Badge',
      hint: 'Short word shown on the section.',
      widget: 'string',
      required: false,
      i18n: true,
    })
  })

  it("a French label or help changed in a schema is the editor's at the next generation", () => {
    const before = cmsConfig(root)
    expect(field(typeIn(before, 'section').fields, 'subheading')).toMatchObject({
      label: 'Surtitre',
      hint: 'Petite ligne au-dessus du titre.',
    })
    applyPatch(root, {
      replace: [
        [
          'schemas/blocks/section.schema.json',
          '"x-title-fr": "Surtitre"',
          '"x-title-fr": "Chapeau"',
        ],
        [
          'schemas/blocks/section.schema.json',
          '"x-description-fr": "Petite ligne au-dessus du titre."',
          '"x-description-fr": "Une ligne courte, au-dessus du titre."',
        ],
        [
          'schemas/blocks/section.schema.json',
          '"x-title-fr": "Section de texte"',
          '"x-title-fr": "Texte et image"',
        ],
        // A definition's help reaches every property referring to it without its own.
        [
          'schemas/common.schema.json',
          `"x-description-fr": "Les paragraphes, dans l'ordre."`,
          '"x-description-fr": "Un paragraphe par élément."',
        ],
      ],
    })
    const after = cmsConfig(root)
    expect(typeIn(after, 'section').label).toBe('Texte et image')
    expect(field(typeIn(after, 'section').fields, 'subheading')).toMatchObject({
      label: 'Chapeau',
      hint: 'Une ligne courte, au-dessus du titre.',
    })
    // Another block's property of the same name keeps its own words.
    expect(field(typeIn(after, 'sideBox').fields, 'subheading').label).toBe('Surtitre')
    expect(field(typeIn(after, 'cards').fields, 'intro').hint).toBe('Un paragraphe par élément.')
  })

  it('a property whose own English help has no French one does not take the French help of what it refers to', () => {
    // The French help of common.schema.json's `text` would say something else than "Badge text.".
    applyPatch(root, {
      replace: [
        [
          'schemas/blocks/section.schema.json',
          '"properties": {',
          '"properties": {\n    "badgeText": { "$ref": "../common.schema.json#/$defs/text", "description": "Badge text." },',
        ],
        [
          'schemas/common.schema.json',
          '"description": "Plain text. May quote a fact as {{group.name}}.",',
          '"description": "Plain text. May quote a fact as {{group.name}}.", "title": "Text", "x-title-fr": "Texte simple",',
        ],
      ],
    })
    expect(field(typeIn(cmsConfig(root), 'section').fields, 'badgeText')).toMatchObject({
      label: 'Texte simple',
      hint: 'Badge text.',
    })
  })
})

/** A block type of the typed block list of the first page entry. */
const typeIn = (c: DecapConfig, type: string) =>
  field([...pageEntriesOf(c).values()][0]?.[0]?.fields, 'blocks').types?.find(
    (t) => t.name === type,
  ) as DecapField

/**
 * What the editor would show in English in one schema (`file` under schemas/): a property without
 * `x-title-fr` (its label), a `title` without `x-title-fr`, a `description` without
 * `x-description-fr` (its help). Not shown, so not asked for: `$schema`, a `const` (a hidden
 * field), what the loader adds (`x-rendered`) and the conditions of an if/then/else (the fields
 * are the object's own properties).
 */
function missingFrench(file: string, schema: Json): string[] {
  const out: string[] = []
  const walk = (node: unknown, pointer: string, isProperty: boolean, inCondition: boolean) => {
    if (Array.isArray(node)) {
      node.forEach((n, i) => {
        walk(n, `${pointer}/${i}`, false, inCondition)
      })
      return
    }
    if (!isObject(node) || 'const' in node) return
    const where = `schemas/${file} ${pointer || '/'}`
    if (typeof node['x-title-fr'] !== 'string') {
      if (isProperty && !inCondition) out.push(`${where}: no x-title-fr (its label in the editor)`)
      else if (typeof node.title === 'string') out.push(`${where}: title without x-title-fr`)
    }
    if (typeof node.description === 'string' && typeof node['x-description-fr'] !== 'string')
      out.push(`${where}: description without x-description-fr (its help in the editor)`)
    for (const [key, value] of Object.entries(node)) {
      if (['x-rendered', 'if', 'enum', 'const', 'default', 'examples'].includes(key)) continue
      if (key === 'properties' && isObject(value)) {
        for (const [name, property] of Object.entries(value))
          if (name !== '$schema') walk(property, `${pointer}/properties/${name}`, true, inCondition)
      } else
        walk(value, `${pointer}/${key}`, false, inCondition || key === 'then' || key === 'else')
    }
  }
  walk(schema, '', false, false)
  return out
}

const schemaFiles = listSchemas(join(repo, 'schemas'))
const readSchema = (file: string) =>
  JSON.parse(readFileSync(join(repo, 'schemas', file), 'utf8')) as Json

describe('French labels and help, kept in the schemas (the editors read French)', () => {
  it.each(schemaFiles)(
    '%s: every property the editor shows has a French label, every description a French one',
    (file) => {
      expect(missingFrench(file, readSchema(file))).toEqual([])
    },
  )

  it('the check names the schema file and the property a French label is missing from', () => {
    const section = readSchema('blocks/section.schema.json')
    const properties = section.properties as Record<string, Json>
    delete properties.heading?.['x-title-fr']
    properties.badge = { type: 'string', title: 'Badge', description: 'Short word.' }
    expect(missingFrench('blocks/section.schema.json', section)).toEqual([
      'schemas/blocks/section.schema.json /properties/heading: no x-title-fr (its label in the editor)',
      'schemas/blocks/section.schema.json /properties/badge: no x-title-fr (its label in the editor)',
      'schemas/blocks/section.schema.json /properties/badge: description without x-description-fr (its help in the editor)',
    ])
  })

  it('no label or help of the generated config is the English title or description of a schema node that has a French one', () => {
    const nodes: Json[] = []
    const keyed: [string, Json][] = []
    const collect = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(collect)
      if (!isObject(node)) return
      nodes.push(node)
      if (isObject(node.properties))
        for (const [k, p] of Object.entries(node.properties)) if (isObject(p)) keyed.push([k, p])
      Object.values(node).forEach(collect)
    }
    for (const file of schemaFiles) collect(readSchema(file))
    const french = new Set(nodes.map((n) => n['x-title-fr']).filter((t) => typeof t === 'string'))
    const frenchHelp = new Set(nodes.map((n) => n['x-description-fr']))
    // English words with a French counterpart that says otherwise; a word both languages share
    // ("Image", "Description") is not one.
    const englishLabels = new Set(
      [
        ...nodes.filter((n) => typeof n['x-title-fr'] === 'string').map((n) => n.title),
        // A property without a title was labelled by its key, humanised ("Image side").
        ...keyed.filter(([, p]) => typeof p['x-title-fr'] === 'string').map(([k]) => humanise(k)),
      ].filter((t) => typeof t === 'string' && !french.has(t)),
    )
    const englishHelp = new Set(
      nodes
        .filter((n) => typeof n['x-description-fr'] === 'string')
        .map((n) => n.description)
        .filter((d) => !frenchHelp.has(d)),
    )
    expect(englishLabels.size).toBeGreaterThan(150)
    const english: string[] = []
    // The UI strings, the image paths and the facts are maps: their fields are the file's keys,
    // content, not schema properties (a UI string `title` is labelled "Title").
    const maps = new Set(['strings', 'images', 'facts'])
    const check = (fields: DecapField[] | undefined, where: string, keys: boolean) => {
      for (const f of fields ?? []) {
        const at = `${where} › ${f.name}`
        if (keys && englishLabels.has(f.label))
          english.push(`${at}: label ${JSON.stringify(f.label)}`)
        for (const help of [f.hint, f.pattern?.[1]])
          if (englishHelp.has(help)) english.push(`${at}: help ${JSON.stringify(help)}`)
        check(f.fields, at, keys)
        check(f.types, at, keys)
        if (f.field) check([f.field], at, keys)
      }
    }
    // A folder collection (the new page's form) checked as one file of its fields.
    for (const collection of config.collections)
      for (const file of collection.files ?? [{ ...collection, file: collection.folder }]) {
        const where = `${collection.name}/${file.name}`
        if (englishLabels.has(file.label))
          english.push(`${where}: label ${JSON.stringify(file.label)}`)
        if (englishHelp.has(file.description))
          english.push(`${where}: description ${JSON.stringify(file.description)}`)
        check(file.fields, where, !maps.has(file.name))
      }
    expect(english).toEqual([])
  })
})

describe("Decap's required keys", () => {
  it('the generated config has them all', () => {
    expect(config).toMatchObject({
      backend: { name: 'proxy', proxy_url: '/api/cms' },
      local_backend: false,
      locale: 'fr',
      media_folder: 'public/images',
      public_folder: '/images',
      i18n: { locales: ['fr', 'en'], default_locale: 'fr' },
    })
    expect(decapProblems(config)).toEqual([])
  })

  it('the check finds what Decap refuses (a test that cannot fail is a defect)', () => {
    const broken = structuredClone(config)
    const settings = broken.collections.find((c) => c.name === 'settings') as DecapCollection
    const files = settings.files
    files[0] = { ...(files[0] as DecapFile), fields: [] }
    broken.collections.push({ ...settings })
    const menu = broken.collections[0] as DecapFolderCollection
    broken.collections[0] = { ...menu, fields: menu.fields.filter((f) => f.name !== 'title') }
    expect(decapProblems(broken)).toEqual(
      expect.arrayContaining([
        'collections: names not unique',
        `settings/${files[0]?.name}: no fields`,
        'files: names not unique',
        'collection menu: no identifier field',
      ]),
    )
  })
})

describe('the values of a choice are named in French (x-enum-fr)', () => {
  /** Names the editors read as they are: the social networks. */
  const AS_IS = new Set(['facebook', 'instagram', 'linkedin', 'youtube'])

  /** Every enum of strings in schemas/ whose values lack a French name, as `file pointer: value`. */
  function unnamed(): string[] {
    const out: string[] = []
    const walk = (node: unknown, file: string, at: string) => {
      if (!node || typeof node !== 'object') return
      const n = node as Record<string, unknown>
      if (Array.isArray(n.enum)) {
        const french = (n['x-enum-fr'] ?? {}) as Record<string, unknown>
        for (const v of n.enum)
          if (typeof v === 'string' && !AS_IS.has(v) && typeof french[v] !== 'string')
            out.push(`${file} ${at}: ${v}`)
      }
      for (const [k, v] of Object.entries(n)) walk(v, file, `${at}/${k}`)
    }
    for (const file of listSchemas(join(repo, 'schemas')))
      walk(JSON.parse(readFileSync(join(repo, 'schemas', file), 'utf8')), file, '')
    return out
  }

  it('every value of every choice in the schemas has its French name', () => {
    expect(unnamed()).toEqual([])
  })

  it('a block background, a button style and a news category read in French', () => {
    expect(blockField('section', 'tone').options).toContainEqual({
      label: 'Fond blanc',
      value: 'plain',
    })
    const news = config.collections.flatMap((c) => c.files ?? []).find((f) => f.name === 'news')
    const category = field(field(news?.fields, 'articles')?.fields, 'category')
    expect(category?.options).toEqual([
      { label: 'Société', value: 'company' },
      { label: 'Usine', value: 'factory' },
    ])
  })
})
