import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { compile, type JSONSchema } from 'json-schema-to-typescript'

const TOP_LEVEL = {
  RouteTable: 'routes.schema.json',
  SiteSettings: 'site.schema.json',
  I18nResources: 'i18n.schema.json',
  PageContent: 'page.schema.json',
} as const

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
    const schema = JSON.parse(
      file === 'page.schema.json'
        ? pageSchemaText(root)
        : readFileSync(join(schemas, file), 'utf8'),
    ) as JSONSchema
    schema.title = name
    const ts = await compile(schema, name, {
      bannerComment: '',
      cwd: schemas,
      additionalProperties: false,
      declareExternallyReferenced: true,
      strictIndexSignatures: true,
      format: false,
      unreachableDefinitions: false,
    })
    parts.push(ts)
  }
  const text = dedupe(parts.join('\n'))
  return {
    [join(root, 'schemas', 'page.schema.json')]: pageSchemaText(root),
    [join(root, 'templates', 'content.gen.ts')]: text,
  }
}

/** Shared definitions come out once per top-level schema; keep the first of each. */
function dedupe(ts: string): string {
  const seen = new Set<string>()
  const out: string[] = []
  for (const chunk of ts.split(/\n(?=export )/)) {
    const name = /^export (?:type|interface) (\w+)/.exec(chunk)?.[1]
    if (name && seen.has(name)) continue
    if (name) seen.add(name)
    out.push(chunk)
  }
  return `${out.join('\n').trim()}\n`
}
