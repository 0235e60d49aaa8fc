import { describe, expect, it } from 'vitest'
import { checkTextLinks } from '../../templates/core/content/checks.ts'
import { checkDocumentLinksInText } from '../../templates/core/content/documentKeywords.ts'
import { PublicFiles } from '../../templates/core/content/source.ts'
import { parseYaml } from '../../templates/core/content/yamlFile.ts'
import { type InlineMark, inlineLinks, inlineMarks } from '../../templates/lib/inlineMarkup.ts'

/** The marks of `text`, each as the text it covers and what it is. */
const marks = (text: string) =>
  inlineMarks(text).map((m) => ({
    ...m,
    covers: text.slice(m.start, m.end),
  }))

const link = (label: string, target: string) => ({ kind: 'link', label, target })
const bold = (text: string) => ({ kind: 'bold', text })
const links = (text: string) => inlineLinks(text).map((l) => [l.label, l.target])

describe('inlineMarks: the markup of running text, as the page renders it', () => {
  it('plain text has none', () => {
    expect(inlineMarks('')).toEqual([])
    expect(inlineMarks('No markup here, [brackets] (and parentheses) * stars *.')).toEqual([])
  })

  it('a link: label and target, at its place in the text', () => {
    const text = 'See [our banks](page:capacitor-banks#range) today.'
    expect(marks(text)).toEqual([
      {
        ...link('our banks', 'page:capacitor-banks#range'),
        start: 4,
        end: 43,
        covers: '[our banks](page:capacitor-banks#range)',
      },
    ])
  })

  it('every kind of target the site knows', () => {
    expect(
      links(
        '[a](page:home) [b](#contact) [c](/docs/catalogue.pdf) [d](doc:catalogue) [e](https://example.com/x?y=1) [f](mailto:a@b.c) [g](tel:+33123)',
      ),
    ).toEqual([
      ['a', 'page:home'],
      ['b', '#contact'],
      ['c', '/docs/catalogue.pdf'],
      ['d', 'doc:catalogue'],
      ['e', 'https://example.com/x?y=1'],
      ['f', 'mailto:a@b.c'],
      ['g', 'tel:+33123'],
    ])
  })

  it('a link at the start and at the end of the text', () => {
    expect(marks('[first](page:a) then [last](page:b)')).toMatchObject([
      { ...link('first', 'page:a'), start: 0 },
      { ...link('last', 'page:b'), end: 35 },
    ])
  })

  it('adjacent links are two links', () => {
    expect(links('[a](page:x)[b](page:y)')).toEqual([
      ['a', 'page:x'],
      ['b', 'page:y'],
    ])
  })

  it('bold: the shortest run between two **, on one line', () => {
    expect(marks('**N** and **FH**: versions')).toMatchObject([
      { ...bold('N'), covers: '**N**' },
      { ...bold('FH'), covers: '**FH**' },
    ])
    expect(inlineMarks('**not\nbold**')).toEqual([])
    expect(inlineMarks('****')).toEqual([])
    expect(marks('an **unclosed star')).toEqual([])
  })

  it('bold and links side by side', () => {
    expect(marks('**Offline** see [x](page:a) and **energized**')).toMatchObject([
      bold('Offline'),
      link('x', 'page:a'),
      bold('energized'),
    ])
  })

  it('a link inside bold is text: bold is tried first, and its text is plain', () => {
    expect(inlineMarks('**see [x](page:a)**')).toMatchObject([bold('see [x](page:a)')])
    expect(inlineLinks('**see [x](page:a)**')).toEqual([])
    // Bold that starts before a link and ends inside it takes the link's start.
    expect(marks('**a [b** c](page:x)')).toMatchObject([bold('a [b')])
    expect(inlineLinks('**a [b** c](page:x)')).toEqual([])
  })

  it('** inside a link label stays in the label', () => {
    expect(inlineMarks('[**a**](page:x)')).toMatchObject([link('**a**', 'page:x')])
  })

  it('an unclosed ** before a link leaves the link a link', () => {
    expect(links('**a [b](page:x)')).toEqual([['b', 'page:x']])
  })

  it('no nesting: brackets inside brackets are text', () => {
    expect(inlineMarks('[a [b] c](page:x)')).toEqual([])
    expect(inlineMarks('[[a]](page:x)')).toEqual([])
    // An opening bracket inside the label is part of it.
    expect(links('[a [b](page:x)')).toEqual([['a [b', 'page:x']])
  })

  it('no escapes: a backslash before [ is text, the link is still one', () => {
    expect(marks('\\[a](page:x)')).toMatchObject([{ ...link('a', 'page:x'), start: 1 }])
  })

  it('an empty label, an empty target or white space in the target: text', () => {
    expect(inlineMarks('[](page:x)')).toEqual([])
    expect(inlineMarks('[](doc:catalogue)')).toEqual([])
    expect(inlineMarks('](doc:catalogue)')).toEqual([])
    expect(inlineMarks('[a]()')).toEqual([])
    expect(inlineMarks('[a](page:x y)')).toEqual([])
    expect(inlineMarks('[a] (page:x)')).toEqual([])
  })

  it('the target ends at the first )', () => {
    expect(marks('[a](/x_(y)) z')).toMatchObject([{ ...link('a', '/x_(y'), covers: '[a](/x_(y)' }])
  })

  it('a label may hold a line break', () => {
    expect(links('[two\nlines](page:x)')).toEqual([['two\nlines', 'page:x']])
  })

  it('the marks and the text between them give the text back', () => {
    const text = '**A** [b](page:b) c **d** [e](https://e.example)'
    const all: InlineMark[] = inlineMarks(text)
    let last = 0
    let rebuilt = ''
    for (const m of all) {
      rebuilt += text.slice(last, m.start)
      rebuilt += m.kind === 'bold' ? `**${m.text}**` : `[${m.label}](${m.target})`
      last = m.end
    }
    expect(rebuilt + text.slice(last)).toBe(text)
  })
})

describe('the checks judge the links the page renders', () => {
  const file = (text: string) => parseYaml('content/fr/x.yaml', `paragraphs:\n  - "${text}"\n`).yaml

  it('checkTextLinks: each link once, none inside bold', () => {
    const y = file('[a](page:nope) **[b](page:nope)** [c](page:ok)[d](page:nope)')
    const wrong = (link: string) =>
      link === 'page:nope' ? { en: 'no such page', fr: 'pas de telle page' } : undefined
    expect(checkTextLinks(y, wrong).map((p) => [p.key, p.message, p.fr])).toEqual([
      [
        'paragraphs[0]',
        'link [a](page:nope): no such page',
        'lien [a](page:nope) : pas de telle page',
      ],
      [
        'paragraphs[0]',
        'link [d](page:nope): no such page',
        'lien [d](page:nope) : pas de telle page',
      ],
    ])
  })

  it('checkDocumentLinksInText: the doc: links among them', () => {
    const y = file('[a](doc:nope) [b](page:x) **[c](doc:nope)** [](doc:nope) [d](doc:catalogue)')
    const ctx = {
      public: new PublicFiles([]),
      documents: [{ id: 'catalogue', file: '/docs/catalogue.pdf' }],
    } as Parameters<typeof checkDocumentLinksInText>[1]
    expect(checkDocumentLinksInText(y, ctx).map((p) => p.message)).toEqual([
      'unknown document id "nope": register it in content/data/documents.yaml (known: catalogue)',
    ])
  })
})
