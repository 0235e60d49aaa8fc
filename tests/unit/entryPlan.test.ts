// The save path's core on files held in memory: what the published editor
// runs in the browser on the repository it read through the git host's API, and the dev server
// on the disk. Reading an entry, planning its save: the files that change (only those, edited in
// place), or every problem at the entry's field, the source left untouched.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse, stringify } from 'yaml'
import { checkRules, projectDirs } from '../../scripts/lib/content/load.ts'
import { listFiles } from '../../scripts/lib/files.ts'
import { type ContentSource, memorySource } from '../../templates/core/content/source.ts'
import {
  englishFiles,
  recordPathOf,
  recordText,
} from '../../templates/core/content/translationRecords.ts'
import { planEntry, readEntryFrom } from '../../templates/core/editor/entryPlan.ts'

const good = fileURLToPath(new URL('../fixtures/good', import.meta.url))
const rules = checkRules(projectDirs(good).schemas)
const HOME = 'content/pages/home.yaml'
/** The record of the English home's translations, which every save keeps. */
const HOME_RECORD = 'content/translations/en/home.yaml'

/**
 * The good tree as the browser holds it: texts by path, names under public/; with the complete
 * translation record the site's content has.
 */
function goodSource(): ContentSource {
  const content = new Map(
    listFiles(join(good, 'content')).map((rel) => [
      `content/${rel}`,
      readFileSync(join(good, 'content', rel), 'utf8'),
    ]),
  )
  const names = listFiles(join(good, 'public')).map((f) => `/${f}`)
  const read = memorySource(content, names)
  for (const en of englishFiles(read))
    content.set(recordPathOf(en), recordText(read, rules.schemas, en, new Set()) as string)
  return memorySource(content, names)
}

type Block = { heading?: string; type: string }
type Page = { title: string; blocks: Block[] }
const firstBlock = (page: Page) => page.blocks[0] as Block
const homeValue = (source: ContentSource) =>
  parse(readEntryFrom(source, HOME).data as string) as { fr: Page; en: Page }

/** The lines of `after` not in `before`, and those of `before` gone. */
function lineChanges(before: string, after: string) {
  const a = before.split('\n')
  const b = after.split('\n')
  return { added: b.filter((l) => !a.includes(l)), removed: a.filter((l) => !b.includes(l)) }
}

describe('planEntry on a source in memory', () => {
  it('a heading changed in both languages: the two files and the record, one line each', () => {
    const source = goodSource()
    const before = new Map(source.content)
    const value = homeValue(source)
    firstBlock(value.fr).heading = 'Transformateurs depuis 1966, à Tunis'
    firstBlock(value.en).heading = 'Transformers since 1966, in Tunis'
    const plan = planEntry(source, rules, HOME, value)
    if (!plan.saved) throw new Error(JSON.stringify(plan.problems))
    expect([...plan.changed.keys()].sort()).toEqual([
      'content/en/home.yaml',
      'content/fr/home.yaml',
      HOME_RECORD,
    ])
    for (const [path, text] of plan.changed) {
      const { added, removed } = lineChanges(source.content.get(path) as string, text as string)
      expect(added).toHaveLength(1)
      expect(removed).toHaveLength(1)
    }
    expect(plan.removed).toEqual([])
    expect(source.content).toEqual(before)
  })

  it('an unchanged save changes no file', () => {
    const source = goodSource()
    const plan = planEntry(source, rules, HOME, homeValue(source))
    expect(plan).toMatchObject({ saved: true, removed: [] })
    expect(plan.saved && [...plan.changed]).toEqual([])
  })

  it('an English title left empty is refused at its field, in validate’s words', () => {
    const source = goodSource()
    const value = homeValue(source)
    value.en.title = ''
    const plan = planEntry(source, rules, HOME, value)
    expect(plan.saved).toBe(false)
    if (plan.saved) return
    expect(plan.problems).toEqual([
      expect.objectContaining({
        file: 'content/en/home.yaml',
        key: 'title',
        field: ['en', 'title'],
      }),
    ])
    expect(plan.problems[0]?.line).toBe(1)
  })

  it('a link to a file under public/ is refused until the save uploads it', () => {
    const source = goodSource()
    const text = source.content.get('content/fr/capacitor-banks.yaml') as string
    const value = parse(readEntryFrom(source, 'content/pages/capacitor-banks.yaml').data as string)
    const raw = stringify(value).replaceAll(
      '/docs/catalogue-batteries.pdf',
      '/docs/tarifs-2027.pdf',
    )
    const edited = parse(raw)
    const refused = planEntry(source, rules, 'content/pages/capacitor-banks.yaml', edited)
    expect(refused.saved).toBe(false)
    if (!refused.saved)
      expect(refused.problems.map((p) => p.field?.[0])).toEqual(
        expect.arrayContaining(['fr', 'en']),
      )
    const upload = ['public/docs/tarifs-2027.pdf']
    const plan = planEntry(source, rules, 'content/pages/capacitor-banks.yaml', edited, {
      uploads: upload,
    })
    expect(plan.saved).toBe(true)
    expect(source.content.get('content/fr/capacitor-banks.yaml')).toBe(text)
  })

  it('reads the same entry the dev server reads from the disk', async () => {
    const { readEntry } = await import('../../scripts/lib/cms/entries.ts')
    expect(readEntryFrom(goodSource(), HOME)).toEqual(readEntry(good, HOME))
  })
})

describe('a save over an entry changed since the form opened', () => {
  /** The source with the English home's title changed by someone else. */
  function changedMeanwhile(source: ContentSource, title: string): ContentSource {
    const en = source.content.get('content/en/home.yaml') as string
    const content = new Map(source.content)
    content.set('content/en/home.yaml', en.replace(/^title: .*$/m, `title: ${title}`))
    return memorySource(content, source.public.toJSON())
  }

  it('another value changed meanwhile is kept: only the form’s change is applied', () => {
    const opened = goodSource()
    const base = readEntryFrom(opened, HOME).data as string
    const value = homeValue(opened)
    firstBlock(value.fr).heading = 'Transformateurs depuis 1966, à Tunis'
    const now = changedMeanwhile(opened, 'Home, since 1966')
    const plan = planEntry(now, rules, HOME, value, { base })
    if (!plan.saved) throw new Error(JSON.stringify(plan.problems))
    // The record: their English title, reworded, recorded against the French now.
    expect([...plan.changed.keys()]).toEqual(['content/fr/home.yaml', HOME_RECORD])
    // Without the base, the form's old English title would have overwritten theirs.
    const blind = planEntry(now, rules, HOME, value)
    expect(blind.saved && [...blind.changed.keys()].sort()).toEqual([
      'content/en/home.yaml',
      'content/fr/home.yaml',
    ])
  })

  it('the same value changed by both is refused at its field, in French, showing theirs', () => {
    const opened = goodSource()
    const base = readEntryFrom(opened, HOME).data as string
    const value = homeValue(opened)
    value.en.title = 'Welcome'
    const now = changedMeanwhile(opened, 'Home, since 1966')
    const plan = planEntry(now, rules, HOME, value, { base })
    expect(plan.saved).toBe(false)
    if (plan.saved) return
    expect(plan.problems).toEqual([
      expect.objectContaining({
        file: 'content/en/home.yaml',
        line: 1,
        col: 8,
        key: 'title',
        field: ['en', 'title'],
      }),
    ])
    expect(plan.problems[0]?.fr).toMatch(/« Home, since 1966 ».*« Welcome »/)
    expect(plan.problems[0]?.message).toMatch(/"Home, since 1966".*"Welcome"/)
    // Saved again from the same form: the editor has seen theirs and keeps theirs own.
    const again = planEntry(now, rules, HOME, value, { base: plan.rebase })
    if (!again.saved) throw new Error(JSON.stringify(again.problems))
    expect(again.changed.get('content/en/home.yaml')).toMatch(/^title: Welcome$/m)
  })
})
