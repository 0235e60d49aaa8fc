// Block schemas, table-driven: valid and invalid cases side by side, with the exact message an
// editor gets for each invalid one.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { diskSource, readYamlFile } from '../../scripts/lib/content/diskSource.ts'
import { projectDirs } from '../../scripts/lib/content/load.ts'
import { diskSchemas } from '../../scripts/lib/content/schemasDisk.ts'
import { formatProblem } from '../../templates/core/content/problems.ts'
import type { Validator } from '../../templates/core/content/validator.ts'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const scratch = mkdtempSync(join(tmpdir(), 'schemas-'))
mkdirSync(join(scratch, 'content', 'en'), { recursive: true })
let validator: Validator

beforeAll(() => {
  validator = diskSchemas(join(repo, 'schemas')).validator({
    public: diskSource(projectDirs(join(repo, 'tests', 'fixtures', 'good'))).public,
    pageIds: new Set(['home', 'contact']),
    dataIds: new Map(),
    facts: { company: { founded: 1966 } },
  })
}, 60_000)

/** Validates a page whose only block is `block` (YAML lines indented under `- `). */
function problemsOfBlock(block: string): string[] {
  const path = join(scratch, 'content', 'en', 'sample.yaml')
  const indented = block
    .trim()
    .split('\n')
    .map((line, i) => (i === 0 ? `  - ${line}` : `    ${line}`))
    .join('\n')
  writeFileSync(path, `title: Sample\ndescription: A sample page.\nblocks:\n${indented}\n`)
  const { yaml, problems } = readYamlFile(path, scratch)
  if (problems.length) return problems.map(formatProblem)
  return validator.validate('page.schema.json', yaml).map(formatProblem)
}

const at = (position: string, key: string, message: string) =>
  `content/en/sample.yaml:${position}  ${key}  ${message}`

describe('section block', () => {
  it.each([
    [
      'heading and paragraphs',
      'type: section\nheading: About us\nparagraphs:\n  - "Since {{company.founded}}."',
      [],
    ],
    [
      'image, list and buttons',
      'type: section\nimage: { alt: A bank }\nimageSide: left\nlist: [One, Two]\nbuttons:\n  - { label: Contact, href: "page:contact", style: secondary }',
      [],
    ],
    ['tone and anchor id', 'type: section\nid: our-offer\ntone: muted', []],
    [
      'an empty heading',
      'type: section\nheading: ""',
      [at('5:14', 'blocks[0].heading', 'must be a non-empty string')],
    ],
    [
      'paragraphs written as one string',
      'type: section\nparagraphs: Just one.',
      [at('5:17', 'blocks[0].paragraphs', 'must be an array (got "Just one.")')],
    ],
    [
      'an empty paragraph list',
      'type: section\nparagraphs: []',
      [at('5:17', 'blocks[0].paragraphs', 'must list at least 1 item')],
    ],
    [
      'an unknown image side',
      'type: section\nimageSide: top',
      [at('5:16', 'blocks[0].imageSide', 'must be one of: "left", "right" (got "top")')],
    ],
    [
      'an anchor id with capitals and spaces',
      'type: section\nid: Our Offer',
      [
        at(
          '5:9',
          'blocks[0].id',
          'does not have the expected form (pattern ^[a-z][a-z0-9-]*$): Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.',
        ),
      ],
    ],
    [
      'a button without a link',
      'type: section\nbuttons:\n  - { label: Contact }',
      [at('6:9', 'blocks[0].buttons[0].href', 'is required but missing')],
    ],
    [
      'a button to a path that is not a link',
      'type: section\nbuttons:\n  - { label: Contact, href: contact }',
      [
        at(
          '6:33',
          'blocks[0].buttons[0].href',
          'must be a link: page:<page-id>, doc:<document-id>, a path starting with /, #fragment, https://, mailto: or tel:',
        ),
      ],
    ],
  ])('%s', (_name, block, expected) => {
    expect(problemsOfBlock(block)).toEqual(expected)
  })
})

describe('cards block', () => {
  it.each([
    [
      'cards with ids and titles',
      'type: cards\nitems:\n  - { id: one, title: One }\n  - { id: two, title: Two }',
      [],
    ],
    [
      'numbered cards in two columns with links',
      'type: cards\ncolumns: 2\nnumbered: true\nitems:\n  - id: one\n    title: One\n    links: [{ label: More, href: "page:home" }]',
      [],
    ],
    [
      'no items',
      'type: cards\nitems: []',
      [at('5:12', 'blocks[0].items', 'must list at least 1 item')],
    ],
    ['no items key', 'type: cards', [at('4:5', 'blocks[0].items', 'is required but missing')]],
    [
      'two cards with the same id',
      'type: cards\nitems:\n  - { id: one, title: One }\n  - { id: one, title: Again }',
      [
        at(
          '7:15',
          'blocks[0].items[1].id',
          'duplicate id "one": item 1 of this list already has it; give this one another id',
        ),
      ],
    ],
    [
      'a card without id',
      'type: cards\nitems:\n  - { title: One }',
      [at('6:9', 'blocks[0].items[0].id', 'is required but missing')],
    ],
    [
      'five columns',
      'type: cards\ncolumns: 5\nitems:\n  - { id: one, title: One }',
      [at('5:14', 'blocks[0].columns', 'must be one of: 2, 3, 4 (got number 5)')],
    ],
    [
      'numbered: "yes"',
      'type: cards\nnumbered: "yes"\nitems:\n  - { id: one, title: One }',
      [at('5:15', 'blocks[0].numbered', 'must be a boolean (got "yes")')],
    ],
  ])('%s', (_name, block, expected) => {
    expect(problemsOfBlock(block)).toEqual(expected)
  })
})
