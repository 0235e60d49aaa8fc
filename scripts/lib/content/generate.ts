import { readdirSync, readFileSync } from 'node:fs'
import { basename, join, relative } from 'node:path'
import { compile, type JSONSchema } from 'json-schema-to-typescript'
import { ENGLISH_EDITOR_SCHEMA, englishEditorSchemaText } from './editorSchema.ts'
import { listSchemas } from './schemasDisk.ts'

const TOP_LEVEL = {
  RouteTable: 'routes.schema.json',
  SiteSettings: 'site.schema.json',
  I18nResources: 'i18n.schema.json',
  PageContent: 'page.schema.json',
} as const

/** Every schema of schemas/ by path, page.schema.json with its generated block list. */
function schemaFiles(root: string): Map<string, Record<string, unknown>> {
  const dir = join(root, 'schemas')
  const files = new Map<string, Record<string, unknown>>()
  for (const f of listSchemas(dir)) files.set(f, JSON.parse(readFileSync(join(dir, f), 'utf8')))
  files.set('page.schema.json', JSON.parse(pageSchemaText(root)))
  return files
}

/** page.schema.json with its block list taken from schemas/blocks/. */
export function pageSchemaText(root: string): string {
  const path = join(root, 'schemas', 'page.schema.json')
  const schema = JSON.parse(readFileSync(path, 'utf8'))
  const blocks = readdirSync(join(root, 'schemas', 'blocks'))
    .filter((f) => f.endsWith('.schema.json'))
    .sort()
  schema.$defs.block.oneOf = blocks.map((f) => ({ $ref: `blocks/${f}` }))
  return `${JSON.stringify(schema, null, 2)}\n`
}

/** Path -> expected text of every generated file. */
export async function generatedFiles(root: string): Promise<Record<string, string>> {
  const schemas = join(root, 'schemas')
  const parts: string[] = [
    '// Generated from schemas/ by `npm run types`. Do not edit.\n/* eslint-disable */',
  ]
  for (const [name, file] of Object.entries(TOP_LEVEL)) {
    const schema = withoutEditorWords(
      JSON.parse(
        file === 'page.schema.json'
          ? pageSchemaText(root)
          : readFileSync(join(schemas, file), 'utf8'),
      ),
    ) as JSONSchema
    schema.title = name
    const ts = await compile(schema, name, {
      ...compileOptions(schemas),
      $refOptions: { resolve: { file: { read: ({ url }: { url: string }) => asRendered(url) } } },
    })
    parts.push(ts)
  }
  parts.push(...(await dataTypes(schemas)))
  const text = dedupe(parts.join('\n'))
  return {
    [join(root, 'schemas', 'page.schema.json')]: pageSchemaText(root),
    [join(root, 'templates', 'content.gen.ts')]: text,
    // d5-neutral: the English page files' schema for the editor (neutral settings come from French).
    [join(root, 'schemas', ENGLISH_EDITOR_SCHEMA)]: englishEditorSchemaText(schemaFiles(root)),
  }
}

/**
 * A schema file as the templates see its content: what the loader adds to a page before
 * rendering (an image's path from content/data/images.yaml, see imageSlots.ts) is declared by
 * `x-rendered` (required keys and properties, not allowed in the YAML) and typed as present.
 */
function asRendered(file: string): string {
  const text = readFileSync(file, 'utf8')
  if (!text.includes('"x-rendered"')) return JSON.stringify(withoutEditorWords(JSON.parse(text)))
  type Rendered = { required?: string[]; properties?: Record<string, unknown> }
  const apply = (node: unknown): void => {
    if (!node || typeof node !== 'object') return
    const schema = node as { 'x-rendered'?: Rendered; required?: string[]; properties?: object }
    const added = schema['x-rendered']
    if (added) {
      schema.required = [...(added.required ?? []), ...(schema.required ?? [])]
      schema.properties = { ...added.properties, ...schema.properties }
    }
    for (const value of Object.values(schema)) apply(value)
  }
  const schema = withoutEditorWords(JSON.parse(text))
  apply(schema)
  return JSON.stringify(schema)
}

/**
 * The editor's French words (`x-title-fr`, `x-description-fr`, `x-enum-fr`) are not types: beside a `$ref`
 * any keyword makes json-schema-to-typescript declare a new numbered copy of the referred type.
 */
const EDITOR_WORDS = new Set(['x-title-fr', 'x-description-fr', 'x-enum-fr'])

function withoutEditorWords<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withoutEditorWords) as T
  if (!node || typeof node !== 'object') return node
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k]) => !EDITOR_WORDS.has(k))
      .map(([k, v]) => [k, withoutEditorWords(v)]),
  ) as T
}

/** content/data/<name>.yaml -> its type name (facts.yaml is validated by schemas/facts.schema.json). */
const dataTypeName = (name: string) => (name === 'facts' ? 'Facts' : `${pascal(name)}Data`)
const pascal = (name: string) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .map((w) => `${w[0]?.toUpperCase() ?? ''}${w.slice(1)}`)
    .join('')

/**
 * One type per data file (schemas/data/<name>.schema.json and schemas/facts.schema.json) and
 * `SiteData`, the map of them by file name (what SiteContent.data holds).
 */
async function dataTypes(schemas: string): Promise<string[]> {
  const files: [string, string][] = [
    ...readdirSync(join(schemas, 'data'))
      .filter((f) => f.endsWith('.schema.json'))
      .sort()
      .map((f): [string, string] => [f.replace('.schema.json', ''), join('data', f)]),
    ['facts', 'facts.schema.json'],
  ]
  // A data schema's local definitions (`image`, `row`...) are named after its file, so that they
  // cannot collide with another schema's (or the page types') definition of that name; also when
  // another data schema refers to them (sme.schema.json uses specs.schema.json#/$defs/sheet).
  const titled = (name: string, file: string): JSONSchema => {
    const schema = withoutEditorWords(
      JSON.parse(readFileSync(join(schemas, file), 'utf8')),
    ) as JSONSchema
    const typeName = dataTypeName(name)
    schema.title = typeName
    for (const [key, def] of Object.entries(schema.$defs ?? {}) as [string, JSONSchema][])
      if (!def.title) def.title = `${typeName}${pascal(key)}`
    return schema
  }
  // One schema whose properties are the data files: a definition two files share (sme.schema.json
  // uses specs.schema.json#/$defs/sheet) is then declared once.
  const siteData: JSONSchema = {
    title: 'SiteData',
    description: 'content/data/<name>.yaml, by file name, each validated by its schema.',
    type: 'object',
    additionalProperties: false,
    required: files.map(([name]) => name),
    properties: Object.fromEntries(files.map(([name, file]) => [name, { $ref: file }])),
  }
  const ts = await compile(siteData, 'SiteData', {
    ...compileOptions(schemas),
    $refOptions: {
      resolve: {
        file: {
          read: ({ url }: { url: string }) => {
            const rel = relative(schemas, url)
            const name = basename(rel, '.schema.json')
            return JSON.stringify(titled(name, rel))
          },
        },
      },
    },
  })
  return [ts]
}

/** Shared definitions come out once per top-level schema; keep the first of each. */
function dedupe(ts: string): string {
  const seen = new Map<string, string>()
  const out: string[] = []
  for (const chunk of ts.split(/\n(?=export )/)) {
    const name = /^export (?:type|interface) (\w+)/.exec(chunk)?.[1]
    if (name && seen.has(name)) {
      if (seen.get(name) !== chunk.trim())
        throw new Error(
          `two different schema definitions generate the type ${name}: give one a title\n${seen.get(name)}\n----\n${chunk.trim()}`,
        )
      continue
    }
    if (name) seen.set(name, chunk.trim())
    out.push(chunk)
  }
  return `${out.join('\n').trim()}\n`
}

/** json-schema-to-typescript settings shared by the page and the data types. */
function compileOptions(schemas: string) {
  return {
    bannerComment: '',
    cwd: schemas,
    additionalProperties: false,
    declareExternallyReferenced: true,
    strictIndexSignatures: true,
    format: false,
    unreachableDefinitions: false,
  }
}
