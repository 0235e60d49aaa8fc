// Language-neutral block settings (a tone, a column count, a data id, a button's look) are written
// once, in the page file of the source language (content/fr/<page>.yaml); the other language's
// file holds the words. Which keys are neutral is said by the schemas alone: `"x-neutral": true`
// on a property. The loader copies each neutral setting from the French block or list item into
// its English partner (blocks paired by id, blockPairs.ts; list items by id, or by position in a
// list without ids: as the FR/EN structure check pairs them), so validation, checks and templates
// see complete pages; a neutral setting written in the English file is a mistake, reported once.

// Pure (the check runs in the browser too): the schema files come in parsed (schemasDisk.ts reads
// them on the disk).
import { isObject, type Json } from '../../lib/isObject.ts'
import { SOURCE_LANG } from '../../lib/languages.ts'
import { isBlockList, pairBlocks, pairItems } from './blockPairs.ts'
import type { ContentProblem } from './problems.ts'
import { keyPath, worded } from './problems.ts'
import type { YamlFile } from './yamlFile.ts'

type Path = (string | number)[]
/** A schema node and the file (relative to schemas/) its $refs are resolved from. */
type At = { node: Json; file: string }

/** The schema node a `$ref` of `file` names (another file's, or a pointer into one), if any. */
export function refTarget(
  files: ReadonlyMap<string, unknown>,
  file: string,
  ref: string,
): { node: Json; file: string; pointer: string } | undefined {
  const [target = '', pointer = ''] = ref.split('#')
  const named = target ? besideFile(file, target) : file
  let node: unknown = files.get(named)
  for (const part of pointer.split('/').filter(Boolean))
    node = isObject(node) ? node[part] : undefined
  return isObject(node) ? { node, file: named, pointer } : undefined
}

/**
 * The path `target` names from the schema file `file` (paths under schemas/, `/`-separated), as
 * posix.normalize(posix.join(posix.dirname(file), target)) gives it.
 */
function besideFile(file: string, target: string): string {
  const parts: string[] = []
  for (const part of [...file.split('/').slice(0, -1), ...target.split('/')]) {
    if (part === '' || part === '.') continue
    if (part === '..' && parts.length && parts.at(-1) !== '..') parts.pop()
    else parts.push(part)
  }
  return parts.join('/') || '.'
}

/** The schemas of one schemas/ folder, by file; follows $refs and picks a block's schema by type. */
export class SchemaSet {
  constructor(readonly files: ReadonlyMap<string, Json>) {}

  root(file: string): At | undefined {
    const node = this.files.get(file)
    return node && { node, file }
  }

  // Every page asks the same questions of the same schema nodes: answers kept by node (a
  // thousand-page site asked them about a million times).
  private resolved = new WeakMap<Json, Map<string, At>>()
  private byType = new WeakMap<Json, Map<string, At>>()
  readonly neutralKeys = new WeakMap<Json, Map<string, string[]>>()

  /** Follows $ref until a node without one (its own keywords beside the $ref are not needed here). */
  resolve(at: At): At {
    const known = this.resolved.get(at.node)?.get(at.file)
    if (known) return known
    const result = this.follow(at)
    const byFile = this.resolved.get(at.node) ?? new Map<string, At>()
    this.resolved.set(at.node, byFile.set(at.file, result))
    return result
  }

  private follow(at: At): At {
    let current = at
    for (let hops = 0; typeof current.node.$ref === 'string' && hops < 20; hops++) {
      const target = refTarget(this.files, current.file, current.node.$ref as string)
      if (!target) return current
      current = { node: target.node, file: target.file }
    }
    return current
  }

  /** The schema of the object `value` at `at`: a block is its type's schema. */
  objectSchema(at: At, value: Json): At {
    const resolved = this.resolve(at)
    const options = resolved.node.oneOf
    if (!Array.isArray(options) || typeof value.type !== 'string') return resolved
    // Resolved nodes are shared, so their file is too: the node alone is the key.
    const known = this.byType.get(resolved.node)?.get(value.type)
    if (known) return known
    let result = resolved
    for (const option of options) {
      const candidate = this.resolve({ node: option as Json, file: resolved.file })
      const type = (candidate.node.properties as Json | undefined)?.type
      if (isObject(type) && type.const === value.type) {
        result = candidate
        break
      }
    }
    const types = this.byType.get(resolved.node) ?? new Map<string, At>()
    this.byType.set(resolved.node, types.set(value.type, result))
    return result
  }

  property(at: At, key: string): At | undefined {
    const node = (at.node.properties as Json | undefined)?.[key]
    return isObject(node) ? { node, file: at.file } : undefined
  }

  items(at: At): At | undefined {
    const resolved = this.resolve(at)
    return isObject(resolved.node.items)
      ? { node: resolved.node.items, file: resolved.file }
      : undefined
  }
}

/** A property schema marked language-neutral (on the property itself or what it refers to). */
export const isNeutral = (schemas: SchemaSet, at: At | undefined): boolean =>
  !!at && (at.node['x-neutral'] === true || schemas.resolve(at).node['x-neutral'] === true)

/** The neutral keys an object's schema declares. */
function neutralKeys(schemas: SchemaSet, at: At): string[] {
  const known = schemas.neutralKeys.get(at.node)?.get(at.file)
  if (known) return known
  const keys = Object.keys((at.node.properties as Json | undefined) ?? {}).filter((k) =>
    isNeutral(schemas, schemas.property(at, k)),
  )
  const byFile = schemas.neutralKeys.get(at.node) ?? new Map<string, string[]>()
  schemas.neutralKeys.set(at.node, byFile.set(at.file, keys))
  return keys
}

export type NeutralMerge = {
  /** The English file with the French neutral settings in place (positions are the English file's). */
  yaml: YamlFile
  /** Key paths of the English page that the French file owns: problems there are reported in French. */
  owned: Set<string>
  /** Neutral settings written in the English file, each once. */
  problems: ContentProblem[]
}

/**
 * The English page with the French page's neutral settings copied in. Keys keep the French
 * file's order (then the English-only keys), the order the templates used to receive them in.
 */
export function mergeNeutral(schemas: SchemaSet, source: YamlFile, target: YamlFile): NeutralMerge {
  const owned = new Set<string>()
  const problems: ContentProblem[] = []
  const merge = (
    from: unknown,
    to: unknown,
    at: At | undefined,
    fromPath: Path,
    toPath: Path,
  ): unknown => {
    if (isObject(from) && isObject(to)) {
      const schema = at && schemas.objectSchema(at, to)
      // A block of another type than its French partner: the structure check says so.
      if (from.type !== to.type) return to
      const neutral = new Set(schema ? neutralKeys(schemas, schema) : [])
      const out: Json = {}
      for (const [k, v] of Object.entries(from))
        if (neutral.has(k)) out[k] = v
        else if (k in to)
          out[k] = merge(
            v,
            to[k],
            schema && schemas.property(schema, k),
            [...fromPath, k],
            [...toPath, k],
          )
      for (const [k, v] of Object.entries(to)) {
        if (!neutral.has(k)) {
          if (!(k in out)) out[k] = v
          continue
        }
        const given = from[k] !== undefined
        problems.push({
          file: target.file,
          ...target.positionOf([...toPath, k]),
          key: keyPath([...toPath, k]),
          ...worded(
            given
              ? {
                  en: `${k} is set once, in ${source.file} (line ${source.positionOf([...fromPath, k]).line}); remove it here`,
                  fr: `${k} se règle une seule fois, dans ${source.file} (ligne ${source.positionOf([...fromPath, k]).line}) ; retirez-le ici`,
                }
              : {
                  en: `${k} is set once, for both languages, in ${source.file}; move it there`,
                  fr: `${k} se règle une seule fois, pour les deux langues, dans ${source.file} ; déplacez-le là`,
                },
          ),
        })
      }
      for (const k of neutral) owned.add(keyPath([...toPath, k]))
      return out
    }
    if (Array.isArray(from) && Array.isArray(to)) {
      const items = at && schemas.items(at)
      const idOf = (item: unknown) =>
        isObject(item) && typeof item.id === 'string' ? item.id : undefined
      const isBlock = (item: unknown) => isObject(item) && typeof item.type === 'string'
      const byId = from.length > 0 && from.every((x) => idOf(x) !== undefined && !isBlock(x))
      const partners =
        isBlockList(from) && isBlockList(to)
          ? pairBlocks(from, to).partnerOf
          : byId
            ? pairItems(from, to).partnerOf
            : undefined
      return to.map((item, j) => {
        const i = partners ? (partners[j] ?? -1) : j
        return i < 0 || i >= from.length
          ? item
          : merge(from[i], item, items, [...fromPath, i], [...toPath, j])
      })
    }
    return to
  }
  const value = merge(source.value, target.value, schemas.root('page.schema.json'), [], [])
  return { yaml: { ...target, value }, owned, problems }
}

/** A problem of the English page at a key the French file owns (reported there, not twice). */
export const ownedByOther = (owned: Set<string>, key: string): boolean => {
  for (const k of owned)
    if (key === k || key.startsWith(`${k}.`) || key.startsWith(`${k}[`)) return true
  return false
}

// Reused while the schemas and both files are unchanged: the dev server re-collects the content
// on every save, and the validator keeps results per file object (a new merge would mean a new
// validation of an unchanged page).
const merges = new WeakMap<
  YamlFile,
  { source: YamlFile; schemas: SchemaSet; result: NeutralMerge }
>()

/** mergeNeutral, kept per pair of parsed files. */
export function neutralPage(schemas: SchemaSet, source: YamlFile, target: YamlFile): NeutralMerge {
  const known = merges.get(target)
  if (known?.source === source && known.schemas === schemas) return known.result
  const result = mergeNeutral(schemas, source, target)
  merges.set(target, { source, schemas, result })
  return result
}

export { SOURCE_LANG }
