import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'
import type { DocumentEntry } from '../../../templates/lib/documents.ts'
import { addDocumentKeywords, documentLinkError } from './documentKeywords.ts'
import type { ContentProblem } from './problems.ts'
import { keyPath } from './problems.ts'
import type { YamlFile } from './yamlFile.ts'

/** What the custom keywords need to know about the rest of the content. */
export type CrossFileContext = {
  publicDir: string
  pageIds: Set<string>
  /** `collection` -> ids, e.g. `ratings` -> {dist24, dist36, ...} (from content/data). */
  dataIds: Map<string, Set<string>>
  facts: Record<string, Record<string, number | string>>
  // a2-writeonce: the documents registry (content/data/documents.yaml), for doc:<id> links.
  documents?: DocumentEntry[]
}

const SCHEMA_ROOT = 'https://transfo.example.com/schemas/'

/**
 * Builds one ajv instance holding every schema under `schemas/`, with the project's keywords:
 * - `x-asset`: the string is a path under `public/` that must exist (`image`, `pdf`, `file`);
 * - `x-page`: the string is a page id from routes.yaml;
 * - `x-link`: `page:<id>[#fragment]`, a site path, or an external/mailto/tel URL;
 * - `x-data`: the string is the id of an entry in a `content/data` collection;
 * - `x-fact`: the string names a number in content/data/facts.yaml (`group.name`);
 * - `x-unique-by`: the array's objects have distinct values for that key.
 */
export function createValidator(schemaDir: string, ctx: CrossFileContext) {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictRequired: false,
    discriminator: true,
    allowUnionTypes: true,
    // Errors then carry the offending value and the schema: messages quote both.
    verbose: true,
  })
  ajv.addKeyword({
    keyword: 'x-asset',
    type: 'string',
    schemaType: 'string',
    validate: function xAsset(kind: string, data: string) {
      const ok = data.startsWith('/') && existsSync(join(ctx.publicDir, data))
      if (!ok)
        (xAsset as unknown as { errors: unknown[] }).errors = [
          {
            keyword: 'x-asset',
            message: `${kind} file not found: expected public${data.startsWith('/') ? '' : '/'}${data} to exist`,
            params: {},
          },
        ]
      return ok
    },
    errors: true,
  })
  ajv.addKeyword({
    keyword: 'x-page',
    type: 'string',
    schemaType: 'boolean',
    validate: function xPage(_: boolean, data: string) {
      const ok = ctx.pageIds.has(data)
      if (!ok) (xPage as unknown as { errors: unknown[] }).errors = [unknownPage(data, ctx)]
      return ok
    },
    errors: true,
  })
  ajv.addKeyword({
    keyword: 'x-link',
    type: 'string',
    schemaType: 'boolean',
    validate: function xLink(_: boolean, data: string) {
      // a2-writeonce: doc:<id> links and links to registered documents.
      const docError = documentLinkError(data, {
        publicDir: ctx.publicDir,
        documents: ctx.documents ?? [],
      })
      if (docError !== null) {
        if (docError) (xLink as unknown as { errors: unknown[] }).errors = [docError]
        return !docError
      }
      const m = /^page:([^#]+)/.exec(data)
      const ok = m ? ctx.pageIds.has(m[1] ?? '') : /^(\/|#|https?:\/\/|mailto:|tel:)/.test(data)
      if (!ok)
        (xLink as unknown as { errors: unknown[] }).errors = [
          m
            ? unknownPage(m[1] ?? '', ctx)
            : {
                keyword: 'x-link',
                message:
                  'must be a link: page:<page-id>, doc:<document-id>, a path starting with /, #fragment, https://, mailto: or tel:',
                params: {},
              },
        ]
      return ok
    },
    errors: true,
  })
  ajv.addKeyword({
    keyword: 'x-data',
    type: 'string',
    schemaType: 'string',
    validate: function xData(collection: string, data: string) {
      const ids = ctx.dataIds.get(collection) ?? new Set()
      const ok = ids.has(data)
      if (!ok)
        (xData as unknown as { errors: unknown[] }).errors = [
          {
            keyword: 'x-data',
            message: `unknown ${collection} id "${data}" (known: ${[...ids].join(', ') || 'none'})`,
            params: {},
          },
        ]
      return ok
    },
    errors: true,
  })
  ajv.addKeyword({
    keyword: 'x-fact',
    type: 'string',
    schemaType: 'boolean',
    validate: function xFact(_: boolean, data: string) {
      const [group, name] = data.split('.')
      const ok = typeof ctx.facts[group ?? '']?.[name ?? ''] === 'number'
      if (!ok)
        (xFact as unknown as { errors: unknown[] }).errors = [
          {
            keyword: 'x-fact',
            message: `unknown figure "${data}": expected a number at ${data} in content/data/facts.yaml`,
            params: {},
          },
        ]
      return ok
    },
    errors: true,
  })
  ajv.addKeyword({
    keyword: 'x-unique-by',
    type: 'array',
    schemaType: 'string',
    validate: function xUnique(key: string, data: unknown[]) {
      const seen = new Set<unknown>()
      for (const item of data) {
        const id = (item as Record<string, unknown> | null)?.[key]
        if (id === undefined) continue
        if (seen.has(id)) {
          ;(xUnique as unknown as { errors: unknown[] }).errors = [
            { keyword: 'x-unique-by', message: `duplicate ${key} "${String(id)}"`, params: {} },
          ]
          return false
        }
        seen.add(id)
      }
      return true
    },
    errors: true,
  })
  // a2-writeonce: x-absent (old document URLs).
  addDocumentKeywords(ajv, { publicDir: ctx.publicDir, documents: ctx.documents ?? [] })
  for (const file of listSchemas(schemaDir)) {
    const schema = JSON.parse(readFileSync(join(schemaDir, file), 'utf8'))
    ajv.addSchema({ ...schema, $id: SCHEMA_ROOT + file })
  }
  return {
    validate(schemaFile: string, yaml: YamlFile): ContentProblem[] {
      const fn = ajv.getSchema(SCHEMA_ROOT + schemaFile) as ValidateFunction | undefined
      if (!fn) throw new Error(`No schema ${schemaFile} under schemas/`)
      if (fn(yaml.value)) return []
      return toProblems(fn.errors ?? [], yaml)
    },
  }
}

export function listSchemas(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? listSchemas(dir, `${prefix}${e.name}/`)
      : e.name.endsWith('.schema.json')
        ? [`${prefix}${e.name}`]
        : [],
  )
}

function unknownPage(id: string, ctx: CrossFileContext) {
  return {
    keyword: 'x-page',
    message: `unknown page id "${id}" (see content/routes.yaml; e.g. ${[...ctx.pageIds].slice(0, 4).join(', ')})`,
    params: {},
  }
}

function pointerToPath(pointer: string): (string | number)[] {
  if (!pointer) return []
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s))
}

/** Turns ajv's errors into located, readable problems; drops the noise of failed branches. */
function toProblems(errors: ErrorObject[], yaml: YamlFile): ContentProblem[] {
  const seen = new Set<string>()
  const problems: ContentProblem[] = []
  for (const e of errors) {
    if (e.keyword === 'if' || e.keyword === 'oneOf' || e.keyword === 'anyOf') continue
    const path = pointerToPath(e.instancePath)
    let onKey = false
    let message: string
    const params = e.params as Record<string, unknown>
    switch (e.keyword) {
      case 'required':
        path.push(String(params.missingProperty))
        message = 'is required but missing'
        break
      case 'additionalProperties': {
        path.push(String(params.additionalProperty))
        onKey = true
        const allowed = Object.keys(
          ((e.parentSchema as { properties?: object } | undefined)?.properties ?? {}) as object,
        )
        message = `unknown key (allowed here: ${allowed.join(', ')})`
        break
      }
      case 'type':
        message = `must be ${article(String(params.type))} (got ${describeValue(e.data)})`
        break
      case 'minLength':
        message =
          params.limit === 1
            ? 'must be a non-empty string'
            : `must have at least ${params.limit} characters`
        break
      case 'enum':
        message = `must be one of: ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')} (got ${describeValue(e.data)})`
        break
      case 'const':
        message = `must be ${JSON.stringify(params.allowedValue)}`
        break
      case 'discriminator':
        if (params.error === 'mapping') path.push(String(params.tag))
        message =
          params.error === 'mapping'
            ? `unknown block ${String(params.tag)} ${describeValue(params.tagValue)}: the known types are the files of schemas/blocks/`
            : `must have a "${String(params.tag)}" string`
        break
      case 'pattern': {
        const hint = (e.parentSchema as { description?: string } | undefined)?.description
        message = `does not have the expected form (pattern ${String(params.pattern)})${hint ? `: ${hint}` : ''}`
        break
      }
      case 'minItems':
        message = `must list at least ${params.limit} item${params.limit === 1 ? '' : 's'}`
        break
      case 'maxItems':
        message = `must list at most ${params.limit} items`
        break
      default:
        message = e.message ?? `fails ${e.keyword}`
    }
    const { line, col } = yaml.positionOf(path, onKey)
    const key = keyPath(path)
    const id = `${line}:${col}:${key}:${message}`
    if (seen.has(id)) continue
    seen.add(id)
    problems.push({ file: yaml.file, line, col, key, message })
  }
  return problems
}

function article(type: string): string {
  if (type.includes(',')) return `one of ${type}`
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`
}

function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'a mapping'
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)
  return `${typeof value} ${String(value)}`
}
