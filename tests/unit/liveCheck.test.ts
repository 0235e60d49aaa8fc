// The dev server checks the content again on each save, keeping the validation of the files that
// did not change (rememberValidations, for the last few cross-file contexts): what a save breaks
// in those files must still be reported, and what it mends no longer, as `npm run validate`
// reports it (a link to an anchor the save renamed, then a syntax error, then the fix).
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { collectContent, projectDirs } from '../../scripts/lib/content/load.ts'
import { formatProblem } from '../../templates/core/content/problems.ts'
import { removeTree, treeFrom } from './fixtureTree.ts'

const dir = treeFrom('real', {
  replace: [
    [
      'content/fr/home.yaml',
      'href: "page:presentation" }',
      'href: "page:presentation#key-figures" }',
    ],
  ],
})
const previous = process.env.SITE_ROOT
afterAll(() => {
  if (previous === undefined) delete process.env.SITE_ROOT
  else process.env.SITE_ROOT = previous
  removeTree(dir)
})

it('a save renaming an anchor reports the link to it in a page that did not change', async () => {
  process.env.SITE_ROOT = dir
  const model = await import('../../scripts/lib/content/model.ts')
  model.keepValidations()
  model.invalidateContent()
  expect(model.contentState().problems).toEqual([])

  const file = join(dir, 'content/fr/presentation.yaml')
  writeFileSync(file, readFileSync(file, 'utf8').replace('id: key-figures', 'id: figures'))
  model.invalidateContent([file])
  const expected = [
    'content/fr/home.yaml:38:49  blocks[2].buttons[0].href  page "presentation" has no #key-figures: its ids are #about, #who-we-are, #figures, #site, #covered-area, #employees, ...; link to one of them or drop the #part',
  ]
  expect(collectContent(projectDirs(dir)).problems.map(formatProblem)).toEqual(expected)
  expect(model.contentState().problems.map(formatProblem)).toEqual(expected)
})

it('a break then its fix: each save checked in the dev server as validate checks it', async () => {
  const model = await import('../../scripts/lib/content/model.ts')
  const file = join(dir, 'content/fr/presentation.yaml')
  const original = readFileSync(file, 'utf8')
  const saves = [
    original.replace(/^heading: .*$/m, 'heading: [Présentation'),
    original.replace('id: figures', 'id: key-figures'),
    original.replace(/^heading: .*$/m, 'heading: [Présentation'),
    original,
  ]
  for (const text of saves) {
    writeFileSync(file, text)
    model.invalidateContent([file])
    const validate = collectContent(projectDirs(dir)).problems.map(formatProblem)
    expect(model.contentState().problems.map(formatProblem)).toEqual(validate)
  }
  expect(model.contentState().problems.map(formatProblem)).toEqual([
    expect.stringContaining('has no #key-figures'),
  ])
})

it("a save of another file reports what an unchanged page's running text names", async () => {
  const model = await import('../../scripts/lib/content/model.ts')
  const at = (f: string) => join(dir, 'content', f)
  const original = (f: string) => readFileSync(at(f), 'utf8')
  const facts = original('data/facts.yaml')
  const news = original('fr/news.yaml')
  const presentation = original('fr/presentation.yaml')
  const saves: [string, string][] = [
    ['data/facts.yaml', facts.replace('  repairMaxKv: 36', '  repairMaxKv2: 36')],
    ['data/facts.yaml', facts],
    ['fr/news.yaml', news.replace('(page:pfebook)', '(page:presentation#site)')],
    ['fr/presentation.yaml', presentation.replace('      - id: site\n', '      - id: site-map\n')],
    ['fr/presentation.yaml', presentation],
    ['fr/news.yaml', news],
  ]
  const seen: string[][] = []
  for (const [file, text] of saves) {
    writeFileSync(at(file), text)
    model.invalidateContent([at(file)])
    const validate = collectContent(projectDirs(dir)).problems.map(formatProblem)
    expect(model.contentState().problems.map(formatProblem)).toEqual(validate)
    seen.push(validate.filter((p) => !p.includes('#key-figures')))
  }
  // A fact of content/fr/services.yaml's text, then a link of content/fr/news.yaml's text.
  expect(seen.map((problems) => problems.map((p) => p.split('  ')[0]?.split(':')[0]))).toEqual([
    ['content/fr/services.yaml', 'content/en/services.yaml'],
    [],
    [],
    ['content/fr/news.yaml', 'content/en/presentation.yaml'],
    [],
    [],
  ])
})

it("a French page emptied: the overlay's one message for it, not its English page's facts as missing", async () => {
  const model = await import('../../scripts/lib/content/model.ts')
  const file = join(dir, 'content/fr/presentation.yaml')
  const original = readFileSync(file, 'utf8')
  writeFileSync(file, '# yaml-language-server: $schema=../../schemas/page.schema.json\n')
  model.invalidateContent([file])
  const overlay = model.contentState().problems.map(formatProblem)
  expect(overlay).toEqual(collectContent(projectDirs(dir)).problems.map(formatProblem))
  expect(overlay.filter((p) => p.includes('presentation.yaml'))).toEqual([
    'content/fr/presentation.yaml:1:1  (document)  must be an object (got null)',
  ])
  writeFileSync(file, original)
  model.invalidateContent([file])
})
