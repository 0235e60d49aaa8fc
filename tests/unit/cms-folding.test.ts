// What an entry's form shows first: Decap builds every field of a collapsed
// item, hidden, so the lists inside an item are one bar until opened (minimize_collapsed); the
// entry's own lists stay listed, each item collapsed and saying what it is (its summary, run
// here by Decap's own template code), and the entry's objects are collapsed.
import { compileStringTemplate } from 'decap-cms-lib-widgets/dist/esm/stringTemplate.js'
import { fromJS } from 'immutable'
import { beforeAll, describe, expect, it } from 'vitest'
import { cmsConfig } from '../../scripts/lib/cms/config.ts'
import type {
  DecapCollection,
  DecapConfig,
  DecapField,
  DecapFolderCollection,
} from '../../templates/core/editor/decapConfig.ts'
import { repo } from './fixtureTree.ts'

let config: DecapConfig
beforeAll(() => {
  config = cmsConfig(repo, { proxyUrl: '/api/cms' })
})

const collection = (name: string) => config.collections.find((c) => c.name === name)
const pageFields = () => (collection('menu') as DecapFolderCollection).fields
const field = (fields: DecapField[] | undefined, name: string) =>
  fields?.find((f) => f.name === name) as DecapField
const blocks = () => field(pageFields(), 'blocks')
const blockType = (type: string) => blocks().types?.find((t) => t.name === type) as DecapField
/** A field of a block type by path: `items.links`. */
const blockField = (type: string, path: string) =>
  path.split('.').reduce<DecapField>((f, name) => field(f.fields, name), blockType(type))

/** What a collapsed item or object with this value says, as Decap writes it. */
const says = (f: DecapField, value: Record<string, unknown>) =>
  compileStringTemplate(f.summary as string, null, '', fromJS(value))

/** Every list among these fields and inside them, with its path. */
function lists(fields: DecapField[], path = ''): [string, DecapField][] {
  return fields.flatMap((f) => {
    const at = `${path}${f.name}`
    const inner = [...(f.fields ?? []), ...(f.field ? [f.field] : []), ...(f.types ?? [])]
    return [
      ...(f.widget === 'list' ? [[at, f] as [string, DecapField]] : []),
      ...lists(inner, `${at}.`),
    ]
  })
}

describe("a page's form", () => {
  it('lists its blocks, each collapsed (Decap’s default), none minimized', () => {
    expect(blocks().minimize_collapsed).toBeUndefined()
    expect(blocks().collapsed).not.toBe(false)
  })

  it.each([
    ['section', { id: 'nos-valeurs', heading: 'Nos valeurs' }, 'Nos valeurs'],
    ['section', { id: 'nos-valeurs' }, '(sans titre)'],
    ['ratingsTable', { heading: 'Tableau des valeurs', table: 'dist-24' }, 'Tableau des valeurs'],
    ['siteSearch', { id: 'recherche' }, 'recherche'],
  ])('a collapsed %s block says %j as %j', (type, value, shown) => {
    expect(says(blockType(type), value)).toBe(shown)
  })

  it('every kind of block says what it is when collapsed', () => {
    expect(
      blocks()
        .types?.filter((t) => !t.summary)
        .map((t) => t.name),
    ).toEqual([])
  })

  it('every list inside a block is one bar until opened (its items are not built before)', () => {
    const inside = (blocks().types ?? []).flatMap((t) => lists(t.fields ?? [], `${t.name}.`))
    expect(inside.length).toBeGreaterThan(40)
    expect(inside.filter(([, f]) => f.minimize_collapsed !== true).map(([at]) => at)).toEqual([])
  })

  it('an item says its words: a button its text, a paragraph its first 60 characters', () => {
    expect(
      says(blockField('section', 'buttons'), { label: 'Nous contacter', href: 'page:contact' }),
    ).toBe('Nous contacter')
    const paragraph =
      'Conçus et fabriqués dans notre usine selon la norme IEC 60076, nos transformateurs alimentent les réseaux.'
    expect(says(blockField('section', 'paragraphs'), { item: paragraph })).toBe(
      `${paragraph.slice(0, 60)}...`,
    )
    expect(says(blockField('section', 'paragraphs'), { item: '' })).toBe('(sans paragraphe)')
  })

  it('an item is named by its words, not by a setting the English column does not hold', () => {
    // A contact card: the person is chosen once, in French; its role is written in each language.
    expect(says(blockField('salesContacts', 'items'), { contact: 'sales-1', role: 'Export' })).toBe(
      'Export',
    )
    expect(says(blockField('cards', 'items'), { id: 'base', title: 'Équipements de base' })).toBe(
      'Équipements de base',
    )
  })

  it('the banner, rarely changed, is a collapsed object saying its image’s text', () => {
    const banner = field(pageFields(), 'banner')
    expect(banner).toMatchObject({ widget: 'object', collapsed: true })
    expect(says(banner, { alt: "L'usine de Ben Arous" })).toBe("L'usine de Ben Arous")
    expect(says(banner, {})).toBe('(sans texte alternatif)')
    // Inside an item, an object opens with its item.
    expect(blockField('section', 'image').collapsed).toBeUndefined()
  })

  it('the title, description and heading are shown at once', () => {
    for (const name of ['title', 'description', 'heading'])
      expect(field(pageFields(), name).widget).toBe('string')
  })
})

describe('the settings', () => {
  it("a data file's own list stays listed; the lists inside its items are one bar each", () => {
    const settings = collection('settings') as DecapCollection
    const ratings = settings.files.find((f) => f.name === 'ratings')
    const all = lists(ratings?.fields ?? [])
    const [top, ...inner] = all
    expect(top?.[1].minimize_collapsed).toBeUndefined()
    expect(inner.length).toBeGreaterThan(0)
    expect(inner.every(([, f]) => f.minimize_collapsed === true)).toBe(true)
  })
})
