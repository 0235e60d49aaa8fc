// The parsed value of each content file, kept across processes under node_modules/.cache, keyed
// by a hash of the file's text: a fresh `npm run validate` or build reads the values of the
// files it has seen before instead of parsing them again (parsing with source positions was
// about 0.4 s of a 1 s check). Only files without any YAML problem are kept; positions are
// computed from the text when a message needs one (yamlFile.ts).
//
// The values a process parses are written together, as one pack file, once the current task is
// done: one file per content file cost a build of a thousand pages a thousand file creations
// (0.2-1.1 ms of kernel time each on this project's ext4 machines, on the build's critical path).
// A process reads every pack once, and deserialises a value only when its text is asked for.
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
const FORMAT = 'values-2'
/** More entries than this (old versions of edited files pile up): the folder starts afresh. */
const MAX_ENTRIES = 5000
/** More packs than this: they are joined into one. */
const MAX_PACKS = 32

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

/** The values of every pack (serialised), by key; read once per process and folder. */
let known: { dir: string; values: Map<string, Buffer> } | undefined

function knownValues(): Map<string, Buffer> {
  const dir = yamlDir()
  if (known?.dir === dir) return known.values
  const values = new Map<string, Buffer>()
  known = { dir, values }
  let packs: string[] = []
  try {
    const names = readdirSync(dir)
    packs = names.filter((f) => f.endsWith('.pack'))
    // A file per value, as the cache was kept before packs: never read again, removed once.
    for (const old of names)
      if (!old.endsWith('.pack') && !old.endsWith('.tmp')) rmSync(join(dir, old), { force: true })
  } catch {
    return values
  }
  for (const pack of packs)
    try {
      for (const [key, value] of deserialize(readFileSync(join(dir, pack))) as [string, Buffer][])
        values.set(key, value)
    } catch {
      // Cut or foreign bytes: that pack's values are parsed again.
    }
  if (values.size > MAX_ENTRIES) {
    rmSync(dir, { recursive: true, force: true })
    values.clear()
  } else if (packs.length > MAX_PACKS) {
    // Many small packs (the dev server writes one per edit): joined into one.
    pending.clear()
    for (const [key, value] of values) pending.set(key, value)
    writePending()
    for (const pack of packs) rmSync(join(dir, pack), { force: true })
  }
  return values
}

/** The value stored for this text, or undefined. */
export function cachedValue(source: string): { value: unknown } | undefined {
  if (!cacheEnabled()) return undefined
  try {
    const stored = knownValues().get(keyOf(source))
    return stored ? { value: deserialize(stored) } : undefined
  } catch {
    return undefined
  }
}

/** Values parsed by this process and not written yet. */
const pending = new Map<string, Buffer>()

/** Keeps the value of a text that parsed without any problem (written by writePending). */
export function storeValue(source: string, value: unknown): void {
  if (!cacheEnabled()) return
  const key = keyOf(source)
  if (knownValues().has(key)) return
  const bytes = serialize(value)
  knownValues().set(key, bytes)
  if (!pending.size) {
    // After the current task (a whole content check is one), or at exit.
    setImmediate(writePending)
    process.once('exit', writePending)
  }
  pending.set(key, bytes)
}

/** Writes the pending values as one pack. A failure to write is ignored. */
export function writePending(): void {
  if (!pending.size) return
  const entries = [...pending]
  pending.clear()
  process.removeListener('exit', writePending)
  try {
    const dir = yamlDir()
    mkdirSync(dir, { recursive: true })
    const file = join(dir, `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`)
    // Written aside then renamed: a reader never sees half a pack.
    writeFileSync(`${file}.tmp`, serialize(entries))
    renameSync(`${file}.tmp`, `${file}.pack`)
  } catch {}
}
