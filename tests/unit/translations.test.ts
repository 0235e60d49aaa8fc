// Translations that stay true: the record of what French each English value was
// translated from, the rules that tell an outdated value from a rewording or a re-translation, key
// paths that survive a reorder, an insert and a delete, and a malformed record reported by the
// check at its line. On this repository's content, held in memory with each change laid over it.
import { describe, expect, it } from 'vitest'
import { diskSource } from '../../scripts/lib/content/diskSource.ts'
import { checkContent, checkRules, projectDirs } from '../../scripts/lib/content/load.ts'
import { type ContentSource, overlaySource } from '../../templates/core/content/source.ts'
import {
  englishFiles,
  frenchInError,
  outdatedEntries,
  outdatedTranslations,
  readRecord,
  recordPathOf,
  recordText,
  translatedValues,
} from '../../templates/core/content/translationRecords.ts'
import { repo } from './fixtureTree.ts'

const dirs = projectDirs(repo)
const rules = checkRules(dirs.schemas)
const { schemas } = rules
const today = diskSource(dirs)

const EN = 'content/en/training.yaml'
const FR = 'content/fr/training.yaml'
const PARAGRAPH_FR =
  "Notre centre de formation partage l'expérience de nos ingénieurs et techniciens avec les entreprises : des formations pratiques, animées par des professionnels, dans nos locaux ou sur votre site."
const PARAGRAPH_EN =
  'Our training centre shares the experience of our engineers and technicians with companies: practical courses led by professionals, on our premises or at your site.'
const PARAGRAPH_KEY = 'blocks.presentation.paragraphs.0'

type Edit = [file: string, from: string, to: string]

/** `source` with each text replaced once in its file (a stale edit fails). */
function edited(source: ContentSource, ...edits: Edit[]): ContentSource {
  const files = new Map<string, string>()
  for (const [file, from, to] of edits) {
    const text = files.get(file) ?? source.content.get(file) ?? ''
    if (!text.includes(from)) throw new Error(`${file}: ${from} not found`)
    files.set(file, text.replace(from, to))
  }
  return overlaySource(source, files)
}

/** `source` with `enFile`'s record rewritten as a save of it would (`accepted` reviewed). */
function recorded(
  source: ContentSource,
  enFile: string,
  accepted: 'outdated' | ReadonlySet<string> = new Set(),
): ContentSource {
  const text = recordText(source, schemas, enFile, accepted)
  return text === null ? source : overlaySource(source, new Map([[recordPathOf(enFile), text]]))
}

const keysOf = (source: ContentSource) =>
  outdatedTranslations(source, schemas).map((o) => o.keyPath)

/** 1-based line and column of the first `text` in `file`. */
function placeOf(source: ContentSource, file: string, text: string) {
  const all = source.content.get(file) ?? ''
  const before = all.slice(0, all.indexOf(text))
  const lines = before.split('\n')
  return { line: lines.length, col: (lines.at(-1)?.length ?? 0) + 1 }
}

describe("today's content", () => {
  it('has a record for every English file, complete and current: nothing outdated, nothing to write', () => {
    const files = englishFiles(today)
    expect(files).toContain('content/i18n/en.yaml')
    expect(files.length).toBeGreaterThan(20)
    for (const f of files) {
      expect(today.content.has(recordPathOf(f)), recordPathOf(f)).toBe(true)
      expect(recordText(today, schemas, f, new Set()), f).toBeNull()
      expect(recordText(today, schemas, f, 'outdated'), f).toBeNull()
    }
    expect(outdatedTranslations(today, schemas)).toEqual([])
    expect(checkContent(today, rules).problems).toEqual([])
  })

  it('records words only: no id, type, link target or language setting', () => {
    const keys = (translatedValues(today, schemas, 'content/en/home.yaml') ?? []).map(
      (v) => v.keyPath,
    )
    expect(keys).toContain('blocks.award-2024.texts.1.text')
    expect(keys.filter((k) => /\.(id|type|href|lang)$/.test(k))).toEqual([])
    const training = (translatedValues(today, schemas, EN) ?? []).map((v) => v.keyPath)
    expect(training).toContain('blocks.domaines.items.energie.links.0.label')
    expect(training).toContain('blocks.contacts-formation.items.1.role')
    expect(training).toContain('blocks.presentation.image.alt')
  })
})

describe('the rules', () => {
  const frenchChanged = edited(today, [FR, PARAGRAPH_FR, 'Désormais jusqu’à 72 kV.'])

  it('the French changed alone: outdated, at the English value, with the French before and now', () => {
    expect(outdatedTranslations(frenchChanged, schemas)).toEqual([
      {
        file: EN,
        ...placeOf(frenchChanged, EN, `"${PARAGRAPH_EN}"`),
        keyPath: PARAGRAPH_KEY,
        frBefore: PARAGRAPH_FR,
        frNow: 'Désormais jusqu’à 72 kV.',
        enNow: PARAGRAPH_EN,
      },
    ])
  })

  it("the French changed into a mistake: not a translation to review, given the check's problems", () => {
    const wrong = edited(today, [FR, PARAGRAPH_FR, 'Désormais [jusqu’à 72 kV](page:nope).'])
    const { problems } = checkContent(wrong, rules)
    expect(problems.map((p) => `${p.file} ${p.key}`)).toEqual([`${FR} blocks[0].paragraphs[0]`])
    // The record alone would call it outdated; the check's problem is the one message.
    expect(keysOf(wrong)).toEqual([PARAGRAPH_KEY])
    expect(outdatedTranslations(wrong, schemas, problems)).toEqual([])
    expect(outdatedEntries(wrong, schemas, EN, problems)).toEqual([])
    // A French value changed alone beside it is still outdated.
    const both = edited(wrong, [FR, 'title: "Énergie"', 'title: "Énergies renouvelables"'])
    expect(
      outdatedTranslations(both, schemas, checkContent(both, rules).problems).map((o) => o.keyPath),
    ).toEqual(['blocks.domaines.items.energie.title'])
  })

  it('a French value is in error by a problem at it, at its item (its id or type) or block, or at the file', () => {
    const at = (key: string, path: (string | number)[], file = FR) =>
      frenchInError([{ file, key }], FR, path)
    const title = ['blocks', 1, 'items', 0, 'title']
    expect(at('blocks[1].items[0].title', title)).toBe(true)
    expect(at('blocks[1].items[0].id', title)).toBe(true)
    expect(at('blocks[1].type', title)).toBe(true)
    expect(at('blocks[1]', title)).toBe(true)
    expect(at('(document)', title)).toBe(true)
    expect(at('(file)', title)).toBe(true)
    expect(at('blocks[1].items[0].title', title, EN)).toBe(false)
    expect(at('blocks[1].items[0].paragraphs[0]', title)).toBe(false)
    expect(at('blocks[1].items[1].id', ['blocks', 1, 'items', 10, 'title'])).toBe(false)
    expect(at('blocks[1].items[0].links[0].id', title)).toBe(false)
  })

  it('the English changed alone: a rewording, up to date', () => {
    expect(keysOf(edited(today, [EN, PARAGRAPH_EN, 'Our centre trains your teams.']))).toEqual([])
  })

  it('both changed: re-translated, up to date; and the next save records the new pair', () => {
    const both = edited(frenchChanged, [EN, PARAGRAPH_EN, 'From now on up to 72 kV.'])
    expect(keysOf(both)).toEqual([])
    const saved = recorded(both, EN)
    expect(readRecord(saved, EN).get(PARAGRAPH_KEY)?.fr).toBe('Désormais jusqu’à 72 kV.')
    expect(keysOf(saved)).toEqual([])
  })

  it('a new value written in both languages: up to date, and added by the next save', () => {
    const item = (title: string) =>
      `      - id: nouvelle\n        title: "${title}"\n        paragraphs:\n          - "${title}."\n      - id: intra\n`
    const added = edited(
      today,
      [FR, '      - id: intra\n', item('Nouvelle formule')],
      [EN, '      - id: intra\n', item('New format')],
    )
    expect(keysOf(added)).toEqual([])
    expect(readRecord(added, EN).has('blocks.formules.items.nouvelle.title')).toBe(false)
    const saved = recorded(added, EN)
    expect(readRecord(saved, EN).get('blocks.formules.items.nouvelle.title')?.fr).toBe(
      'Nouvelle formule',
    )
    // Nothing else of the record moved.
    const before = readRecord(today, EN)
    const after = readRecord(saved, EN)
    expect([...after].filter(([k]) => !k.includes('.nouvelle.'))).toEqual([...before])
  })

  it('a plain save keeps an outdated value outdated; a review makes it up to date until the French changes again', () => {
    const saved = recorded(frenchChanged, EN)
    expect(saved.content.get(recordPathOf(EN))).toBe(today.content.get(recordPathOf(EN)))
    expect(keysOf(saved)).toEqual([PARAGRAPH_KEY])

    const reviewed = recorded(frenchChanged, EN, new Set([PARAGRAPH_KEY]))
    expect(keysOf(reviewed)).toEqual([])
    expect(readRecord(reviewed, EN).get(PARAGRAPH_KEY)?.fr).toBe('Désormais jusqu’à 72 kV.')

    const again = edited(reviewed, [FR, 'Désormais jusqu’à 72 kV.', 'Jusqu’à 90 kV.'])
    expect(outdatedTranslations(again, schemas)).toMatchObject([
      { keyPath: PARAGRAPH_KEY, frBefore: 'Désormais jusqu’à 72 kV.', frNow: 'Jusqu’à 90 kV.' },
    ])
  })

  it("reviewing a file's outdated values ('outdated') or some of them (their key paths)", () => {
    const two = edited(frenchChanged, [
      FR,
      'heading: "Nos formules"',
      'heading: "Nos trois formules"',
    ])
    expect(keysOf(two)).toEqual(['blocks.presentation.paragraphs.0', 'blocks.formules.heading'])
    expect(keysOf(recorded(two, EN, new Set(['blocks.formules.heading'])))).toEqual([PARAGRAPH_KEY])
    expect(keysOf(recorded(two, EN, 'outdated'))).toEqual([])
  })

  it('editing the English of an outdated value records it as translated', () => {
    const translated = recorded(edited(frenchChanged, [EN, PARAGRAPH_EN, 'Now up to 72 kV.']), EN)
    expect(keysOf(translated)).toEqual([])
    // ...and a later French change shows again.
    expect(keysOf(edited(translated, [FR, 'Désormais jusqu’à 72 kV.', 'Jusqu’à 90 kV.']))).toEqual([
      PARAGRAPH_KEY,
    ])
  })

  it('UI strings are named by their dotted key; a news headline by its article id', () => {
    const ui = edited(today, ['content/i18n/fr.yaml', 'label: Menu principal', 'label: Menu'])
    expect(outdatedTranslations(ui, schemas)).toMatchObject([
      { file: 'content/i18n/en.yaml', keyPath: 'nav.label', frNow: 'Menu', enNow: 'Main menu' },
    ])
    const news = edited(today, [
      'content/fr/news.yaml',
      'title: Un transformateur de puissance de 25 MVA livré au Congo',
      'title: Un transformateur de 25 MVA livré au Congo',
    ])
    expect(keysOf(news)).toEqual(['blocks.articles.items.transformer-25-mva-congo.title'])
  })
})

describe('key paths by ids: a reorder, an insert, a delete change no other value', () => {
  const domaines = (text: string) => {
    const start = text.indexOf('  - type: cards\n    id: domaines')
    const end = text.indexOf('  - type: salesContacts')
    return { start, end, block: text.slice(start, end) }
  }
  /** The block `domaines` moved before `formules`, in one language's text. */
  const moved = (text: string) => {
    const { start, end, block } = domaines(text)
    const rest = text.slice(0, start) + text.slice(end)
    const at = rest.indexOf('  - type: cards\n    id: formules')
    return rest.slice(0, at) + block + rest.slice(at)
  }
  const withTexts = (source: ContentSource, texts: Record<string, string>) =>
    overlaySource(source, new Map(Object.entries(texts)))
  const text = (file: string) => today.content.get(file) ?? ''

  it('blocks reordered in both files: the record is unchanged, nothing outdated', () => {
    const reordered = withTexts(today, { [FR]: moved(text(FR)), [EN]: moved(text(EN)) })
    expect(checkContent(reordered, rules).problems).toEqual([])
    expect(keysOf(reordered)).toEqual([])
    expect(recordText(reordered, schemas, EN, new Set())).toBeNull()
  })

  it('a French change after a reorder of the French blocks only is still named by its block', () => {
    const changed = edited(withTexts(today, { [FR]: moved(text(FR)) }), [
      FR,
      'title: "Énergie"',
      'title: "Énergies"',
    ])
    expect(keysOf(changed)).toEqual(['blocks.domaines.items.energie.title'])
  })

  it('items reordered, one inserted, one deleted: only those entries change', () => {
    const swap = (t: string) => {
      const a = t.indexOf('      - id: communication')
      const b = t.indexOf('      - id: lean-management')
      const c = t.indexOf('      - id: energie')
      return t.slice(0, a) + t.slice(b, c) + t.slice(a, b) + t.slice(c)
    }
    const drop = (t: string) => {
      const a = t.indexOf('      - id: photovoltaique')
      const b = t.indexOf('      - id: electrotechnique')
      return t.slice(0, a) + t.slice(b)
    }
    const changed = withTexts(today, {
      [FR]: drop(swap(text(FR))),
      [EN]: drop(swap(text(EN))),
    })
    expect(checkContent(changed, rules).problems).toEqual([])
    expect(keysOf(changed)).toEqual([])
    const before = readRecord(today, EN)
    const after = readRecord(recorded(changed, EN), EN)
    expect([...before].filter(([k]) => !after.has(k)).map(([k]) => k)).toEqual([
      'blocks.domaines.items.photovoltaique.links.0.label',
      'blocks.domaines.items.photovoltaique.paragraphs.0',
      'blocks.domaines.items.photovoltaique.title',
    ])
    expect([...after].filter(([k, e]) => before.get(k)?.fr !== e.fr)).toEqual([])
  })

  it('a block inserted and another deleted in both files: the others keep their entries', () => {
    const insert = (t: string, heading: string) =>
      t.replace(
        '  - type: contactForm\n',
        `  - type: section\n    id: nouveau\n    heading: "${heading}"\n  - type: contactForm\n`,
      )
    const remove = (t: string) => {
      const { start, end } = domaines(t)
      return t.slice(0, start) + t.slice(end)
    }
    const changed = withTexts(today, {
      [FR]: remove(insert(text(FR), 'Nouveau')),
      [EN]: remove(insert(text(EN), 'New')),
    })
    expect(keysOf(changed)).toEqual([])
    const before = readRecord(today, EN)
    const after = readRecord(recorded(changed, EN), EN)
    expect([...after].filter(([k]) => !before.has(k)).map(([k]) => k)).toEqual([
      'blocks.nouveau.heading',
    ])
    expect(
      [...before].filter(([k]) => !after.has(k)).every(([k]) => k.startsWith('blocks.domaines.')),
    ).toBe(true)
    expect([...after].filter(([k, e]) => before.has(k) && before.get(k)?.fr !== e.fr)).toEqual([])
  })
})

describe('the record file', () => {
  const RECORD = recordPathOf(EN)
  const record = today.content.get(RECORD) ?? ''

  it('an entry for a value that no longer exists is no error, and the next write drops it', () => {
    const extra = overlaySource(
      today,
      new Map([[RECORD, `${record}blocks.gone.heading: { fr: "Parti", en: "00000000000000" }\n`]]),
    )
    expect(checkContent(extra, rules).problems).toEqual([])
    expect(keysOf(extra)).toEqual([])
    expect(recordText(extra, schemas, EN, new Set())).toBe(record)
  })

  it('a malformed record is a content problem at its line', () => {
    const lines = record.split('\n')
    const at = lines.findIndex((l) => l.startsWith('blocks.domaines.heading:'))
    lines[at] = 'blocks.domaines.heading: { fr: 12, en: "not a hash" }'
    const broken = overlaySource(today, new Map([[RECORD, lines.join('\n')]]))
    const problems = checkContent(broken, rules).problems
    expect(problems.map((p) => [p.file, p.line, p.key])).toEqual([
      [RECORD, at + 1, 'blocks.domaines.heading.fr'],
      [RECORD, at + 1, 'blocks.domaines.heading.en'],
    ])
    expect(problems.every((p) => p.fr.length > 0)).toBe(true)

    const syntax = overlaySource(today, new Map([[RECORD, `${record}blocks.x: { fr: "oops\n`]]))
    expect(checkContent(syntax, rules).problems).toMatchObject([
      { file: RECORD, line: record.split('\n').length },
    ])
    // A record that cannot be read marks nothing outdated and is rewritten whole by the next save.
    expect(keysOf(syntax)).toEqual([])
    expect(recordText(syntax, schemas, EN, new Set())).toBe(record)
  })

  it('is one line per value, sorted by key path, and reads back as written', () => {
    const entries = record.split('\n').filter((l) => l && !l.startsWith('#'))
    expect(entries.length).toBe(readRecord(today, EN).size)
    expect([...entries].sort()).toEqual(entries)
    const tricky = edited(today, [
      FR,
      `"${PARAGRAPH_FR}"`,
      `'Des "guillemets", un \\ et : deux-points # pas un commentaire'`,
    ])
    const saved = recorded(tricky, EN, 'outdated')
    expect(readRecord(saved, EN).get(PARAGRAPH_KEY)?.fr).toBe(
      'Des "guillemets", un \\ et : deux-points # pas un commentaire',
    )
    expect(checkContent(saved, rules).problems).toEqual([])
  })
})
