// The parsed value of each content file, kept across processes under node_modules/.cache, keyed
// by a hash of the file's text: a fresh `npm run validate` or build reads the values of the
// files it has seen before instead of parsing them again (parsing with source positions was
// about 0.4 s of a 1 s check). Only files without any YAML problem are kept; positions are
// computed from the text when a message needs one (yamlFile.ts).
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deserialize, serialize } from 'node:v8'

/**
 * Where the caches of the content check live (the compiled schemas too): under node_modules/.cache,
 * or the folder `CONTENT_CHECK_CACHE` names; `CONTENT_CHECK_CACHE=off`: no cache.
 */
export function checkCacheDir(): string {
  const dir = process.env.CONTENT_CHECK_CACHE
  return dir && dir !== 'off'
    ? dir
    : fileURLToPath(new URL('../../../node_modules/.cache/content-check/', import.meta.url))
}
const yamlDir = () => join(checkCacheDir(), 'yaml')
/** Bump when what is stored changes (yaml's own version is part of the key too). */
const FORMAT = 'values-1'
/** More entries than this (old versions of edited files pile up): the folder starts afresh. */
const MAX_ENTRIES = 5000

export const cacheEnabled = () => process.env.CONTENT_CHECK_CACHE !== 'off'

let yamlVersion: string | undefined
const keyOf = (source: string) => {
  yamlVersion ??= (
    JSON.parse(
      readFileSync(new URL('../../../node_modules/yaml/package.json', import.meta.url), 'utf8'),
    ) as { version: string }
  ).version
  return createHash('sha1').update(`${FORMAT}\0${yamlVersion}\0${source}`).digest('hex')
}

/** The value stored for this text, or undefined. */
export function cachedValue(source: string): { value: unknown } | undefined {
  if (!cacheEnabled()) return undefined
  try {
    return { value: deserialize(readFileSync(join(yamlDir(), keyOf(source)))) }
  } catch {
    return undefined
  }
}

let pruned = false

/** Keeps the value of a text that parsed without any problem. A failure to write is ignored. */
export function storeValue(source: string, value: unknown): void {
  if (!cacheEnabled()) return
  try {
    const dir = yamlDir()
    mkdirSync(dir, { recursive: true })
    if (!pruned) {
      pruned = true
      if (readdirSync(dir).length > MAX_ENTRIES) {
        rmSync(dir, { recursive: true, force: true })
        mkdirSync(dir, { recursive: true })
      }
    }
    const file = join(dir, keyOf(source))
    // Written aside then renamed: a reader never sees half a value.
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`
    writeFileSync(temp, serialize(value))
    renameSync(temp, file)
  } catch {}
}
