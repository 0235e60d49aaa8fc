// The content types and the page schema's block list derive from schemas/ (`npm run types`).
// These tests fail when a schema changed and the generated files were not regenerated.
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { generatedFiles } from '../../scripts/lib/content/generate.ts'

const repo = fileURLToPath(new URL('../..', import.meta.url))

describe('generated content types', { timeout: 60_000 }, () => {
  it('templates/content.gen.ts and schemas/page.schema.json match schemas/ (else run `npm run types`)', async () => {
    for (const [path, expected] of Object.entries(await generatedFiles(repo)))
      expect(
        readFileSync(path, 'utf8'),
        `${relative(repo, path)} is stale: run \`npm run types\``,
      ).toBe(expected)
  })

  it('a new block schema changes both generated files (the check above can fail)', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'types-'))
    cpSync(join(repo, 'schemas'), join(copy, 'schemas'), { recursive: true })
    writeFileSync(
      join(copy, 'schemas', 'blocks', 'zz-sample.schema.json'),
      JSON.stringify({
        title: 'Sample',
        type: 'object',
        additionalProperties: false,
        required: ['type'],
        properties: { type: { const: 'zz-sample', description: 'Block kind.' } },
      }),
    )
    const files = await generatedFiles(copy)
    const pageSchema = files[join(copy, 'schemas', 'page.schema.json')] ?? ''
    const types = files[join(copy, 'templates', 'content.gen.ts')] ?? ''
    expect(pageSchema).toContain('"$ref": "blocks/zz-sample.schema.json"')
    expect(pageSchema).not.toBe(readFileSync(join(repo, 'schemas', 'page.schema.json'), 'utf8'))
    expect(types).toContain('type: "zz-sample"')
    expect(types).not.toBe(readFileSync(join(repo, 'templates', 'content.gen.ts'), 'utf8'))
  })

  it('the data file types follow schemas/data: a new data schema gets its type and its SiteData key', async () => {
    const current = readFileSync(join(repo, 'templates', 'content.gen.ts'), 'utf8')
    expect(current).toContain('export interface SiteData {')
    expect(current).toMatch(/\nratings: RatingsData\n/)
    expect(current).toMatch(/\nfacts: Facts\n/)
    const copy = mkdtempSync(join(tmpdir(), 'types-'))
    cpSync(join(repo, 'schemas'), join(copy, 'schemas'), { recursive: true })
    writeFileSync(
      join(copy, 'schemas', 'data', 'zz-sample.schema.json'),
      JSON.stringify({
        type: 'object',
        additionalProperties: false,
        required: ['items'],
        properties: { items: { type: 'array', items: { $ref: '#/$defs/row' } } },
        $defs: { row: { type: 'object', properties: { zzLabel: { type: 'string' } } } },
      }),
    )
    const types = (await generatedFiles(copy))[join(copy, 'templates', 'content.gen.ts')] ?? ''
    expect(types).toMatch(/\n"zz-sample": ZzSampleData\n/)
    expect(types).toContain('export interface ZzSampleData {')
    // A data schema's definitions are named after its file: no clash with another `row`.
    expect(types).toContain('export interface ZzSampleDataRow {')
    expect(types).toContain('zzLabel?: string')
    expect(types).not.toBe(current)
  })

  it('a changed data schema makes the committed types stale', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'types-'))
    cpSync(join(repo, 'schemas'), join(copy, 'schemas'), { recursive: true })
    const path = join(copy, 'schemas', 'data', 'timeline.schema.json')
    writeFileSync(path, readFileSync(path, 'utf8').replaceAll('"year"', '"yearZz"'))
    const types = (await generatedFiles(copy))[join(copy, 'templates', 'content.gen.ts')] ?? ''
    expect(types).toContain('yearZz')
    expect(types).not.toBe(readFileSync(join(repo, 'templates', 'content.gen.ts'), 'utf8'))
  })
})

describe('editor schema mapping', () => {
  it('.vscode/settings.json maps every kind of content file to its schema', () => {
    const mapped = JSON.parse(readFileSync(join(repo, '.vscode', 'settings.json'), 'utf8'))[
      'yaml.schemas'
    ] as Record<string, string | string[]>
    const dataSchemas = readdirSync(join(repo, 'schemas', 'data')).filter((f) =>
      f.endsWith('.schema.json'),
    )
    const expected: Record<string, string | string[]> = {
      './schemas/routes.schema.json': 'content/routes.yaml',
      './schemas/site.schema.json': 'content/site.yaml',
      './schemas/i18n.schema.json': 'content/i18n/*.yaml',
      // English pages take their neutral settings from French: a generated schema without them.
      './schemas/page.schema.json': 'content/fr/*.yaml',
      './schemas/page.en.json': 'content/en/*.yaml',
      './schemas/facts.schema.json': 'content/data/facts.yaml',
      ...Object.fromEntries(
        dataSchemas.map((f) => [
          `./schemas/data/${f}`,
          `content/data/${f.replace('.schema.json', '.yaml')}`,
        ]),
      ),
    }
    // A subset check: the file may already map a data file whose schema lands later.
    expect(mapped, 'a new content/data file needs its line in .vscode/settings.json').toMatchObject(
      expected,
    )
  })
})
