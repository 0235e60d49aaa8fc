// An entry's history (templates/core/history/): what each save changed, read from real YAML texts
// as the form reads them, placed at the entry's fields; one page of saves read from a git host
// with as few reads as the list allows; a value, or a whole version, put back into the form.
import { describe, expect, it } from 'vitest'
import { plainWordDiff } from '../../templates/core/content/wordDiff.ts'
import {
  commitChanges,
  entryAt,
  type FieldChange,
  fileChanges,
  historyFiles,
  restoreValue,
  UnreadableVersion,
} from '../../templates/core/history/changes.ts'
import { readHistory } from '../../templates/core/history/readHistory.ts'
import type { HistoryCommit, HistoryHost } from '../../templates/core/history/types.ts'

const ENTRY = 'content/pages/training.yaml'
const FR = 'content/fr/training.yaml'
const EN = 'content/en/training.yaml'
const NEWS_ENTRY = 'content/pages/news.yaml'
const NEWS_FR = 'content/fr/news.yaml'
const NEWS_EN = 'content/en/news.yaml'
const NEWS_DATA = 'content/data/news.yaml'
const SITE = 'content/site.yaml'

const fr0 = `# yaml-language-server: $schema=../../schemas/page.schema.json
title: "Nos formations pour les entreprises"
description: "Centre de formation : formations inter-entreprises, intra-entreprise et sur mesure."
heading: "Centre de formation"
blocks:
  - type: section
    id: presentation
    heading: "Développer les compétences de vos équipes"
    paragraphs:
      - "Notre centre de formation partage l'expérience de nos ingénieurs et techniciens."
  - type: cards
    id: formules
    heading: "Nos formules"
    columns: 3
    items:
      - id: inter
        title: "Inter-entreprises"
        paragraphs:
          - "Des sessions programmées qui réunissent des participants de plusieurs entreprises."
      - id: intra
        title: "Intra-entreprise"
        paragraphs:
          - "Une session réservée à votre équipe, dans vos locaux ou les nôtres."
      - id: sur-mesure
        title: "Sur mesure, avec audit"
        paragraphs:
          - "Nous commençons par un audit de vos besoins."
`

const en0 = `# yaml-language-server: $schema=../../schemas/page.en.json
title: "Our training for companies"
description: "Training centre: inter-company, intra-company and tailor-made training."
heading: "Training centre"
blocks:
  - type: section
    id: presentation
    heading: "Developing your teams' skills"
    paragraphs:
      - "Our training centre shares the experience of our engineers and technicians."
  - type: cards
    id: formules
    heading: "Our formats"
    items:
      - id: inter
        title: "Inter-company"
        paragraphs:
          - "Scheduled sessions bringing together participants from several companies."
      - id: intra
        title: "Intra-company"
        paragraphs:
          - "A session for your team only, on your premises or ours."
      - id: sur-mesure
        title: "Tailor-made, with audit"
        paragraphs:
          - "We start with an audit of your needs."
`

/** `text` with `from` replaced, failing loudly when the test's text has no such piece. */
function edit(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`no ${JSON.stringify(from)} in the text`)
  return text.replace(from, to)
}

const PARAGRAPH = 'Une session réservée à votre équipe, dans vos locaux ou les nôtres.'
const PARAGRAPH_2 = 'Une session réservée à votre seule équipe, dans vos locaux ou les nôtres.'
const DISTANCE = `      - id: distance
        title: "À distance"
        paragraphs:
          - "Des classes virtuelles, en direct, avec un formateur."
`

// Save 1: the title changed.
const fr1 = edit(fr0, 'pour les entreprises"', 'pour vos équipes"')
// Save 2: an item inserted before `intra`, whose text changed; the English title of `intra` too.
const fr2 = edit(
  edit(fr1, '      - id: intra\n', `${DISTANCE}      - id: intra\n`),
  PARAGRAPH,
  PARAGRAPH_2,
)
const en2 = edit(en0, 'title: "Intra-company"', 'title: "Intra-company, at your site"')
// Save 3: the French text of `intra` restored as it was.
const fr3 = edit(fr2, PARAGRAPH_2, PARAGRAPH)

/** The changes without restoreValue's anchors, to compare. */
const shown = (changes: FieldChange[]) => changes.map(({ within: _, ...c }) => c)

const ITEMS = ['fr', 'blocks', 1, 'items'] as const

describe('historyFiles', () => {
  it("names a page's two files, the news data for the page holding the news list only", () => {
    expect(historyFiles(ENTRY)).toEqual([FR, EN])
    const news = { fr: { blocks: [{ type: 'newsList', id: 'articles', items: [] }] }, en: {} }
    expect(historyFiles(NEWS_ENTRY, news)).toEqual([NEWS_FR, NEWS_EN, NEWS_DATA])
    expect(historyFiles(ENTRY, { fr: { blocks: [{ type: 'cards' }] } })).toEqual([FR, EN])
    expect(historyFiles('content/pages/produits/ais.yaml')).toEqual([
      'content/fr/ais.yaml',
      'content/en/ais.yaml',
    ])
    expect(historyFiles('content/i18n/strings.yaml')).toEqual([
      'content/i18n/fr.yaml',
      'content/i18n/en.yaml',
    ])
    expect(historyFiles(SITE)).toEqual([SITE])
    expect(historyFiles('content/data/logos.yaml')).toEqual(['content/data/logos.yaml'])
  })
})

describe('fileChanges', () => {
  it('a title changed: one change at its field, in its language, with its words', () => {
    const changes = fileChanges(ENTRY, FR, fr0, fr1)
    expect(shown(changes)).toEqual([
      {
        kind: 'changed',
        field: ['fr', 'title'],
        beforeField: ['fr', 'title'],
        lang: 'fr',
        before: 'Nos formations pour les entreprises',
        after: 'Nos formations pour vos équipes',
        diff: expect.any(Array),
      },
    ])
    expect(plainWordDiff(changes[0]?.diff ?? [])).toBe(
      'Nos formations pour [-les-]{+vos+} [-entreprises-]{+équipes+}',
    )
  })

  it('an item inserted before an item whose text changed: two changes, not every later item', () => {
    expect(shown(fileChanges(ENTRY, FR, fr1, fr2))).toEqual([
      {
        kind: 'added',
        field: [...ITEMS, 1],
        lang: 'fr',
        before: undefined,
        after: {
          id: 'distance',
          title: 'À distance',
          paragraphs: ['Des classes virtuelles, en direct, avec un formateur.'],
        },
      },
      {
        kind: 'changed',
        field: [...ITEMS, 2, 'paragraphs', 0],
        beforeField: [...ITEMS, 1, 'paragraphs', 0],
        lang: 'fr',
        before: PARAGRAPH,
        after: PARAGRAPH_2,
        diff: [
          { kind: 'same', text: 'Une session réservée à votre ' },
          { kind: 'added', text: 'seule ' },
          { kind: 'same', text: 'équipe, dans vos locaux ou les nôtres.' },
        ],
      },
    ])
  })

  it('the formatting or the comments alone are no change', () => {
    const reformatted = edit(
      edit(
        fr1,
        'title: "Nos formations pour vos équipes"',
        "title: 'Nos formations pour vos équipes'",
      ),
      'blocks:\n',
      '# The page’s blocks, in order.\nblocks:\n',
    )
    expect(fileChanges(ENTRY, FR, fr1, reformatted)).toEqual([])
    expect(fileChanges(ENTRY, FR, fr1, fr1)).toEqual([])
  })

  it('a reorder is one change of the list, an item removed one change where it stood', () => {
    const swapped = edit(
      edit(fr0, '      - id: inter\n', '      - id: tmp\n'),
      '      - id: sur-mesure\n',
      '      - id: inter\n',
    ).replace('      - id: tmp\n', '      - id: sur-mesure\n')
    // The ids moved, but not the titles: the items are matched by id, so their values changed.
    const moved = fileChanges(ENTRY, FR, fr0, swapped)
    expect(moved[0]).toMatchObject({ kind: 'moved', field: ITEMS })
    expect(moved.slice(1).every((c) => c.kind === 'changed')).toBe(true)

    const order = fileChanges(ENTRY, FR, fr0, moveIntraLast(fr0))
    expect(shown(order)).toMatchObject([{ kind: 'moved', field: [...ITEMS], lang: 'fr' }])

    const withoutInter = edit(
      fr0,
      `      - id: inter
        title: "Inter-entreprises"
        paragraphs:
          - "Des sessions programmées qui réunissent des participants de plusieurs entreprises."
`,
      '',
    )
    expect(shown(fileChanges(ENTRY, FR, fr0, withoutInter))).toEqual([
      {
        kind: 'removed',
        field: [...ITEMS, 0],
        beforeField: [...ITEMS, 0],
        lang: 'fr',
        before: expect.objectContaining({ id: 'inter', title: 'Inter-entreprises' }),
        after: undefined,
      },
    ])
  })

  it('a file created is one change of its whole value', () => {
    expect(shown(fileChanges(ENTRY, EN, null, en0))).toMatchObject([
      {
        kind: 'added',
        field: ['en'],
        lang: 'en',
        before: undefined,
        after: { heading: 'Training centre' },
      },
    ])
  })

  it('the news data: under the French value, its articles only', () => {
    const news0 = `# The neutral facts of each article.
articles:
  - id: congo
    category: factory
    date: "2025-06"
  - id: school
    category: company
    date: "2025-06-02"
`
    const news1 = edit(news0, 'date: "2025-06-02"', 'date: "2025-06-03"')
    expect(shown(fileChanges(NEWS_ENTRY, NEWS_DATA, news0, news1))).toEqual([
      {
        kind: 'changed',
        field: ['fr', 'articles', 1, 'date'],
        beforeField: ['fr', 'articles', 1, 'date'],
        lang: 'fr',
        before: '2025-06-02',
        after: '2025-06-03',
      },
    ])
    // Outside the articles, nothing of the page.
    const header = edit(news1, 'articles:\n', 'format: 2\narticles:\n')
    expect(fileChanges(NEWS_ENTRY, NEWS_DATA, news1, header)).toEqual([])
    // Nor of an entry that is no page.
    expect(fileChanges(SITE, NEWS_DATA, news0, news1)).toEqual([])

    // French, then English, then the data, whatever the maps' order.
    const newsFr0 = 'title: "Actualités"\nblocks:\n  - type: newsList\n    id: articles\n'
    const newsFr1 = edit(newsFr0, 'Actualités', 'Nos actualités')
    const changes = commitChanges(
      NEWS_ENTRY,
      new Map([
        [NEWS_DATA, news0],
        [NEWS_EN, 'title: "News"\n'],
        [NEWS_FR, newsFr0],
      ]),
      new Map([
        [NEWS_DATA, news1],
        [NEWS_EN, 'title: "Latest news"\n'],
        [NEWS_FR, newsFr1],
        ['content/translations/en/news.yaml', 'title: abc\n'],
      ]),
    )
    expect(changes.map((c) => c.field)).toEqual([
      ['fr', 'title'],
      ['en', 'title'],
      ['fr', 'articles', 1, 'date'],
    ])

    // The whole version: the page's words with the articles' facts under its French.
    const value = entryAt(
      NEWS_ENTRY,
      new Map([
        [NEWS_FR, newsFr1],
        [NEWS_EN, 'title: "Latest news"\n'],
        [NEWS_DATA, news1],
      ]),
    ) as { fr: { title: string; articles: { date: string }[] }; en: { title: string } }
    expect(value.fr.title).toBe('Nos actualités')
    expect(value.fr.articles.map((a) => a.date)).toEqual(['2025-06', '2025-06-03'])
    expect(value.en.title).toBe('Latest news')
  })

  it('a settings file: its own fields, no language', () => {
    const site0 = 'company:\n  name: "Transfo"\n  phone: "+216 70 000 000"\nsocial:\n  - facebook\n'
    const site1 = edit(
      edit(site0, '000 000', '000 001'),
      '  - facebook\n',
      '  - facebook\n  - linkedin\n',
    )
    expect(shown(fileChanges(SITE, SITE, site0, site1))).toEqual([
      {
        kind: 'changed',
        field: ['company', 'phone'],
        beforeField: ['company', 'phone'],
        before: '+216 70 000 000',
        after: '+216 70 000 001',
        diff: expect.any(Array),
      },
      { kind: 'added', field: ['social', 1], before: undefined, after: 'linkedin' },
    ])
    expect(fileChanges(SITE, 'content/data/logos.yaml', site0, site1)).toEqual([])
  })

  it('broken YAML on one side: one change of the whole file, never a throw', () => {
    const broken = `${fr1}  - type: [oops\n`
    const changes = fileChanges(ENTRY, FR, fr1, broken)
    expect(shown(changes)).toEqual([
      {
        kind: 'unreadable',
        field: ['fr'],
        beforeField: ['fr'],
        lang: 'fr',
        before: expect.objectContaining({ title: 'Nos formations pour vos équipes' }),
        after: undefined,
        unreadable: 'after',
      },
    ])
    expect(fileChanges(ENTRY, FR, broken, fr1)[0]).toMatchObject({ unreadable: 'before' })
    expect(fileChanges(SITE, SITE, 'a: [', 'a: {')[0]).toMatchObject({
      kind: 'unreadable',
      field: [],
      unreadable: 'both',
    })
    // The broken file's value is put back whole; the text before a broken one cannot be.
    const form = { fr: { title: 'x' }, en: { title: 'y' } }
    expect(restoreValue(form, changes[0] as FieldChange)).toEqual({
      value: {
        fr: expect.objectContaining({ title: 'Nos formations pour vos équipes' }),
        en: { title: 'y' },
      },
    })
    expect(restoreValue(form, fileChanges(ENTRY, FR, broken, fr1)[0] as FieldChange)).toEqual({
      problem: expect.stringContaining('mal écrit'),
    })
    expect(() =>
      entryAt(
        ENTRY,
        new Map([
          [FR, broken],
          [EN, en0],
        ]),
      ),
    ).toThrow(UnreadableVersion)
    expect(() => entryAt(ENTRY, new Map([[FR, null]]))).toThrow(/n'existait pas/)
  })
})

/** `fr` with the `intra` card moved to the end of its list. */
function moveIntraLast(fr: string): string {
  const intra = `      - id: intra
        title: "Intra-entreprise"
        paragraphs:
          - "${PARAGRAPH}"
`
  return `${edit(fr, intra, '')}${intra}`
}

type Version = { id: string; date: string; tree: Record<string, string | null> }

/** The history of a repository in memory, oldest first: what a git host answers, its calls counted. */
function fakeHost(versions: Version[], { edge = 0 }: { edge?: number } = {}) {
  const calls = { commits: 0, textsAt: [] as { ref: string; paths: string[] }[] }
  const index = (id: string) => versions.findIndex((v) => v.id === id)
  const changed = (i: number, paths: readonly string[]) =>
    paths.filter((p) => (versions[i]?.tree[p] ?? null) !== (versions[i - 1]?.tree[p] ?? null))
  const host: HistoryHost = {
    async commits(paths, { from, limit }) {
      calls.commits++
      const commits: HistoryCommit[] = []
      const listed = new Map<string, number>()
      for (let i = from ? index(from) : versions.length - 1; i >= edge; i--) {
        if (paths.every((p) => (listed.get(p) ?? 0) >= limit)) break
        const files = changed(i, paths)
        if (!files.length) continue
        for (const f of files) listed.set(f, (listed.get(f) ?? 0) + 1)
        const v = versions[i] as Version
        commits.push({
          id: v.id,
          parent: i > edge ? (versions[i - 1] as Version).id : null,
          date: v.date,
          author: 'Amel',
          message: `Mise à jour ${v.id}`,
          files,
        })
      }
      return edge ? { commits, shallow: true } : { commits }
    },
    async textsAt(ref, paths) {
      calls.textsAt.push({ ref, paths: [...paths] })
      const tree = versions[index(ref)]?.tree ?? {}
      return new Map(paths.map((p) => [p, tree[p] ?? null]))
    },
  }
  return { host, calls }
}

const SITE_TEXT = 'company:\n  name: "Transfo"\n'
const versions: Version[] = [
  {
    id: 'c0',
    date: '2025-01-01T10:00:00+01:00',
    tree: { [FR]: fr0, [EN]: en0, [SITE]: SITE_TEXT },
  },
  {
    id: 'c1',
    date: '2025-02-01T10:00:00+01:00',
    tree: { [FR]: fr1, [EN]: en0, [SITE]: SITE_TEXT },
  },
  {
    id: 'c2',
    date: '2025-03-01T10:00:00+01:00',
    tree: { [FR]: fr2, [EN]: en2, [SITE]: SITE_TEXT },
  },
  { id: 'cx', date: '2025-03-15T10:00:00+01:00', tree: { [FR]: fr2, [EN]: en2, [SITE]: 'a: 1\n' } },
  { id: 'c3', date: '2025-04-01T10:00:00+01:00', tree: { [FR]: fr3, [EN]: en2, [SITE]: 'a: 1\n' } },
]

describe('readHistory', () => {
  it("lists the entry's saves newest first, each with its changes, reading each commit once", async () => {
    const { host, calls } = fakeHost(versions)
    const page = await readHistory(host, ENTRY, [FR, EN], { limit: 20 })
    expect(page.saves.map((s) => s.id)).toEqual(['c3', 'c2', 'c1', 'c0'])
    expect(page.next).toBeUndefined()
    expect(page.shallow).toBeUndefined()
    const [s3, s2, s1, s0] = page.saves.map((s) => shown(s.changes))
    expect(s3).toEqual([
      {
        kind: 'changed',
        field: [...ITEMS, 2, 'paragraphs', 0],
        beforeField: [...ITEMS, 2, 'paragraphs', 0],
        lang: 'fr',
        before: PARAGRAPH_2,
        after: PARAGRAPH,
        diff: expect.any(Array),
      },
    ])
    expect(s2?.map((c) => [c.kind, c.field.join('.'), c.lang])).toEqual([
      ['added', 'fr.blocks.1.items.1', 'fr'],
      ['changed', 'fr.blocks.1.items.2.paragraphs.0', 'fr'],
      ['changed', 'en.blocks.1.items.1.title', 'en'],
    ])
    expect(s2?.[2]).toMatchObject({ before: 'Intra-company', after: 'Intra-company, at your site' })
    expect(s1).toMatchObject([{ field: ['fr', 'title'], after: 'Nos formations pour vos équipes' }])
    // The first commit created both files: the host listed all their commits, nothing is read before.
    expect(s0).toMatchObject([
      { kind: 'added', field: ['fr'], before: undefined },
      { kind: 'added', field: ['en'], before: undefined },
    ])
    expect(page.saves[1]).toMatchObject({ author: 'Amel', message: 'Mise à jour c2', parent: 'c1' })
    // One read per commit, each with the files it needs there: c2's French and English together.
    expect(calls.commits).toBe(1)
    expect(page.reads).toBe(4)
    expect(calls.textsAt.map((c) => c.ref).sort()).toEqual(['c0', 'c1', 'c2', 'c3'])
    expect(calls.textsAt.find((c) => c.ref === 'c2')?.paths.sort()).toEqual([EN, FR])
  })

  it('pages with `next`: the second page starts at the first commit not shown, none twice', async () => {
    const { host, calls } = fakeHost(versions)
    const first = await readHistory(host, ENTRY, [FR, EN], { limit: 2 })
    expect(first.saves.map((s) => s.id)).toEqual(['c3', 'c2'])
    expect(first.next).toBe('c1')
    // c2's befores are read where they were written: c1 (French), c0 (English).
    expect(first.reads).toBe(4)
    expect(first.saves[1]?.changes.map((c) => c.field.join('.'))).toEqual([
      'fr.blocks.1.items.1',
      'fr.blocks.1.items.2.paragraphs.0',
      'en.blocks.1.items.1.title',
    ])
    const second = await readHistory(host, ENTRY, [FR, EN], { from: first.next, limit: 2 })
    expect(second.saves.map((s) => s.id)).toEqual(['c1', 'c0'])
    expect(second.next).toBeUndefined()
    expect(second.reads).toBe(2)
    expect(second.saves[0]?.changes.map((c) => c.field.join('.'))).toEqual(['fr.title'])
    expect(calls.textsAt).toHaveLength(6)
  })

  it('a commit with no value changed stays listed, with no change', async () => {
    const { host } = fakeHost([
      ...versions,
      { id: 'c4', date: '2025-05-01', tree: { [FR]: `# Relu.\n${fr3}`, [EN]: en2 } },
    ])
    const page = await readHistory(host, ENTRY, [FR, EN], { limit: 1 })
    expect(page.saves).toMatchObject([{ id: 'c4', changes: [] }])
    expect(page.next).toBe('c3')
  })

  it('a shallow clone: passed on; a text before its edge is read at the parent or left out', async () => {
    const { host } = fakeHost(versions, { edge: 2 })
    const page = await readHistory(host, ENTRY, [FR, EN], { limit: 20 })
    expect(page.shallow).toBe(true)
    expect(page.saves.map((s) => s.id)).toEqual(['c3', 'c2'])
    const edge = page.saves[1]
    // The edge's texts before it are not in the clone: no file shown as created there.
    expect(edge).toMatchObject({ id: 'c2', parent: null, beforeUnknown: true, changes: [] })
    expect(page.saves[0]?.beforeUnknown).toBeUndefined()

    // The English file's only listed commit is not the edge: its text before is its parent's.
    const { host: host3 } = fakeHost(
      [
        ...versions.slice(0, 3),
        {
          id: 'c4',
          date: '2025-05-01',
          tree: { [FR]: fr2, [EN]: edit(en2, 'Training centre"', 'Our training centre"') },
        },
      ],
      { edge: 2 },
    )
    const cut = await readHistory(host3, ENTRY, [FR, EN], { limit: 20 })
    expect(cut.saves[0]?.changes).toMatchObject([
      { kind: 'changed', field: ['en', 'heading'], before: 'Training centre' },
    ])
  })

  it('a broken commit is listed with its one change, not a failure', async () => {
    const { host } = fakeHost([
      ...versions,
      { id: 'c4', date: '2025-05-01', tree: { [FR]: `${fr3}  - [`, [EN]: en2 } },
    ])
    const page = await readHistory(host, ENTRY, [FR, EN], { limit: 1 })
    expect(page.saves[0]?.changes).toMatchObject([{ kind: 'unreadable', unreadable: 'after' }])
  })
})

type Card = { id: string; title: string; paragraphs: string[] }

describe('restoreValue', () => {
  const history = async () => {
    const page = await readHistory(fakeHost(versions).host, ENTRY, [FR, EN], { limit: 20 })
    const [s3, s2, s1] = page.saves
    return { s3, s2, s1 } as Record<'s1' | 's2' | 's3', { changes: FieldChange[] }>
  }
  const current = () =>
    entryAt(
      ENTRY,
      new Map([
        [FR, fr3],
        [EN, en2],
      ]),
    ) as Record<'fr' | 'en', { title: string; blocks: { items?: Card[] }[] }>
  const items = (value: unknown, lang: 'fr' | 'en' = 'fr') =>
    (value as ReturnType<typeof current>)[lang].blocks[1]?.items ?? []

  it("puts the first save's value back; the later saves' values stay", async () => {
    const { s1 } = await history()
    const form = current()
    const restored = restoreValue(form, s1.changes[0] as FieldChange)
    expect(restored).toEqual({
      value: { ...form, fr: { ...form.fr, title: 'Nos formations pour les entreprises' } },
    })
    if (!('value' in restored)) throw new Error('restored')
    expect(items(restored.value).map((i) => i.id)).toEqual([
      'inter',
      'distance',
      'intra',
      'sur-mesure',
    ])
    expect(items(restored.value, 'en')[1]?.title).toBe('Intra-company, at your site')
    // The form given is not changed.
    expect(form.fr.title).toBe('Nos formations pour vos équipes')
  })

  it('finds the item where it is now: moved since, items inserted before it', async () => {
    const { s2, s3 } = await history()
    const form = current()
    const list = items(form)
    const moved = [
      { id: 'nouveau', title: 'Nouveau', paragraphs: [] },
      ...list.filter((i) => i.id !== 'intra'),
      list.find((i) => i.id === 'intra'),
    ]
    const formMoved = {
      ...form,
      fr: { ...form.fr, blocks: [form.fr.blocks[0], { ...form.fr.blocks[1], items: moved }] },
    }
    // Save 3 put intra's text back: undoing it brings save 2's text again, where intra is now.
    const restored = restoreValue(formMoved, s3.changes[0] as FieldChange)
    if (!('value' in restored)) throw new Error(restored.problem)
    const after = items(restored.value)
    expect(after.map((i) => i.id)).toEqual(['nouveau', 'inter', 'distance', 'sur-mesure', 'intra'])
    expect(after[4]?.paragraphs).toEqual([PARAGRAPH_2])
    expect(after[4]?.title).toBe('Intra-entreprise')
    // The English change: the English list as it was.
    const en = s2.changes.find((c) => c.lang === 'en') as FieldChange
    const english = restoreValue(formMoved, en)
    if (!('value' in english)) throw new Error(english.problem)
    expect(items(english.value, 'en').map((i) => i.title)).toEqual([
      'Inter-company',
      'Intra-company',
      'Tailor-made, with audit',
    ])
  })

  it('an item added is taken out, an item removed goes back after the item it followed', async () => {
    const { s2 } = await history()
    const form = current()
    const added = s2.changes.find((c) => c.kind === 'added') as FieldChange
    const out = restoreValue(form, added)
    if (!('value' in out)) throw new Error(out.problem)
    expect(items(out.value).map((i) => i.id)).toEqual(['inter', 'intra', 'sur-mesure'])
    // Taken out already: said, nothing changed.
    expect(restoreValue(out.value, added)).toEqual({
      problem: expect.stringContaining('« À distance »'),
    })

    // The removal of `distance` undone, in a form where `inter` went to the end since.
    const removal = fileChanges(ENTRY, FR, fr3, fr1).find(
      (c) => c.kind === 'removed',
    ) as FieldChange
    expect(removal).toMatchObject({ field: [...ITEMS, 1], beforeField: [...ITEMS, 1] })
    const form1 = entryAt(
      ENTRY,
      new Map([
        [FR, fr1],
        [EN, en2],
      ]),
    )
    const reordered = restoreValue(form1, removal)
    if (!('value' in reordered)) throw new Error(reordered.problem)
    expect(items(reordered.value).map((i) => i.id)).toEqual([
      'inter',
      'distance',
      'intra',
      'sur-mesure',
    ])
    const list = items(form1)
    const interLast = {
      ...(form1 as object),
      fr: {
        ...(form1 as ReturnType<typeof current>).fr,
        blocks: [
          (form1 as ReturnType<typeof current>).fr.blocks[0],
          { items: [...list.slice(1), list[0]] },
        ],
      },
    }
    const back = restoreValue(interLast, removal)
    if (!('value' in back)) throw new Error(back.problem)
    expect(items(back.value).map((i) => i.id)).toEqual(['intra', 'sur-mesure', 'inter', 'distance'])
    expect(restoreValue(back.value, removal)).toEqual({
      problem: expect.stringContaining('déjà présent'),
    })
  })

  it('a reorder undone: the items back in their order', () => {
    const [change] = fileChanges(ENTRY, FR, fr0, moveIntraLast(fr0))
    const form = entryAt(
      ENTRY,
      new Map([
        [FR, moveIntraLast(fr0)],
        [EN, en0],
      ]),
    )
    const restored = restoreValue(form, change as FieldChange)
    if (!('value' in restored)) throw new Error(restored.problem)
    expect(items(restored.value).map((i) => i.id)).toEqual(['inter', 'intra', 'sur-mesure'])
  })

  it("an item gone since: a problem in French, the form's value untouched", async () => {
    const { s2 } = await history()
    const form = current()
    const gone = {
      ...form,
      fr: {
        ...form.fr,
        blocks: [
          form.fr.blocks[0],
          { ...form.fr.blocks[1], items: items(form).filter((i) => i.id !== 'intra') },
        ],
      },
    }
    const change = s2.changes.find((c) => c.kind === 'changed' && c.lang === 'fr') as FieldChange
    expect(restoreValue(gone, change)).toEqual({
      problem:
        "Cet élément n'existe plus : « Intra-entreprise ». Il a été retiré depuis cet enregistrement : la valeur n'a pas été rétablie.",
    })
    const noBlocks = { ...form, fr: { title: 'x' } }
    expect(restoreValue(noBlocks, change)).toEqual({
      problem: expect.stringContaining("n'existe plus"),
    })
    // The file's creation has no version before it.
    const page = await readHistory(fakeHost(versions).host, ENTRY, [FR, EN], { limit: 20 })
    const created = page.saves.at(-1)?.changes[0] as FieldChange
    expect(restoreValue(form, created)).toEqual({
      problem: expect.stringContaining('créé ce contenu'),
    })
  })
})
