// The schemas of a schemas/ folder on the disk (Node): read, parsed once for both the validator
// and the neutral keys, and kept while the files' names, sizes and times are unchanged; the
// validator's compiled code is kept across processes (validatorCache.ts). What is done with them
// is pure (validator.ts, neutral.ts): the browser gets the same schemas as JSON (rules.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { SchemaSet } from '../../../templates/core/content/neutral.ts'
import { PublicFiles } from '../../../templates/core/content/source.ts'
import {
  type CompiledCode,
  type CrossFileContext,
  type SchemaFiles,
  schemaValidator,
  type Validator,
} from '../../../templates/core/content/validator.ts'
import { loadCompiled, storeCompiled, storedCode } from './validatorCache.ts'

export function listSchemas(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? listSchemas(dir, `${prefix}${e.name}/`)
      : e.name.endsWith('.schema.json')
        ? [`${prefix}${e.name}`]
        : [],
  )
}

/** Names, sizes and times of every schema file: equal stamps, same schemas. */
export function schemaStamp(schemaDir: string): string {
  return listSchemas(schemaDir)
    .map((f) => {
      const { size, mtimeMs } = statSync(join(schemaDir, f))
      return `${f}:${size}:${mtimeMs}`
    })
    .join('\n')
}

/** A schemas/ folder read: its files parsed, the set and the validator made of them. */
export type DiskSchemas = {
  stamp: string
  /** The files' texts by name, as read (the compiled code's cache key). */
  texts: Map<string, string>
  files: SchemaFiles
  set: SchemaSet
  validator: (ctx: CrossFileContext) => Validator
}

const kept = new Map<string, DiskSchemas>()

/** The schemas of `dir`, read again only when a file's name, size or time changed. */
export function diskSchemas(dir: string): DiskSchemas {
  const stamp = schemaStamp(dir)
  const known = kept.get(dir)
  if (known?.stamp === stamp) return known
  const texts = new Map(listSchemas(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]))
  const files = new Map(
    [...texts].map(([f, text]) => [f, JSON.parse(text) as Record<string, unknown>]),
  )
  const read: DiskSchemas = {
    stamp,
    texts,
    files,
    set: new SchemaSet(files),
    validator: schemaValidator(files, diskCompiledCode(texts)),
  }
  kept.set(dir, read)
  return read
}

/** The compiled code of these schema texts, kept under node_modules/.cache (validatorCache.ts). */
function diskCompiledCode(texts: Map<string, string>): CompiledCode {
  const schemas = [...texts].map(([file, text]) => ({ file, text }))
  return {
    load: (keywords) => loadCompiled(schemas, keywords),
    store: (ajv, keywords, root) => storeCompiled(ajv, schemas, keywords, root),
  }
}

/** The schema files of `dir`, read and parsed afresh (objects of its own: the CMS's fields). */
export function readSchemaSet(dir: string): SchemaSet {
  return new SchemaSet(
    new Map(listSchemas(dir).map((f) => [f, JSON.parse(readFileSync(join(dir, f), 'utf8'))])),
  )
}

/**
 * ajv's standalone code of the schemas of `dir` (kept under node_modules/.cache by the check's
 * first run; made now if it was not), for the browser's check (rules.ts). Undefined when the
 * cache is off: the browser compiles then.
 */
export function standaloneCode(dir: string): string | undefined {
  const read = diskSchemas(dir)
  const schemas = [...read.texts].map(([file, text]) => ({ file, text }))
  const kept = storedCode(schemas)
  if (kept !== undefined) return kept
  // A validation makes the validator, which stores the code of every schema when it compiles.
  const [first] = read.texts.keys()
  if (first) read.validator(EMPTY_CONTEXT).validate(first, NOTHING)
  return storedCode(schemas)
}

const EMPTY_CONTEXT: CrossFileContext = {
  public: new PublicFiles([]),
  pageIds: new Set(),
  dataIds: new Map(),
  facts: {},
}
const NOTHING = { file: '', value: {}, positionOf: () => ({ line: 1, col: 1 }) }
