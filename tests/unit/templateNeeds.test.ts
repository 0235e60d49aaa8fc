// The UI strings and pages the templates ask for by name, read from their sources, and the checks
// that every one is in the language files or the route table (templates/core/content/templateNeeds.ts).
// The planted-mistakes suite checks the messages on the real content; these check the reading and
// the edge cases.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readYamlFile } from '../../scripts/lib/content/diskSource.ts'
import { templateNeeds } from '../../scripts/lib/content/templateNeedsDisk.ts'
import {
  checkTemplateKeys,
  checkTemplatePages,
} from '../../templates/core/content/templateNeeds.ts'

const dir = mkdtempSync(join(tmpdir(), 'template-keys-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const write = (file: string, text: string) => {
  mkdirSync(dirname(join(dir, file)), { recursive: true })
  writeFileSync(join(dir, file), text)
}

/** The i18n files of a tree written from these texts. */
const i18n = (fr: string, en: string) => {
  write('content/i18n/fr.yaml', fr)
  write('content/i18n/en.yaml', en)
  return ['fr', 'en'].map((lang) => readYamlFile(join(dir, `content/i18n/${lang}.yaml`), dir).yaml)
}

describe('templateNeeds', () => {
  it('reads the literal keys of t() in templates/ and pages/, with the first file using each', () => {
    write(
      'templates/layout/Footer.tsx',
      '<p>{t(\'footer.rights\', { year })}</p>{t("footer.blurb")}',
    )
    // A key made at run time (a template literal) is checked where the content names it.
    write(
      'templates/blocks/A.tsx',
      "t('footer.rights'); t(`nav.$" + "{id}`); t(label); format('x.y')",
    )
    write(
      'pages/content/+Page.server.tsx',
      "i18n.t( 'common.close' ); pathOf(routes, 'careers', lang); routeById(routes, \"home\")",
    )
    write(
      'templates/layout/Header.tsx',
      "pathOf(routes, 'careers', lang); pathOf(routes, id, lang)",
    )
    write('templates/lib/notCode.css', "t('css.is.not.read')")
    write('scripts/Other.tsx', "t('elsewhere.key')")
    const { strings, pages } = templateNeeds(dir)
    // Without the keys the code makes from its own lists (checked below).
    const lists = ['templates/form/strings.ts', 'templates/lib/searchMessages.ts']
    expect({
      strings: new Map([...strings].filter(([, file]) => !lists.includes(file))),
      pages,
    }).toEqual({
      // templates/ first, then pages/, each folder in name order.
      strings: new Map([
        ['footer.rights', 'templates/blocks/A.tsx'],
        ['footer.blurb', 'templates/layout/Footer.tsx'],
        ['common.close', 'pages/content/+Page.server.tsx'],
      ]),
      pages: new Map([
        ['careers', 'templates/layout/Header.tsx'],
        ['home', 'pages/content/+Page.server.tsx'],
      ]),
    })
  })

  it('reads the real templates', () => {
    const { strings, pages } = templateNeeds()
    expect(strings.get('common.skipToContent')).toBe('templates/layout/Document.tsx')
    // Made by the code from its lists: every form's strings, the search page's messages.
    expect(strings.get('form.errors.emailFormat')).toBe('templates/form/strings.ts')
    expect(strings.get('form.submit.careers')).toBe('templates/form/strings.ts')
    expect(strings.get('search.results_other')).toBe('templates/lib/searchMessages.ts')
    expect(strings.size).toBeGreaterThan(50)
    // The frame's optional pages (careers, search...) go through framePath(): only home is required.
    expect([...pages.keys()]).toEqual(['home'])
  })
})

describe('checkTemplateKeys', () => {
  const keys = new Map([
    ['common.close', 'templates/a.tsx'],
    ['carousel.slide', 'templates/b.tsx'],
    ['footer.rights', 'templates/c.tsx'],
  ])

  it('takes a string in either language (the comparison reports one missing in the other) and plural forms', () => {
    const files = i18n(
      'common:\n  close: Fermer\ncarousel:\n  slide_one: diapositive\n  slide_other: diapositives\nfooter:\n  rights: droits\n',
      'common:\n  open: Open\ncarousel:\n  slide_one: slide\n  slide_other: slides\nfooter:\n  rights: rights\n',
    )
    expect(checkTemplateKeys(files, keys)).toEqual([])
  })

  it('reports a key no language has once, at its group, or at the part of it that exists', () => {
    const files = i18n(
      '# UI strings\ncommon:\n  open: Ouvrir\ncarousel:\n  slide_ones: x\nfooter:\n  rights:\n    nested: no\n',
      'common:\n  open: Open\ncarousel:\n  slide_ones: x\nfooter:\n  rights:\n    nested: no\n',
    )
    expect(checkTemplateKeys(files, keys).map((p) => [p.file, p.line, p.col, p.key])).toEqual([
      ['content/i18n/fr.yaml', 2, 1, 'common.close'],
      // slide_ones is no plural form of slide.
      ['content/i18n/fr.yaml', 4, 1, 'carousel.slide'],
      // A group where the string should be is no string.
      ['content/i18n/fr.yaml', 6, 1, 'footer.rights'],
    ])
    const [none] = checkTemplateKeys(
      i18n('a: b\n', 'a: c\n'),
      new Map([['x.y.z', 'templates/d.tsx']]),
    )
    expect(none).toMatchObject({ file: 'content/i18n/fr.yaml', line: 1, col: 1, key: 'x.y.z' })
    expect(none?.message).toBe(
      'the templates use the UI string "x.y.z" (templates/d.tsx), which no language file has: add "z: ..." under x.y: (a new group) in content/i18n/fr.yaml and content/i18n/en.yaml',
    )
  })

  it('checks nothing when a language file could not be read (reported on its own)', () => {
    const [fr] = i18n('a: b\n', 'a: b\n')
    expect(checkTemplateKeys([fr, undefined], keys)).toEqual([])
  })
})

describe('checkTemplatePages', () => {
  it('reports each page the templates link to that has no route, at routes:', () => {
    write('content/routes.yaml', '# Pages\nredirects: []\nroutes:\n  - { id: home }\n')
    const routes = readYamlFile(join(dir, 'content/routes.yaml'), dir).yaml
    const pages = new Map([
      ['home', 'templates/a.tsx'],
      ['careers', 'templates/layout/Header.tsx'],
    ])
    expect(checkTemplatePages(routes, new Set(['home', 'careers']), pages)).toEqual([])
    expect(checkTemplatePages(routes, new Set(['home']), pages)).toEqual([
      {
        file: 'content/routes.yaml',
        line: 3,
        col: 1,
        key: 'routes',
        message:
          'the templates link to the page "careers" (templates/layout/Header.tsx), which has no route: add a route with id: careers under routes: (and its content/fr/careers.yaml and content/en/careers.yaml)',
        fr: "les gabarits ont un lien vers la page « careers » (templates/layout/Header.tsx), qui n'a pas de route : ajoutez une route d'id: careers sous routes: (avec ses content/fr/careers.yaml et content/en/careers.yaml)",
      },
    ])
  })
})
