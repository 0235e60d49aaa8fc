// The compiled schemas, kept across processes: ajv turns the schemas into JavaScript (about half
// a second for ours, most of a cold `npm run validate`); that code is stored under
// node_modules/.cache/content-check/ (ajv's standalone output) and the next process evaluates it
// instead of compiling. The key covers everything the code depends on: each schema file's name
// and text, ajv's version and the source of the keyword definitions. The project's keywords are
// functions reading the current content (does this page id exist?): the stored code refers to
// them by their keyword (`kw["x-asset"]`), and each process hands its own in.
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { _, type KeywordDefinition, type ValidateFunction } from 'ajv'
import type { Ajv2020 } from 'ajv/dist/2020.js'
import standaloneCode from 'ajv/dist/standalone/index.js'
import {
  keywordFunctions,
  standaloneValidators,
} from '../../../templates/core/content/validator.ts'
import { cacheEnabled, checkCacheDir } from './parseCache.ts'

type Schema = { file: string; text: string }
const require = createRequire(import.meta.url)
/** The files whose code shapes the generated validators. */
const KEYWORD_SOURCES = [
  '../../../templates/core/content/validator.ts',
  '../../../templates/core/content/documentKeywords.ts',
  './validatorCache.ts',
]

function cacheFile(schemas: Schema[]): string {
  const hash = createHash('sha1')
  hash.update(`ajv ${(require('ajv/package.json') as { version: string }).version}\0`)
  for (const source of KEYWORD_SOURCES)
    hash.update(readFileSync(new URL(source, import.meta.url), 'utf8')).update('\0')
  for (const { file, text } of schemas) hash.update(`${file}\0${text}\0`)
  return join(checkCacheDir(), `validators-${hash.digest('hex')}.cjs`)
}

/** The standalone code kept for these schemas, if any. */
export function storedCode(schemas: Schema[]): string | undefined {
  if (!cacheEnabled()) return undefined
  try {
    return readFileSync(cacheFile(schemas), 'utf8')
  } catch {
    return undefined
  }
}

/** The validators of the top-level schemas by file name, from the cache; undefined on a miss. */
export function loadCompiled(
  schemas: Schema[],
  keywords: KeywordDefinition[],
): Record<string, ValidateFunction> | undefined {
  const code = storedCode(schemas)
  return code === undefined ? undefined : standaloneValidators(code, keywords, require)
}

/**
 * Compiles the top-level schemas (the block schemas are compiled inside the page schema) and
 * stores their code for the next process. A failure to store is ignored: the next run compiles.
 */
export function storeCompiled(
  ajv: Ajv2020,
  schemas: Schema[],
  keywords: KeywordDefinition[],
  schemaRoot: string,
): void {
  if (!cacheEnabled()) return
  const keywordOf = new Map([...keywordFunctions(keywords)].map(([keyword, fn]) => [fn, keyword]))
  const refs = Object.fromEntries(
    schemas.filter(({ file }) => !file.includes('/')).map(({ file }) => [file, schemaRoot + file]),
  )
  // Data schemas live in schemas/data/: top-level for the loader too.
  for (const { file } of schemas) if (file.startsWith('data/')) refs[file] = schemaRoot + file
  for (const id of Object.values(refs)) ajv.getSchema(id)
  // Each keyword function the code uses is written as kw["<its keyword>"] (kw["x-asset"]).
  const values = (ajv.scope as unknown as { _values: Record<string, Map<unknown, KeywordValue>> })
    ._values
  for (const name of values.keyword?.values() ?? []) {
    const ref = name.value?.ref
    const keyword = keywordOf.get(ref)
    if (typeof ref !== 'function' || keyword === undefined) return
    name.value = { ref, code: _`kw[${keyword}]` }
  }
  try {
    const code = standaloneCode(ajv, refs)
    const file = cacheFile(schemas)
    const dir = checkCacheDir()
    mkdirSync(dir, { recursive: true })
    // One set of schemas at a time: the code of earlier ones goes.
    for (const old of readdirSync(dir))
      if (/^validators-\w+\.cjs$/.test(old) && join(dir, old) !== file)
        rmSync(join(dir, old), { force: true })
    const temp = `${file}.${process.pid}.tmp`
    writeFileSync(temp, code)
    renameSync(temp, file)
  } catch {}
}

type KeywordValue = { value?: { ref: unknown; code?: unknown } }
