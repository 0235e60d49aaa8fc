// The translation record in the editor's save: planEntry, the one save path of
// both editors, writes the record of the page's English file in the same plan as its words. A
// French change alone leaves the English « à revoir » (and says how many); a review in the form
// (the entry's review field, « Traduction à jour ») or an English edit records it; a colleague's
// review and my French edit of the same page merge as the content does.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { checkRules, projectDirs } from '../../scripts/lib/content/load.ts'
import { listFiles } from '../../scripts/lib/files.ts'
import {
  type ContentSource,
  memorySource,
  overlaySource,
} from '../../templates/core/content/source.ts'
import {
  englishFiles,
  outdatedTranslations,
  recordPathOf,
  recordText,
} from '../../templates/core/content/translationRecords.ts'
import { planEntry, readEntryFrom } from '../../templates/core/editor/entryPlan.ts'
import { REVIEW_FIELD, reviewMark } from '../../templates/core/editor/translationReview.ts'
import { REPO } from '../dev/site.ts'

const rules = checkRules(projectDirs(REPO).schemas)
const TRAINING = 'content/pages/training.yaml'
const RECORD = 'content/translations/en/training.yaml'

/** The site's content as the editor holds it, every record complete (as the repository's). */
function siteSource(): ContentSource {
  const read = memorySource(
    listFiles(join(REPO, 'content')).map((rel) => [
      `content/${rel}`,
      readFileSync(join(REPO, 'content', rel), 'utf8'),
    ]),
    listFiles(join(REPO, 'public')).map((f) => `/${f}`),
  )
  const records = new Map<string, string>()
  for (const en of englishFiles(read)) {
    const text = recordText(read, rules.schemas, en, new Set())
    if (text !== null) records.set(recordPathOf(en), text)
  }
  return overlaySource(read, records)
}

type Page = { title: string; description: string; [key: string]: unknown }
const entryValue = (source: ContentSource, path = TRAINING) =>
  parse(readEntryFrom(source, path).data as string) as { fr: Page; en: Page }

/** The plan's files laid over the source: the tree after the save. */
function saved(source: ContentSource, value: unknown, base?: string | null) {
  const plan = planEntry(source, rules, TRAINING, value, base === undefined ? {} : { base })
  if (!plan.saved) throw new Error(plan.problems.map((p) => p.message).join('\n'))
  return { plan, after: overlaySource(source, plan.changed) }
}

const outdated = (source: ContentSource) =>
  outdatedTranslations(source, rules.schemas).map((o) => `${o.file} ${o.keyPath}`)

describe('the record in the save of a page', () => {
  it('starts with nothing outdated', () => {
    expect(outdated(siteSource())).toEqual([])
  })

  it('a French title changed alone: the record kept, the English title à revoir, counted', () => {
    const source = siteSource()
    const value = entryValue(source)
    value.fr.title = 'Formations'
    const { plan, after } = saved(source, value)
    expect([...plan.changed.keys()]).toEqual(['content/fr/training.yaml'])
    expect(plan.saved && plan.toReview).toBe(1)
    expect(outdated(after)).toEqual(['content/en/training.yaml title'])
  })

  it('« Traduction à jour »: the review alone changes the record, one line, and nothing else', () => {
    const source = siteSource()
    const value = entryValue(source)
    value.fr.title = 'Formations'
    const first = saved(source, value).after
    const form = entryValue(first)
    form.en[REVIEW_FIELD] = [reviewMark('title', 'Formations')]
    const { plan, after } = saved(first, form)
    expect([...plan.changed.keys()]).toEqual([RECORD])
    const before = (first.content.get(RECORD) as string).split('\n')
    const lines = (plan.changed.get(RECORD) as string).split('\n')
    expect(lines.filter((l) => !before.includes(l))).toEqual([
      expect.stringMatching(/^title: \{ fr: "Formations", en: "[0-9a-f]+" \}$/),
    ])
    expect(plan.saved && plan.toReview).toBe(0)
    expect(outdated(after)).toEqual([])
    // The review field is the form's: no file holds it.
    expect(after.content.get('content/en/training.yaml')).not.toContain(REVIEW_FIELD)
  })

  it('the English edited: re-translated, recorded; a review of a French text since changed is not', () => {
    const source = siteSource()
    const value = entryValue(source)
    value.fr.title = 'Formations'
    value.fr.description = 'Nos formations.'
    const first = saved(source, value).after
    const form = entryValue(first)
    form.en.title = 'Training courses'
    // A mark left in the form from an earlier review, of another French text.
    form.en[REVIEW_FIELD] = [reviewMark('description', 'Une autre description.')]
    const { plan, after } = saved(first, form)
    expect([...plan.changed.keys()].sort()).toEqual(['content/en/training.yaml', RECORD])
    expect(plan.saved && plan.toReview).toBe(1)
    expect(outdated(after)).toEqual(['content/en/training.yaml description'])
  })

  it("a colleague's review and my French edit of the same page merge at the field", () => {
    const base = siteSource()
    // Theirs: the French title changed, then reviewed (two saves on the branch).
    const theirs = entryValue(base)
    theirs.fr.title = 'Formations'
    const changed = saved(base, theirs).after
    const reviewed = entryValue(changed)
    reviewed.en[REVIEW_FIELD] = [reviewMark('title', 'Formations')]
    const branch = saved(changed, reviewed).after
    // Mine, from the form opened before both: the French description changed.
    const mine = entryValue(base)
    mine.fr.description = 'Nos formations, en bref.'
    const { plan, after } = saved(branch, mine, readEntryFrom(base, TRAINING).data)
    expect([...plan.changed.keys()]).toEqual(['content/fr/training.yaml'])
    expect(entryValue(after).fr).toMatchObject({
      title: 'Formations',
      description: 'Nos formations, en bref.',
    })
    // Their review kept, my French change à revoir in English.
    expect(outdated(after)).toEqual(['content/en/training.yaml description'])
  })

  it('my review and their French edit of another value: both recorded, theirs à revoir', () => {
    const base = siteSource()
    const value = entryValue(base)
    value.fr.title = 'Formations'
    const opened = saved(base, value).after
    // Theirs, pushed after my form opened: the French description.
    const theirs = entryValue(opened)
    theirs.fr.description = 'Nos formations.'
    const branch = saved(opened, theirs).after
    const mine = entryValue(opened)
    mine.en[REVIEW_FIELD] = [reviewMark('title', 'Formations')]
    const { after } = saved(branch, mine, readEntryFrom(opened, TRAINING).data)
    expect(outdated(after)).toEqual(['content/en/training.yaml description'])
  })

  it("a news article's French headline changed alone: its English headline à revoir", () => {
    const source = siteSource()
    const path = 'content/pages/news.yaml'
    const value = entryValue(source, path) as unknown as {
      fr: { blocks: { items: { id: string; title: string }[] }[] }
    }
    const article = value.fr.blocks[0]?.items[0]
    if (!article) throw new Error('no article')
    article.title = 'Un transformateur de 25 MVA livré au Congo en juin'
    const plan = planEntry(source, rules, path, value)
    if (!plan.saved) throw new Error(plan.problems.map((p) => p.message).join('\n'))
    expect(outdated(overlaySource(source, plan.changed))).toEqual([
      `content/en/news.yaml blocks.articles.items.${article.id}.title`,
    ])
  })
})
