// The CMS's configuration is made from the content model (issue 18 item 2, design §11): every
// page of the route table, grouped as the menu groups them; the page schema's blocks as a typed
// list; enums as selects; neutral settings once, in French; labels and help from the schemas.
// A schema change reaches it with no other edit.
import { cpSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { cmsConfig } from '../../scripts/lib/cms/config.ts'
import type { DecapConfig, DecapField, DecapFile } from '../../scripts/lib/cms/decap.ts'
import { localeFiles, pageEntryPath } from '../../scripts/lib/cms/entryPaths.ts'
import { applyPatch, removeTree, repo, treeFrom } from './fixtureTree.ts'

type Json = Record<string, unknown>
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

const pageCollections = () => config.collections.filter((c) => c.files.some(isPageFile))
const isPageFile = (f: DecapFile) => f.file.startsWith('content/pages/')
const pageFile = (id: string) =>
  pageCollections()
    .flatMap((c) => c.files)
    .find((f) => f.name === id) as DecapFile
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

  it.each(routesYaml.routes.map((r) => r.id))(
    '%s has exactly one file entry, in its group',
    (id) => {
      const holding = pageCollections().filter((c) => c.files.some((f) => f.name === id))
      expect(holding).toHaveLength(1)
      expect(holding[0]?.files.filter((f) => f.name === id)).toHaveLength(1)
      const label = holding[0]?.label ?? ''
      if (!menuGroup.has(id)) expect(label).toBe('Autres pages')
      else {
        const key = menuGroup.get(id)
        const expected = key ? frStrings.nav[key.replace(/^nav\./, '')] : 'Pages du menu principal'
        // A nested submenu's collection is labelled `Produits › Transformateurs`.
        expect(label.split(' › ').pop()).toBe(expected)
      }
    },
  )

  it('no page entry without its route', () => {
    const ids = pageCollections().flatMap((c) => c.files.map((f) => f.name))
    expect(ids.sort()).toEqual(routesYaml.routes.map((r) => r.id).sort())
  })

  it('a page entry stands for its two files, one per language', () => {
    expect(pageFile('history').file).toBe(pageEntryPath('history'))
    expect(localeFiles(pageFile('history').file)).toEqual({
      fr: 'content/fr/history.yaml',
      en: 'content/en/history.yaml',
    })
    expect(pageFile('history').label).toBe(frStrings.nav.history)
  })
})

describe('fields from the schemas', () => {
  it('the block list is a typed list, one type per block schema, labelled by its title', () => {
    const blocks = field(pageFile('home').fields, 'blocks')
    expect(blocks.widget).toBe('list')
    expect(blocks.typeKey).toBe('type')
    expect(blocks.types?.map((t) => t.name).sort()).toEqual(blockSchemas.map(kindOf).sort())
    for (const schema of blockSchemas) {
      const type = blockType(kindOf(schema))
      expect(type.label).toBe(schema.title)
      expect(type.hint).toBe(schema.description)
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
      'Image side',
      'Where the image sits on large screens (default right).',
    ],
    ['section', 'heading', 'Heading', 'Section heading (h2).'],
    ['accordion', 'openFirst', 'Open first', expect.stringMatching(/^Show the first item open/)],
    ['cards', 'items.id', 'Id', 'Card id, the same in both languages.'],
  ])('%s %s: label %j, hint from the description', (type, path, label, hint) => {
    const f = blockField(type, path)
    expect(f.label).toBe(label)
    expect(f.hint).toEqual(hint)
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
  const settings = () => config.collections.find((c) => c.name === 'settings')
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
      label: 'Site settings (content/site.yaml)',
    })
    expect(settingsFile('documents').file).toBe('content/data/documents.yaml')
  })

  it('image paths are selects over the images, by page and slot', () => {
    const images = settingsFile('images')
    const hero = field(field(images.fields, 'home').fields, 'hero')
    expect(hero).toMatchObject({ widget: 'list', field: { widget: 'select' } })
    expect(hero.field?.options?.map((o) => o.value)).toContain('/images/home/hero-1.svg')
    expect(field(field(images.fields, 'home').fields, 'intro').widget).toBe('select')
  })

  it('a document is a PDF chosen among the files under public/', () => {
    const file = field(field(settingsFile('documents').fields, 'documents').fields, 'file')
    expect(file.widget).toBe('select')
    expect(file.options?.every((o) => String(o.value).endsWith('.pdf'))).toBe(true)
  })

  it('the facts keep their type: a number field for a number, a line for a name', () => {
    const company = field(settingsFile('facts').fields, 'company')
    expect(field(company.fields, 'employees')).toMatchObject({ widget: 'number' })
    expect(field(company.fields, 'founded')).toMatchObject({ widget: 'string' })
  })

  it('the UI strings: both languages on one screen, every key of the French file', () => {
    const strings = config.collections.find((c) => c.name === 'strings')?.files[0]
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

  it('a property added to a block schema is a field of that block, with its title and help', () => {
    expect(blockField('section', 'badge')).toBeUndefined()
    applyPatch(root, {
      replace: [
        [
          'schemas/blocks/section.schema.json',
          '"properties": {',
          '"properties": {\n    "badge": { "type": "string", "title": "Pastille", "description": "Short word shown on the section." },',
        ],
      ],
    })
    const section = field(cmsConfig(root).collections[0]?.files[0]?.fields, 'blocks').types?.find(
      (t) => t.name === 'section',
    )
    expect(field(section?.fields, 'badge')).toEqual({
      name: 'badge',
      label: 'Pastille',
      hint: 'Short word shown on the section.',
      widget: 'string',
      required: false,
      i18n: true,
    })
  })
})

/** What Decap's config check requires (decap-cms-core configSchema) and what it throws on. */
function decapProblems(c: DecapConfig): string[] {
  const out: string[] = []
  if (!c.backend?.name) out.push('backend.name')
  if (!c.media_folder) out.push('media_folder')
  if (!c.collections.length) out.push('collections: none')
  const unique = (names: string[], where: string) => {
    if (new Set(names).size !== names.length) out.push(`${where}: names not unique`)
  }
  unique(
    c.collections.map((col) => col.name),
    'collections',
  )
  const checkFields = (fields: DecapField[] | undefined, where: string) => {
    if (!fields?.length) {
      out.push(`${where}: no fields`)
      return
    }
    unique(
      fields.map((f) => f.name),
      where,
    )
    for (const f of fields) {
      const at = `${where}.${f.name}`
      if (!f.name || !f.label || !f.widget) out.push(`${at}: name, label or widget missing`)
      if (f.widget === 'select' && !f.options?.length) out.push(`${at}: select without options`)
      if (f.widget === 'object') checkFields(f.fields, at)
      if (f.widget === 'list') {
        const kinds = [f.field, f.fields, f.types].filter(Boolean).length
        if (kinds !== 1) out.push(`${at}: a list has one of field, fields, types`)
        if (f.fields) checkFields(f.fields, at)
        if (f.types) checkFields(f.types, `${at}(types)`)
        if (f.field) checkFields([f.field], at)
      }
    }
  }
  for (const col of c.collections) {
    if (!col.name || !col.label) out.push(`collection ${col.name}: name or label missing`)
    if (!col.files.length) out.push(`collection ${col.name}: no files`)
    unique(
      col.files.map((f) => f.name),
      `collection ${col.name}`,
    )
    for (const f of col.files) {
      if (!f.name || !f.label || !f.file) out.push(`${col.name}/${f.name}: name, label or file`)
      checkFields(f.fields, `${col.name}/${f.name}`)
      // "i18n configuration for files collections is limited to single_file structure"
      if (f.i18n && (!col.i18n || c.i18n.structure !== 'single_file'))
        out.push(`${col.name}/${f.name}: i18n file outside a single_file i18n collection`)
    }
  }
  const paths = c.collections.flatMap((col) => col.files.map((f) => f.file))
  unique(paths, 'files')
  return out
}

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
    const files = broken.collections[0]?.files ?? []
    files[0] = { ...(files[0] as DecapFile), fields: [] }
    broken.collections.push({ ...(broken.collections[0] as DecapConfig['collections'][0]) })
    expect(decapProblems(broken)).toEqual(
      expect.arrayContaining([
        'collections: names not unique',
        `menu/${files[0]?.name}: no fields`,
        'files: names not unique',
      ]),
    )
  })
})
