// The CMS's entries (scripts/lib/cms/entries.ts): what Decap reads and what a save writes, on a
// copy of the real content. A page is one entry holding both languages; the news page also holds
// its articles' date, category and photos (content/data/news.yaml); documents.yaml applies the
// guide's new-edition rule.
// @node-api: a save's files written all or none (atomicWrite.ts: rename, link, fsync).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parse, stringify } from 'yaml'
import {
  assertEntryPath,
  EntryPathError,
  persistEntry,
  readEntry,
} from '../../scripts/lib/cms/entries.ts'
import { removeTree, treeFrom } from './fixtureTree.ts'

let root: string
beforeEach(() => {
  root = treeFrom('real')
})
afterEach(() => removeTree(root))

const read = (rel: string) => readFileSync(join(root, rel), 'utf8')
type Page = Record<string, unknown> & { blocks: { type: string; items?: unknown[] }[] }
const entry = (path: string) => parse(readEntry(root, path).data as string)

/** The lines of `after` that are not in `before`, and the count of lines gone. */
function lineChanges(before: string, after: string) {
  const a = before.split('\n')
  const b = after.split('\n')
  return { added: b.filter((l) => !a.includes(l)), removed: a.filter((l) => !b.includes(l)) }
}

describe('a page is one entry with both languages', () => {
  it('reads the two files into { fr, en }', () => {
    const value = entry('content/pages/home.yaml')
    expect(value.fr.title).toBe(parse(read('content/fr/home.yaml')).title)
    expect(value.en.title).toBe(parse(read('content/en/home.yaml')).title)
  })

  it('saving it unchanged writes nothing', () => {
    const { data } = readEntry(root, 'content/pages/transformer-dist-24.yaml')
    const result = persistEntry(root, 'content/pages/transformer-dist-24.yaml', data as string)
    expect(result).toMatchObject({ saved: true, written: [] })
  })

  it('a title changed in both languages changes one line in each file', () => {
    const before = { fr: read('content/fr/home.yaml'), en: read('content/en/home.yaml') }
    const value = entry('content/pages/home.yaml')
    value.fr.title = 'Accueil du site'
    value.en.title = 'Site home'
    const result = persistEntry(root, 'content/pages/home.yaml', stringify(value))
    expect(result).toMatchObject({ saved: true })
    expect(lineChanges(before.fr, read('content/fr/home.yaml'))).toEqual({
      added: ['title: Accueil du site'],
      removed: ['title: Accueil'],
    })
    expect(lineChanges(before.en, read('content/en/home.yaml'))).toEqual({
      added: ['title: Site home'],
      removed: ['title: Home'],
    })
  })

  it('an English title left empty is refused at its field, nothing written', () => {
    const before = read('content/en/home.yaml')
    const value = entry('content/pages/home.yaml')
    value.en.title = ''
    const result = persistEntry(root, 'content/pages/home.yaml', stringify(value))
    expect(result.saved).toBe(false)
    if (result.saved) return
    expect(result.problems).toHaveLength(1)
    expect(result.problems[0]).toMatchObject({
      file: 'content/en/home.yaml',
      field: ['en', 'title'],
    })
    expect(read('content/en/home.yaml')).toBe(before)
  })

  it('a link to a page that does not exist is refused at its field, in validate words', () => {
    const value = entry('content/pages/home.yaml')
    const section = (value.fr as Page).blocks.findIndex((b) => b.type === 'section')
    const block = (value.fr as Page).blocks[section] as Record<string, unknown>
    const paragraphs = block.paragraphs as string[]
    paragraphs[0] = `${paragraphs[0]} [Ancienne page](page:ancienne-page)`
    const before = read('content/fr/home.yaml')
    const result = persistEntry(root, 'content/pages/home.yaml', stringify(value))
    expect(result.saved).toBe(false)
    if (result.saved) return
    expect(result.problems).toHaveLength(1)
    expect(result.problems[0]?.field).toEqual(['fr', 'blocks', section, 'paragraphs', 0])
    expect(result.problems[0]?.message).toMatch(/ancienne-page/)
    expect(read('content/fr/home.yaml')).toBe(before)
  })

  it('a language missing from the entry is refused, never written as an empty file', () => {
    const value = entry('content/pages/faqs.yaml')
    const before = read('content/en/faqs.yaml')
    const result = persistEntry(root, 'content/pages/faqs.yaml', stringify({ fr: value.fr }))
    expect(result.saved).toBe(false)
    expect(read('content/en/faqs.yaml')).toBe(before)
  })
})

describe('the news page carries its articles (content/data/news.yaml)', () => {
  const NEWS = 'content/pages/news.yaml'
  const list = (page: Page) =>
    page.blocks.find((b) => b.type === 'newsList') as { items: unknown[] }

  it('reads the articles into the French side only', () => {
    const value = entry(NEWS)
    expect(value.fr.articles).toEqual(parse(read('content/data/news.yaml')).articles)
    expect(value.en.articles).toBeUndefined()
  })

  it('an article with its words in both languages is one save into three files', () => {
    const before = {
      data: read('content/data/news.yaml'),
      fr: read('content/fr/news.yaml'),
      en: read('content/en/news.yaml'),
    }
    const value = entry(NEWS)
    value.fr.articles.unshift({
      id: 'open-day',
      category: 'company',
      date: '2025-07-01',
      images: [
        '/images/news/transformer-25-mva-congo-1.svg',
        '/images/news/transformer-25-mva-congo-2.svg',
      ],
    })
    list(value.fr).items.unshift({
      id: 'open-day',
      title: 'Journée portes ouvertes',
      images: [{ alt: "L'usine" }, { alt: 'Les visiteurs' }],
      paragraphs: ['Nous avons ouvert nos portes.'],
    })
    list(value.en).items.unshift({
      id: 'open-day',
      title: 'Open day',
      images: [{ alt: 'The factory' }, { alt: 'The visitors' }],
      paragraphs: ['We opened our doors.'],
    })
    const result = persistEntry(root, NEWS, stringify(value))
    expect(result).toMatchObject({ saved: true })
    expect(result.saved && [...result.written].sort()).toEqual([
      'content/data/news.yaml',
      'content/en/news.yaml',
      'content/fr/news.yaml',
      // What French the new English words are translated from.
      'content/translations/en/news.yaml',
    ])
    // Only lines added; the words files hold no article facts, the data file no words.
    for (const [file, old] of [
      ['content/data/news.yaml', before.data],
      ['content/fr/news.yaml', before.fr],
      ['content/en/news.yaml', before.en],
    ] as const)
      expect(lineChanges(old, read(file)).removed).toEqual([])
    expect(read('content/fr/news.yaml')).not.toMatch(/2025-07-01/)
    expect(read('content/data/news.yaml')).not.toMatch(/portes ouvertes/)
  })

  it('an article without its words is refused at the article, nothing written', () => {
    const before = read('content/data/news.yaml')
    const value = entry(NEWS)
    value.fr.articles.unshift({ id: 'lonely', category: 'company', date: '2025-07-01', images: [] })
    const result = persistEntry(root, NEWS, stringify(value))
    expect(result.saved).toBe(false)
    if (result.saved) return
    expect(result.problems.map((p) => p.field)).toContainEqual(['fr', 'articles', 0, 'id'])
    expect(read('content/data/news.yaml')).toBe(before)
  })
})

describe('documents.yaml: a new edition keeps the old URL', () => {
  it("changing a document's file puts the old path under formerly and removes the old file", () => {
    const DOCS = 'content/data/documents.yaml'
    writeFileSync(join(root, 'public/docs/catalogue-transformateurs-2026.pdf'), '%PDF-1.7\n%%EOF\n')
    const value = parse(read(DOCS))
    value.documents[0].file = '/docs/catalogue-transformateurs-2026.pdf'
    const result = persistEntry(root, DOCS, stringify(value))
    expect(result).toMatchObject({ saved: true })
    const saved = parse(read(DOCS)).documents[0]
    expect(saved).toMatchObject({
      id: 'catalogue-transformateurs',
      file: '/docs/catalogue-transformateurs-2026.pdf',
      formerly: ['/docs/catalogue-transformateurs-2024.pdf'],
    })
    expect(existsSync(join(root, 'public/docs/catalogue-transformateurs-2024.pdf'))).toBe(false)
  })
})

describe('paths', () => {
  it('an entry is a YAML file under content/, nothing else', () => {
    for (const bad of ['../x.yaml', 'content/../package.json', '/etc/passwd', 'content/a.json'])
      expect(() => assertEntryPath(bad)).toThrow(EntryPathError)
    expect(() => assertEntryPath('content/pages/home.yaml')).not.toThrow()
  })
})
