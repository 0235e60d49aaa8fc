// Every problem the editor shows is in French. Our own checks write each message
// once with its English and French text (`Text`, templates/core/content/problems.ts: the type makes a
// problem without its French a compile error); the schema's messages are ours for the keywords
// validator.ts words, ajv-i18n's for the others. mistakes.test.ts checks the French of every
// planted mistake; this file checks that every keyword the schemas use has its French, so a
// keyword added to a schema without a row here, or whose French is missing, fails.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PublicFiles } from '../../templates/core/content/source.ts'
import { type SchemaFiles, schemaValidator } from '../../templates/core/content/validator.ts'
import type { YamlFile } from '../../templates/core/content/yamlFile.ts'
import type { Json } from '../../templates/lib/isObject.ts'
import { repo } from './fixtureTree.ts'

/** Keywords that never fail a value: annotations, and applicators whose parts report instead. */
const SILENT = new Set([
  '$comment',
  '$defs',
  '$ref',
  '$schema',
  'description',
  'title',
  'properties',
  'items',
  'allOf',
  'anyOf',
  'oneOf',
  'if',
  'then',
  'else',
  'x-description-fr',
  'x-title-fr',
  'x-enum-fr',
  'x-neutral',
  'x-rendered',
])

/** Each keyword that can fail, with a schema using it and a value it refuses. */
const FAILING: Record<string, { schema: Json; value: unknown }> = {
  type: { schema: { type: 'string' }, value: 12 },
  required: { schema: { type: 'object', required: ['title'] }, value: {} },
  additionalProperties: {
    schema: { type: 'object', properties: { a: {} }, additionalProperties: false },
    value: { b: 1 },
  },
  minLength: { schema: { type: 'string', minLength: 1 }, value: '' },
  enum: { schema: { enum: ['plain', 'muted'] }, value: 'loud' },
  const: { schema: { const: 'section' }, value: 'cards' },
  pattern: {
    schema: { type: 'string', pattern: '^[0-9]{4}$', 'x-description-fr': 'Quatre chiffres.' },
    value: '12',
  },
  minItems: { schema: { type: 'array', minItems: 1 }, value: [] },
  maxItems: { schema: { type: 'array', maxItems: 1 }, value: [1, 2] },
  minimum: { schema: { type: 'number', minimum: 1 }, value: 0 },
  maximum: { schema: { type: 'number', maximum: 1 }, value: 2 },
  exclusiveMinimum: { schema: { type: 'number', exclusiveMinimum: 0 }, value: 0 },
  minProperties: { schema: { type: 'object', minProperties: 1 }, value: {} },
  not: { schema: { not: { const: 'x' } }, value: 'x' },
  propertyNames: {
    schema: { type: 'object', propertyNames: { pattern: '^[a-z]+$' } },
    value: { Bad: 1 },
  },
  uniqueItems: { schema: { type: 'array', uniqueItems: true }, value: [1, 1] },
  discriminator: {
    schema: {
      type: 'object',
      required: ['type'],
      discriminator: { propertyName: 'type' },
      oneOf: [{ properties: { type: { const: 'section' } } }],
    },
    value: { type: 'carousel-3d' },
  },
  'x-asset': { schema: { type: 'string', 'x-asset': 'image' }, value: '/images/none.png' },
  'x-page': { schema: { type: 'string', 'x-page': true }, value: 'nope' },
  'x-link': { schema: { type: 'string', 'x-link': true }, value: 'nope' },
  'x-data': { schema: { type: 'string', 'x-data': 'news.articles' }, value: 'nope' },
  'x-fact': { schema: { type: 'string', 'x-fact': true }, value: 'company.nope' },
  'x-unique-by': {
    schema: { type: 'array', 'x-unique-by': 'id' },
    value: [{ id: 'a' }, { id: 'a' }],
  },
  'x-absent': { schema: { type: 'string', 'x-absent': true }, value: '/docs/old.pdf' },
}

/** Every keyword the schema files use, at every depth (property names are not keywords). */
function keywordsOf(schema: unknown, into = new Set<string>()): Set<string> {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return into
  for (const [k, v] of Object.entries(schema)) {
    into.add(k)
    if (['properties', 'patternProperties', '$defs'].includes(k))
      for (const s of Object.values(v as Json)) keywordsOf(s, into)
    else if (['allOf', 'anyOf', 'oneOf', 'prefixItems'].includes(k))
      for (const s of v as unknown[]) keywordsOf(s, into)
    else if (
      ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'propertyNames'].includes(k)
    )
      keywordsOf(v, into)
  }
  return into
}

const schemaFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) =>
    statSync(join(dir, f)).isDirectory()
      ? schemaFiles(join(dir, f))
      : f.endsWith('.json')
        ? [join(dir, f)]
        : [],
  )

const at: YamlFile['positionOf'] = () => ({ line: 1, col: 1 })

function problemsOf(schema: Json, value: unknown) {
  const schemas: SchemaFiles = new Map([['t.schema.json', schema]])
  return schemaValidator(schemas)({
    public: new PublicFiles(['/docs/old.pdf']),
    pageIds: new Set(['home']),
    dataIds: new Map([['news.articles', new Set(['open-day'])]]),
    facts: { company: { founded: 1966 } },
  }).validate('t.schema.json', { file: 'content/t.yaml', value, positionOf: at })
}

describe('the French of the schema messages', () => {
  it('covers every keyword the schemas use', () => {
    const used = new Set<string>()
    for (const file of schemaFiles(join(repo, 'schemas')))
      keywordsOf(JSON.parse(readFileSync(file, 'utf8')), used)
    const uncovered = [...used].filter((k) => !SILENT.has(k) && !(k in FAILING)).sort()
    expect(uncovered, 'keywords without a row in FAILING (add one)').toEqual([])
  })

  it.each(Object.entries(FAILING))('%s: French, and not the English', (_keyword, row) => {
    const problems = problemsOf(row.schema, row.value)
    expect(problems.length).toBeGreaterThan(0)
    for (const p of problems) {
      expect(p.fr, p.message).toMatch(/\S/)
      expect(p.fr, p.message).not.toBe(p.message)
    }
  })

  it('ajv-i18n words the keywords validator.ts does not', () => {
    expect(problemsOf(FAILING.minimum?.schema ?? {}, 0)).toMatchObject([
      { message: 'must be >= 1', fr: 'doit être >= 1' },
    ])
    expect(problemsOf(FAILING.uniqueItems?.schema ?? {}, [1, 1])[0]?.fr).toMatch(
      /^ne doit pas contenir de doublons/,
    )
  })

  it('a pattern is explained with the French description', () => {
    const [p] = problemsOf(FAILING.pattern?.schema ?? {}, '12')
    expect(p?.fr).toBe("n'a pas la forme attendue (motif ^[0-9]{4}$) : Quatre chiffres.")
  })
})
