// Values written once: the documents registry (content/data/documents.yaml) and the news facts
// (content/data/news.yaml). Each mistake an editor can make with them gives exactly one message
// at the line of the offending value; the registry drives links and old-URL redirects.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { parse } from 'yaml'
import { collectContent, projectDirs } from '../../scripts/lib/content/load.ts'
import { documentRedirectLines } from '../../scripts/lib/pipeline/documentRedirects.ts'
import { formatProblem, sortProblems } from '../../templates/core/content/problems.ts'
import { documentsOf, resolveDocumentHref } from '../../templates/lib/documents.ts'
import { joinNews, type NewsWords, newsFactsOf } from '../../templates/lib/newsItems.ts'

const repo = fileURLToPath(new URL('../..', import.meta.url))
// Each test validates a whole copy of the site (~0.5 s alone, several seconds on a busy machine).
vi.setConfig({ testTimeout: 60_000 })
const dirs: string[] = []

/** A scratch copy of the site's content/ and public/ (schemas/ are the repository's). */
function siteCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'writeonce-'))
  dirs.push(dir)
  for (const d of ['content', 'public']) cpSync(join(repo, d), join(dir, d), { recursive: true })
  return dir
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** Replaces the first `from` in content/<file>; returns the 1-based line of `to`. */
function plant(dir: string, file: string, from: string, to: string): number {
  const path = join(dir, 'content', file)
  const text = readFileSync(path, 'utf8')
  const at = text.indexOf(from)
  if (at < 0) throw new Error(`"${from}" is not in ${file}`)
  writeFileSync(path, text.slice(0, at) + to + text.slice(at + from.length))
  return (
    text.slice(0, at).split('\n').length + to.slice(0, to.indexOf(to.trim())).split('\n').length - 1
  )
}

const problemsOf = (dir: string) =>
  sortProblems(collectContent(projectDirs(dir)).problems).map(formatProblem)

describe('the site content as committed', () => {
  it('is valid', () => {
    expect(problemsOf(repo)).toEqual([])
  })

  it('writes no PDF path and no news date, category or image in a language file', () => {
    for (const lang of ['fr', 'en']) {
      const news = readFileSync(join(repo, 'content', lang, 'news.yaml'), 'utf8')
      expect(news).not.toMatch(/^\s*(date|endDate|category|src):/m)
    }
    const pdfs = collectContent(projectDirs(repo)).content.pages
    expect(JSON.stringify(pdfs)).not.toMatch(/\.pdf/)
  })
})

describe('documents registry', () => {
  const data = { documents: parse(readFileSync(join(repo, 'content/data/documents.yaml'), 'utf8')) }

  it('resolves doc:<id> to the file, keeps a fragment, leaves other links alone', () => {
    const docs = documentsOf(data)
    expect(resolveDocumentHref(docs, 'doc:catalogue-transformateurs')).toBe(
      '/docs/catalogue-transformateurs-2024.pdf',
    )
    expect(resolveDocumentHref(docs, 'doc:catalogue-transformateurs#page=3')).toBe(
      '/docs/catalogue-transformateurs-2024.pdf#page=3',
    )
    expect(resolveDocumentHref(docs, 'page:contact')).toBe('page:contact')
  })

  it('turns each formerly: URL into a 301 line of _redirects', () => {
    const docs = {
      documents: {
        documents: [
          {
            id: 'a',
            file: '/docs/a-2025.pdf',
            title: { fr: 'A', en: 'A' },
            formerly: ['/docs/a.pdf'],
          },
          { id: 'b', file: '/docs/b.pdf', title: { fr: 'B', en: 'B' } },
        ],
      },
    }
    expect(documentRedirectLines(docs)).toBe('/docs/a.pdf  /docs/a-2025.pdf  301\n')
  })

  it('an unknown document id in a button: one message at the href', () => {
    const dir = siteCopy()
    const line = plant(
      dir,
      'fr/capacitor-banks.yaml',
      'href: doc:catalogue-batteries-condensateurs',
      'href: doc:catalogue-batteries',
    )
    expect(problemsOf(dir)).toEqual([
      `content/fr/capacitor-banks.yaml:${line}:15  blocks[1].buttons[0].href  unknown document id "catalogue-batteries": register it in content/data/documents.yaml (known: catalogue-transformateurs, catalogue-batteries-condensateurs, brochure-cellules-sme36, brochure-gestion-energie, catalogue-coffret-cp1t, catalogue-coffret-cp2t, catalogue-coffret-cp3t, catalogue-coffret-cp4t)`,
    ])
  })

  it('a registered PDF linked by its path: one message naming its id', () => {
    const dir = siteCopy()
    const line = plant(
      dir,
      'en/ais.yaml',
      'href: doc:brochure-cellules-sme36',
      'href: /docs/brochure-cellules-sme36.pdf',
    )
    expect(problemsOf(dir)).toEqual([
      `content/en/ais.yaml:${line}:15  blocks[0].buttons[0].href  link to this document by its id: doc:brochure-cellules-sme36 (content/data/documents.yaml), so renaming its file stays one edit`,
    ])
  })

  it('an unknown document in running text: one message at the paragraph', () => {
    const dir = siteCopy()
    const line = plant(
      dir,
      'en/csr.yaml',
      '[news](page:news)',
      '[news](page:news), [our policy](doc:csr-policy)',
    )
    const problems = problemsOf(dir)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(
      new RegExp(
        `^content/en/csr\\.yaml:${line}:\\d+  blocks\\[\\d+\\]\\.paragraphs\\[\\d+\\]  unknown document id "csr-policy": register it`,
      ),
    )
  })

  it('a formerly: URL whose old file is still there: one message at that line', () => {
    const dir = siteCopy()
    const line = plant(
      dir,
      'data/documents.yaml',
      '    file: /docs/catalogue-transformateurs-2024.pdf\n',
      '    file: /docs/catalogue-transformateurs-2024.pdf\n    formerly: [/docs/brochure-gestion-energie.pdf]\n',
    )
    expect(problemsOf(dir)).toEqual([
      `content/data/documents.yaml:${line + 1}:16  documents[0].formerly[0]  public/docs/brochure-gestion-energie.pdf still exists: remove it, or the old URL serves the old file instead of redirecting`,
    ])
  })

  it('a document whose file is missing: one message at its file', () => {
    const dir = siteCopy()
    const line = plant(
      dir,
      'data/documents.yaml',
      'file: /docs/brochure-gestion-energie.pdf',
      'file: /docs/brochure-energie.pdf',
    )
    expect(problemsOf(dir)).toEqual([
      `content/data/documents.yaml:${line}:11  documents[3].file  pdf file not found: expected public/docs/brochure-energie.pdf to exist`,
    ])
  })
})

describe('news facts written once', () => {
  it('joins facts and words in the order of the data file', () => {
    const facts = newsFactsOf({
      news: {
        articles: [
          { id: 'b', category: 'factory', date: '2025-02', images: ['/b1.svg', '/b2.svg'] },
          { id: 'a', category: 'company', date: '2025-01-03', images: ['/a.svg'] },
        ],
      },
    })
    const words: NewsWords[] = [
      { id: 'a', title: 'A', images: [{ alt: 'a' }], paragraphs: ['x'] },
      { id: 'b', title: 'B', images: [{ alt: 'b1' }, { alt: 'b2' }], paragraphs: ['y'] },
    ]
    expect(joinNews(words, facts)).toEqual([
      {
        ...words[1],
        category: 'factory',
        date: '2025-02',
        images: [
          { src: '/b1.svg', alt: 'b1' },
          { src: '/b2.svg', alt: 'b2' },
        ],
      },
      {
        ...words[0],
        category: 'company',
        date: '2025-01-03',
        images: [{ src: '/a.svg', alt: 'a' }],
      },
    ])
  })

  it('an article without English words: one message at its id in the data file', () => {
    const dir = siteCopy()
    // The editor deletes the English article (or never wrote it).
    const path = join(dir, 'content/en/news.yaml')
    const text = readFileSync(path, 'utf8')
    const start = text.indexOf('      - id: seminar-sponsoring\n')
    const end = text.indexOf('      - id: ', start + 1)
    writeFileSync(path, text.slice(0, start) + text.slice(end))
    const dataLine = readFileSync(join(dir, 'content/data/news.yaml'), 'utf8')
      .split('\n')
      .indexOf('  - id: seminar-sponsoring')
    expect(problemsOf(dir)).toEqual([
      `content/data/news.yaml:${dataLine + 1}:9  articles[4].id  article "seminar-sponsoring" has no English words: add an item with id seminar-sponsoring (title, images' alt, paragraphs) to the newsList of content/en/news.yaml`,
    ])
  })

  it('one image description too few: one message at the article images', () => {
    const dir = siteCopy()
    const line = plant(
      dir,
      'fr/news.yaml',
      '          - alt: "Le transformateur de 25 MVA en cours de préparation (photo à venir)"\n',
      '',
    )
    expect(problemsOf(dir)).toEqual([
      `content/fr/news.yaml:${line - 1}:11  blocks[0].items[0].images  2 image descriptions for 3 images: content/data/news.yaml lists 3 for "transformer-25-mva-congo", give one alt for each, in the same order`,
    ])
  })

  it('a malformed date: one message at the date in the data file', () => {
    const dir = siteCopy()
    const line = plant(dir, 'data/news.yaml', 'date: "2025-06-02"', 'date: "2025-6-2"')
    const problems = problemsOf(dir)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(
      new RegExp(
        `^content/data/news\\.yaml:${line}:11  articles\\[1\\]\\.date  does not have the expected form`,
      ),
    )
  })
})
