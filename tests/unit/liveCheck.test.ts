// The dev server checks the content again on each save, keeping the validation of the files that
// did not change (rememberValidations, for the last few cross-file contexts): what a save breaks
// in those files must still be reported, and what it mends no longer, as `npm run validate`
// reports it (a link to an anchor the save renamed, then a syntax error, then the fix).
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { collectContent, projectDirs } from '../../scripts/lib/content/load.ts'
import { formatProblem } from '../../scripts/lib/content/problems.ts'
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
