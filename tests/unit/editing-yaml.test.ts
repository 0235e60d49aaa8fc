// In-place YAML editing: a save changes only what was edited. Each case takes a
// copy of a real content file, changes its value as a CMS would (the whole entry submitted), and
// checks the text editYaml gives back: the lines that differ, and that everything else is byte
// for byte what it was (comments, `$schema` line, key order, quoting, layout).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { editYaml, YamlEditError } from '../../templates/core/editing/yamlEdit.ts'
import { isObject } from '../../templates/lib/isObject.ts'
import { repo } from './fixtureTree.ts'

// biome-ignore lint/suspicious/noExplicitAny: a CMS's entry is untyped data
type Entry = any

const real = (rel: string) => readFileSync(join(repo, rel), 'utf8')
const allContentFiles = ['data', 'fr', 'en', 'i18n']
  .flatMap((dir) => readdirSync(join(repo, 'content', dir)).map((f) => `content/${dir}/${f}`))
  .concat(['content/routes.yaml', 'content/site.yaml'])
  .filter((f) => f.endsWith('.yaml'))

/** The lines only in `before` and only in `after` (a longest-common-subsequence line diff). */
function lineDiff(before: string, after: string) {
  let a = before.split('\n')
  let b = after.split('\n')
  // The common head and tail first: the rest is small.
  let head = 0
  while (head < a.length && head < b.length && a[head] === b[head]) head++
  let tail = 0
  while (tail < a.length - head && tail < b.length - head && a.at(-1 - tail) === b.at(-1 - tail))
    tail++
  a = a.slice(head, a.length - tail)
  b = b.slice(head, b.length - tail)
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0))
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      (lcs[i] as number[])[j] =
        a[i] === b[j]
          ? (lcs[i + 1]?.[j + 1] ?? 0) + 1
          : Math.max(lcs[i + 1]?.[j] ?? 0, lcs[i]?.[j + 1] ?? 0)
  const removed: string[] = []
  const added: string[] = []
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      i++
      j++
    } else if (j >= b.length || (i < a.length && (lcs[i + 1]?.[j] ?? 0) >= (lcs[i]?.[j + 1] ?? 0)))
      removed.push(a[i++] as string)
    else added.push(b[j++] as string)
  }
  return { removed, added }
}

/** Edits `source` to the value `change` makes of its parsed value; checks it reads back. */
function edit(source: string, change: (value: Entry) => Entry | undefined) {
  const value = parse(source)
  const wanted = change(value) ?? value
  const text = editYaml(source, wanted)
  expect(parse(text)).toEqual(wanted)
  return { text, ...lineDiff(source, text) }
}

const block = (page: Entry, id: string) => page.blocks.find((b: Entry) => b.id === id)
/** Puts a key right after another one, as a CMS that submits fields in the schema's order. */
const withKeyAfter = (o: Entry, after: string, key: string, value: unknown) =>
  Object.fromEntries(
    Object.entries(o).flatMap(([k, v]) =>
      k === after
        ? [
            [k, v],
            [key, value],
          ]
        : [[k, v]],
    ),
  )

describe('editYaml: an unchanged value gives back the very same text', () => {
  it.each(allContentFiles)('%s', (rel) => {
    const source = real(rel)
    expect(editYaml(source, parse(source))).toBe(source)
    // A CMS sends a fresh object, keys possibly in another order: still no change.
    const reordered = JSON.parse(JSON.stringify(parse(source)), (_, v) =>
      isObject(v) ? Object.fromEntries(Object.entries(v).reverse()) : v,
    )
    expect(editYaml(source, reordered)).toBe(source)
  })
})

type Case = {
  name: string
  file: string
  /** Planted in the copy before editing (a comment, a block scalar the real files lack). */
  plant?: [from: string, to: string]
  change: (value: Entry) => Entry | undefined
  removed: string[]
  added: string[]
}

const CASES: Case[] = [
  {
    name: 'a heading changed (French): one line',
    file: 'content/fr/home.yaml',
    change: (v) => {
      block(v, 'intro').heading = 'Un nouveau titre'
    },
    removed: ['    heading: Le premier fabricant tunisien de transformateurs de distribution'],
    added: ['    heading: Un nouveau titre'],
  },
  {
    name: 'a heading changed (English): one line',
    file: 'content/en/home.yaml',
    change: (v) => {
      block(v, 'intro').heading = 'A new heading'
    },
    removed: ['    heading: The Tunisian leader in distribution transformers'],
    added: ['    heading: A new heading'],
  },
  {
    name: 'a value under a comment line: the comment stays',
    file: 'content/fr/home.yaml',
    change: (v) => {
      block(v, 'award-2024').autoClose = true
    },
    removed: ['    autoClose: false'],
    added: ['    autoClose: true'],
  },
  {
    name: 'a value with a comment on its line: the comment stays on it',
    file: 'content/site.yaml',
    plant: ['copyrightYear: 2025', 'copyrightYear: 2025 # the footer’s ©'],
    change: (v) => {
      v.copyrightYear = 2026
    },
    removed: ['copyrightYear: 2025 # the footer’s ©'],
    added: ['copyrightYear: 2026 # the footer’s ©'],
  },
  {
    name: 'a quoted string stays quoted, a plain one plain; one that needs quotes gets them',
    file: 'content/en/home.yaml',
    change: (v) => {
      block(v, 'hero').tagline = 'Bringing electricity.'
      block(v, 'intro').subheading = 'Hello: welcome'
    },
    removed: [
      '    tagline: "Innovative Technologies to Bring Electricity."',
      '    subheading: Welcome',
    ],
    added: ['    tagline: "Bringing electricity."', '    subheading: "Hello: welcome"'],
  },
  {
    name: 'a new news article at the top: its lines only, dates quoted like the others',
    file: 'content/data/news.yaml',
    change: (v) =>
      void v.articles.unshift({
        id: 'open-day',
        category: 'company',
        date: '2025-11-12',
        images: ['/images/news/open-day-1.svg'],
      }),
    removed: [],
    added: [
      '  - id: open-day',
      '    category: company',
      '    date: "2025-11-12"',
      '    images:',
      '      - /images/news/open-day-1.svg',
    ],
  },
  {
    name: 'a new button, written as its neighbours (flow, href quoted)',
    file: 'content/fr/home.yaml',
    change: (v) => void block(v, 'intro').buttons.push({ label: 'Contact', href: 'page:contact' }),
    removed: [],
    added: ['      - { label: Contact, href: "page:contact" }'],
  },
  {
    name: 'a route removed (a flow mapping over several lines)',
    file: 'content/routes.yaml',
    change: (v) => void v.routes.splice(1, 1),
    removed: [
      '  - {',
      '      id: presentation,',
      '      template: page,',
      '      fr: { path: /presentation },',
      '      en: { path: /en/presentation },',
      '    }',
    ],
    added: [],
  },
  {
    name: 'a block removed from a page',
    file: 'content/en/home.yaml',
    change: (v) => void v.blocks.splice(v.blocks.indexOf(block(v, 'latest-news')), 1),
    removed: [
      '  - type: latestNews',
      '    id: latest-news',
      '    heading: Latest news',
      '    buttons:',
      '      - { label: All news, href: "page:news" }',
    ],
    added: [],
  },
  {
    name: 'a key added to a block, after the key it follows in the entry',
    file: 'content/fr/home.yaml',
    change: (v) => {
      const i = v.blocks.indexOf(block(v, 'intro'))
      v.blocks[i] = withKeyAfter(v.blocks[i], 'id', 'tone', 'muted')
    },
    removed: [],
    added: ['    tone: muted'],
  },
  {
    name: 'a key added to a route (a flow mapping over several lines)',
    file: 'content/routes.yaml',
    change: (v) => {
      v.routes[1] = withKeyAfter(v.routes[1], 'template', 'parent', 'home')
    },
    removed: [],
    added: ['      parent: home,'],
  },
  {
    name: 'a key added to a one-line flow mapping',
    file: 'content/routes.yaml',
    change: (v) => {
      v.routes[0] = withKeyAfter(v.routes[0], 'template', 'parent', 'csr')
    },
    removed: [
      '  - { id: home, template: home, fr: { path: / }, en: { path: /en, aliases: [/en_f] } }',
    ],
    added: [
      '  - { id: home, template: home, parent: csr, fr: { path: / }, en: { path: /en, aliases: [/en_f] } }',
    ],
  },
  {
    name: 'a menu label added to the UI strings',
    file: 'content/i18n/en.yaml',
    change: (v) => {
      v.nav = withKeyAfter(v.nav, 'home', 'warranty', 'Warranty')
    },
    removed: [],
    added: ['  warranty: Warranty'],
  },
  {
    name: 'an image path (keys holding "/") changed',
    file: 'content/data/images.yaml',
    change: (v) => {
      v.home.intro = '/images/home/factory.jpg'
    },
    removed: ['  intro: /images/home/intro.svg'],
    added: ['  intro: /images/home/factory.jpg'],
  },
  {
    name: 'a paragraph that becomes two lines: a block scalar',
    file: 'content/en/home.yaml',
    change: (v) => {
      block(v, 'intro').paragraphs[1] = 'First line,\nsecond line.'
    },
    removed: [
      '      - "On a {{company.siteHectares}}-hectare site, some {{company.employees}} employees serve customers in more than {{company.countries}} countries, also offering MV/LV boards, after-sales service and a training centre."',
    ],
    added: ['      - |-', '        First line,', '        second line.'],
  },
  {
    name: 'one line of a block scalar edited: that line only, header and comment kept',
    file: 'content/fr/contact.yaml',
    plant: ['title: "Nous Contacter"', 'title: |- # planted\n  Nous\n  Contacter'],
    change: (v) => {
      v.title = 'Nous\nécrire'
    },
    removed: ['  Contacter'],
    added: ['  écrire'],
  },
]

describe('editYaml: only what was edited changes', () => {
  it.each(CASES)('$name', ({ file, plant, change, removed, added }) => {
    const source = plant ? real(file).replace(plant[0], plant[1]) : real(file)
    if (plant) expect(source, 'the planted text replaced something').not.toBe(real(file))
    const result = edit(source, change)
    expect({ removed: result.removed, added: result.added }).toEqual({ removed, added })
    expect(result.text.split('\n')[0]).toBe(source.split('\n')[0]) // the $schema line
  })

  it('blocks matched by id: a moved block keeps its lines (its comment too)', () => {
    const source = real('content/fr/home.yaml')
    const { text, removed, added } = edit(source, (v) => {
      const award = block(v, 'award-2024')
      v.blocks.splice(v.blocks.indexOf(award), 1)
      v.blocks.push(award)
    })
    expect(removed.sort()).toEqual(added.sort())
    expect(text).toContain(
      '    # Only the English home page closes the panel by itself (spec section 4).\n    autoClose: false\n',
    )
    expect(text.trimEnd().endsWith('autoClose: false')).toBe(true)
  })

  it('a block inserted between two others, then one edited: matched by id, not position', () => {
    const source = real('content/en/home.yaml')
    const { removed, added } = edit(source, (v) => {
      v.blocks.splice(1, 0, { type: 'section', id: 'welcome', heading: 'Welcome' })
      block(v, 'intro').subheading = 'Hello'
    })
    expect(removed).toEqual(['    subheading: Welcome'])
    expect(added).toEqual([
      '  - type: section',
      '    id: welcome',
      '    heading: Welcome',
      '    subheading: Hello',
    ])
  })

  it('a new list item is written in the order its siblings have, whatever order it came in', () => {
    const source = real('content/data/news.yaml')
    const { added } = edit(source, (v) => {
      // As the CMS sends it: the fields in the order the editor filled them.
      v.articles.unshift({
        images: ['/images/x.png'],
        date: '2025-07-01',
        category: 'company',
        id: 'x',
      })
    })
    expect(added).toEqual([
      '  - id: x',
      '    category: company',
      '    date: "2025-07-01"',
      '    images:',
      '      - /images/x.png',
    ])
  })

  it('a file that holds only its $schema line gets the value under that line', () => {
    expect(editYaml('# yaml-language-server: $schema=x.json', { title: 'T', tags: ['a'] })).toBe(
      '# yaml-language-server: $schema=x.json\ntitle: T\ntags:\n  - a\n',
    )
  })

  it('refuses a file with a YAML error instead of guessing', () => {
    expect(() => editYaml('title: "open\n', { title: 'x' })).toThrow(YamlEditError)
  })
})

describe('editYaml: any one text changed is one line changed', () => {
  /** Every path to a string in the value. */
  const stringPaths = (v: unknown, path: (string | number)[] = []): (string | number)[][] =>
    typeof v === 'string'
      ? [path]
      : v && typeof v === 'object'
        ? Object.entries(v).flatMap(([k, x]) =>
            stringPaths(x, [...path, Array.isArray(v) ? Number(k) : k]),
          )
        : []
  it.each([
    'content/fr/home.yaml',
    'content/en/services.yaml',
    'content/routes.yaml',
    'content/data/news.yaml',
  ])(
    '%s',
    (rel) => {
      const source = real(rel)
      const paths = stringPaths(parse(source))
      expect(paths.length).toBeGreaterThan(20)
      for (const path of paths) {
        const { removed, added } = edit(source, (v) => {
          const parent = path.slice(0, -1).reduce((o, k) => o[k], v)
          const key = path[path.length - 1] as string | number
          parent[key] = `${parent[key]} (edited)`
        })
        expect([removed.length, added.length], path.join('.')).toEqual([1, 1])
      }
      // One edit and diff per string of the file (routes.yaml has hundreds): 1-3 s alone, over the
      // 5 s default when the whole suite shares two cores. A bound on work, not a speed test.
    },
    30_000,
  )
})
