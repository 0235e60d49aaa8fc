// JSON Schema -> Decap CMS fields (https://decapcms.org/docs/widgets/). The editors read French:
// labels come from a property's `x-title-fr` (else its `title`, else its key, humanised), hints
// from its `x-description-fr` (else its `description`); `required` from the object's `required`. The project's keywords pick the widget of a string: x-link, x-page, x-data,
// x-fact and x-asset become selects over their registries (registries.ts); x-neutral says which
// values are set once, in French (neutral.ts), rather than in each language.
import { isNeutral, refTarget, type SchemaSet } from '../../../templates/core/content/neutral.ts'
import type { DecapField, DecapOption } from '../../../templates/core/editor/decapConfig.ts'
import { DOCUMENT_FOLDER, IMAGE_FOLDER } from '../../../templates/core/editor/uploadRules.ts'
import { isObject, type Json } from '../../../templates/lib/isObject.ts'
import { listFolding, objectFolding, type Place, summaryOf } from './folding.ts'
import type { Registries } from './registries.ts'

/** A schema node, the file its $refs are relative to, and the descriptions met on the way to it. */
type At = { node: Json; file: string; said: string[] }

export type FieldContext = {
  schemas: SchemaSet
  registries: Registries
  /** Fields of a bilingual entry: each says whether it holds words (i18n) or a neutral setting. */
  bilingual: boolean
  /**
   * x-data collections the entry itself holds (the news page carries the articles): an id of
   * theirs is typed, not chosen, since a select made when the editor loads cannot offer the
   * article added in the same entry; the content check still wants each id to exist.
   */
  carried?: ReadonlySet<string>
  /** Where the fields made go in the entry's form (folding.ts); the entry's own when absent. */
  place?: Place
}

const placeOf = (ctx: FieldContext): Place => ctx.place ?? 'entry'
/** The context of the fields inside an object (`item`: a list's item) of the context's place. */
const inside = (ctx: FieldContext, place: 'object' | 'item'): FieldContext => ({
  ...ctx,
  place: place === 'item' || placeOf(ctx) === 'item' ? 'item' : 'object',
})

/** How often one $ref may recur inside itself (the menu's submenus): Decap has no recursive field. */
const MAX_RECURSION = 3

/** `openFirst` -> `Open first`, `transformer-dist-24` -> `Transformer dist 24`. */
export function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** Each English annotation with its French counterpart, read by labelOf and hintOf. */
const LOCALISED = [
  ['title', 'x-title-fr'],
  ['description', 'x-description-fr'],
] as const

/**
 * `own` over `base` (a referring node over the node it names): an English title or description of
 * `own` without its French one also hides `base`'s French one, which says something else.
 */
function overlay(base: Json, own: Json): Json {
  const node = { ...base, ...own }
  for (const [english, french] of LOCALISED)
    if (english in own && !(french in own)) delete node[french]
  return node
}

const text = (v: unknown) => (typeof v === 'string' ? v : undefined)
/** The label the editor shows for a schema node: its French title, else its English one. */
export const labelOf = (node: Json) => text(node['x-title-fr']) ?? text(node.title)
/** The help the editor shows for a schema node: its French description, else its English one. */
export const hintOf = (node: Json) => text(node['x-description-fr']) ?? text(node.description)
const hint = (node: Json) => {
  const h = hintOf(node)
  return h === undefined ? {} : { hint: h }
}

/** The node a $ref names, with the referring node's own keywords (description, x-neutral) on top. */
export function deref(schemas: SchemaSet, at: At, seen: string[] = []): At & { refs: string[] } {
  let current = at
  const refs = [...seen]
  for (let hops = 0; typeof current.node.$ref === 'string' && hops < 20; hops++) {
    const { $ref, ...own } = current.node
    const target = refTarget(schemas.files, current.file, $ref as string)
    if (!target) break
    const { node, file, pointer } = target
    refs.push(`${file}#${pointer}`)
    const said = typeof node.description === 'string' ? [node.description] : []
    current = { node: overlay(node, own), file, said: [...current.said, ...said] }
  }
  return { ...current, refs }
}

const at = (node: Json, file: string): At => ({
  node,
  file,
  said: typeof node.description === 'string' ? [node.description] : [],
})

/** The fields of an object schema (a page, a block, a data file); `value` fills keys a map leaves open. */
export function objectFields(
  ctx: FieldContext,
  node: Json,
  file: string,
  value?: unknown,
  refs: string[] = [],
): DecapField[] {
  const object = deref(ctx.schemas, at(node, file), refs)
  const properties = branchProperties(ctx, object)
  const required = new Set(Array.isArray(object.node.required) ? object.node.required : [])
  const fields: DecapField[] = []
  for (const [key, property] of Object.entries(properties)) {
    if (key === '$schema' || !isObject(property)) continue
    const field = fieldFor(ctx, key, at(property, object.file), required.has(key), object.refs)
    if (field) fields.push(field)
  }
  // A map (`additionalProperties` only: the images by page, the facts by group, the UI strings):
  // its keys are content, so the fields are the keys the file has today.
  const open = object.node.additionalProperties
  if (isObject(open) && isObject(value))
    for (const [key, v] of Object.entries(value)) {
      if (key === '$schema' || key in properties) continue
      const field = fieldFor(ctx, key, at(open, object.file), true, object.refs, v)
      if (field) fields.push(field)
    }
  return fields
}

const propertiesOf = (node: Json): Json => (isObject(node.properties) ? node.properties : {})

/**
 * Properties with what an if/then/else adds (a ratings table's rows: three-phase or single-phase):
 * the editor cannot switch fields on a value, so a list both branches type gets items with every
 * column either has, required where both require it.
 */
function branchProperties(ctx: FieldContext, object: At & { refs: string[] }): Json {
  const node = object.node
  const base = propertiesOf(node)
  const branches = [node.then, node.else].filter(isObject).map(propertiesOf)
  const out: Json = { ...base }
  for (const key of new Set(branches.flatMap((b) => Object.keys(b)))) {
    const variants = branches.map((b) => b[key]).filter(isObject)
    const merged: Json = {
      ...(isObject(base[key]) ? base[key] : {}),
      ...Object.assign({}, ...variants),
    }
    const items = variants.map((v) => v.items).filter(isObject)
    if (items.length > 1) merged.items = unionOfObjects(ctx, items, object.file)
    out[key] = merged
  }
  return out
}

function unionOfObjects(ctx: FieldContext, nodes: Json[], file: string): Json {
  const objects = nodes.map((n) => deref(ctx.schemas, at(n, file)))
  const properties: Json = {}
  for (const o of objects)
    for (const [k, p] of Object.entries(propertiesOf(o.node))) properties[k] ??= p
  const requiredBy = objects.map(
    (o) => new Set(Array.isArray(o.node.required) ? (o.node.required as string[]) : []),
  )
  const required = Object.keys(properties).filter((k) => requiredBy.every((r) => r.has(k)))
  return { type: 'object', properties, required }
}

function fieldFor(
  ctx: FieldContext,
  key: string,
  property: At,
  required: boolean,
  refs: string[],
  value?: unknown,
): DecapField | undefined {
  const resolved = deref(ctx.schemas, property, refs)
  // A schema inside itself (a submenu's entries): as deep as the value goes, else a few levels.
  const depth = Math.max(
    0,
    ...resolved.refs.map((r) => resolved.refs.filter((x) => x === r).length),
  )
  if (value === undefined && depth > MAX_RECURSION) return undefined
  const node = resolved.node
  const i18n = ctx.bilingual
    ? { i18n: !isNeutral(ctx.schemas, { node: property.node, file: property.file }) }
    : {}
  const shape = widgetOf(ctx, resolved, value)
  if (!shape) return undefined
  // Decap hides a field without `i18n` in the other language: the item field and block types
  // of a list say it too.
  if (shape.field) shape.field = { ...shape.field, ...i18n }
  if (shape.types) shape.types = shape.types.map((t) => ({ ...t, ...i18n }))
  // Decap checks the required fields of an optional object that is absent: inside one, nothing
  // is required in the form (the content check still wants them once the object is there).
  if (!required && shape.widget === 'object' && shape.fields) shape.fields = optional(shape.fields)
  return {
    name: key,
    label: labelOf(node) ?? humanise(key),
    // Decap counts '' as missing: a required key that may be empty (a decorative image's alt)
    // is not required in the form; the content check still wants the key.
    required: required && !(mayBeEmpty(node) && ['string', 'text'].includes(shape.widget)),
    ...hint(node),
    ...i18n,
    ...shape,
  }
}

type Shape = Omit<DecapField, 'name' | 'label'>

function optional(fields: DecapField[]): DecapField[] {
  return fields.map((f) => ({
    ...f,
    required: false,
    ...(f.widget === 'object' && f.fields ? { fields: optional(f.fields) } : {}),
  }))
}

/** A string schema '' satisfies: no minLength, no pattern, no enum. */
const mayBeEmpty = (node: Json): boolean =>
  node.type === 'string' && !(Number(node.minLength) > 0) && !node.pattern && !node.enum

/** The widget and its settings for a property's schema (resolved), or undefined to leave it out. */
function widgetOf(
  ctx: FieldContext,
  s: At & { refs: string[] },
  value?: unknown,
): Shape | undefined {
  const node = s.node
  if ('const' in node) return { widget: 'hidden', default: node.const }
  if (Array.isArray(node.enum)) return select(node.enum.map((v) => enumOption(v, node)))
  const blocks = blockTypes(ctx, s)
  if (blocks) return blocks
  const alternative = alternativeFor(ctx, s, value)
  if (alternative) return widgetOf(ctx, alternative, value)
  const type = typeOf(node, value)
  if (type === 'array') return listOf(ctx, s, value)
  if (type === 'object') {
    const fields = objectFields(inside(ctx, 'object'), node, s.file, value, s.refs)
    return fields.length
      ? { widget: 'object', fields, ...objectFolding(fields, placeOf(ctx)) }
      : undefined
  }
  if (type === 'boolean') return { widget: 'boolean' }
  if (type === 'number' || type === 'integer')
    return {
      widget: 'number',
      value_type: type === 'integer' ? 'int' : 'float',
      ...(typeof node.minimum === 'number' ? { min: node.minimum } : {}),
      ...(typeof node.maximum === 'number' ? { max: node.maximum } : {}),
    }
  return stringWidget(ctx, s)
}

/**
 * A node that is only a choice between schemas (a UI string is a string or a namespace of them):
 * the alternative the value has, or the first. Undefined when the node has a type of its own.
 */
function alternativeFor(
  ctx: FieldContext,
  s: At & { refs: string[] },
  value: unknown,
): (At & { refs: string[] }) | undefined {
  const { anyOf, oneOf, ...own } = s.node
  const options = [anyOf, oneOf].filter(Array.isArray).flat().filter(isObject)
  if (!options.length || own.type || own.properties) return undefined
  const alternatives = options.map((o) => deref(ctx.schemas, at(o, s.file), s.refs))
  const actual = Array.isArray(value) ? 'array' : isObject(value) ? 'object' : typeof value
  const chosen = alternatives.find((a) => typeOf(a.node, value) === actual) ?? alternatives[0]
  if (!chosen) return undefined
  return { ...chosen, node: overlay(chosen.node, own), said: [...s.said, ...chosen.said] }
}

/** The type a node declares; for a union (`["number", "string"]`, anyOf), the one `value` has. */
function typeOf(node: Json, value: unknown): string | undefined {
  const declared = Array.isArray(node.type) ? node.type : node.type ? [node.type] : []
  const alternatives = [node.anyOf, node.oneOf]
    .filter(Array.isArray)
    .flat()
    .filter(isObject)
    .map((o) => o.type)
  const types = [...declared, ...alternatives].filter((t): t is string => typeof t === 'string')
  if (!types.length) return node.properties || node.additionalProperties ? 'object' : undefined
  if (new Set(types).size === 1) return types[0]
  const actual = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value
  if (actual === 'number' && types.includes('integer')) return 'integer'
  return types.includes(actual) ? actual : types[0]
}

function stringWidget(ctx: FieldContext, s: At): Shape {
  const node = s.node
  const media = mediaWidget(node)
  if (media) return media
  const choices = registryOf(ctx, node)
  // An empty registry (a data file not written yet) leaves a line to type in: Decap refuses a
  // select without options.
  if (choices?.length) return select(choices)
  // Running text: the schemas call it a paragraph (common.schema.json's richText).
  const long = s.said.some((d) => /\bparagraph\b/i.test(d))
  const pattern =
    typeof node.pattern === 'string'
      ? { pattern: [node.pattern, patternMessage(node)] as [string, string] }
      : {}
  return { widget: long ? 'text' : 'string', ...pattern }
}

/**
 * A file of public/ (x-asset): Decap's image and file widgets, whose media library lists the
 * files and takes uploads (the backend cleans the name, checks the bytes, and gives a PDF its
 * documents.yaml entry). Decap keeps a media folder flat (a picked file's URL is the public
 * folder and its base name): uploads land at the top of public/images/ and public/docs/; the
 * photos already in subfolders keep their paths.
 */
function mediaWidget(node: Json): Shape | undefined {
  const kind = node['x-asset']
  if (kind === 'image')
    return {
      widget: 'image',
      media_folder: `/${IMAGE_FOLDER}`,
      public_folder: '/images',
      choose_url: false,
    }
  if (kind === 'pdf' || kind === 'file')
    return {
      widget: 'file',
      media_folder: `/${DOCUMENT_FOLDER}`,
      public_folder: '/docs',
      choose_url: false,
    }
  return undefined
}

/** The registry a string names an entry of (x-link, x-page, x-fact, x-asset, x-data), if any. */
function registryOf(ctx: FieldContext, node: Json): DecapOption[] | undefined {
  const r = ctx.registries
  if (node['x-link'] === true) return r.links
  if (node['x-page'] === true) return r.pages
  if (node['x-fact'] === true) return r.facts
  // One collection, or several (`anyOf`: a sheet of specs.yaml or of sme.yaml).
  const collections = [node, ...[node.anyOf, node.oneOf].filter(Array.isArray).flat()]
    .filter(isObject)
    .map((o) => o['x-data'])
    .filter((c): c is string => typeof c === 'string')
  if (collections.length && collections.every((c) => ctx.carried?.has(c))) return undefined
  return collections.length ? collections.flatMap((c) => r.data(c)) : undefined
}

const patternMessage = (node: Json) => hintOf(node) ?? `forme attendue : ${node.pattern}`

/** An enum's value, labelled in French when its schema says how (`x-enum-fr`). */
const enumOption = (v: unknown, node?: Json): DecapOption => {
  const french = isObject(node?.['x-enum-fr']) ? node['x-enum-fr'][String(v)] : undefined
  return {
    label: typeof french === 'string' ? french : String(v),
    value: typeof v === 'number' ? v : String(v),
  }
}

// Decap shows `options` as given: the same array object for every field offering it, so the
// printed YAML names each list once (an anchor) and the config stays small.
const select = (options: DecapOption[]): Shape => ({ widget: 'select', options })

function listOf(ctx: FieldContext, s: At & { refs: string[] }, value?: unknown): Shape | undefined {
  const node = s.node
  const bounds = {
    ...(typeof node.minItems === 'number' ? { min: node.minItems } : {}),
    ...(typeof node.maxItems === 'number' ? { max: node.maxItems } : {}),
  }
  const itemsNode = isObject(node.items) ? node.items : undefined
  if (!itemsNode) return undefined
  const items = deref(ctx.schemas, at(itemsNode, s.file), s.refs)
  const sample = Array.isArray(value) ? value[0] : undefined
  // A list of choices (the networks a news list links to): one select, several values.
  if (Array.isArray(items.node.enum))
    return {
      ...select(items.node.enum.map((v) => enumOption(v, items.node))),
      multiple: true,
      ...bounds,
    }
  const folding = listFolding(placeOf(ctx))
  const blocks = blockTypes(ctx, items)
  if (blocks) return { ...blocks, ...folding, ...bounds }
  const itemCtx = inside(ctx, 'item')
  if (typeOf(items.node, sample) === 'object') {
    const fields = objectFields(itemCtx, items.node, items.file, sample, items.refs)
    const summary = summaryOf(fields)
    return fields.length
      ? { widget: 'list', fields, ...folding, ...(summary ? { summary } : {}), ...bounds }
      : undefined
  }
  const inner = widgetOf(itemCtx, items, sample)
  if (!inner) return undefined
  const item: DecapField = {
    name: 'item',
    label: labelOf(items.node) ?? 'Élément',
    ...hint(items.node),
    ...inner,
  }
  const summary = summaryOf([item])
  return { widget: 'list', field: item, ...folding, ...(summary ? { summary } : {}), ...bounds }
}

/**
 * A union of block schemas (each option an object whose `type` is a const): a typed list, one
 * type per block schema, `type` saying which.
 */
function blockTypes(ctx: FieldContext, s: At & { refs: string[] }): Shape | undefined {
  const options = Array.isArray(s.node.oneOf) ? s.node.oneOf : s.node.anyOf
  if (!Array.isArray(options) || !options.length) return undefined
  const blocks = options.map((o) =>
    isObject(o) ? deref(ctx.schemas, at(o, s.file), s.refs) : undefined,
  )
  const kinds = blocks.map((b) => {
    const type = b && propertiesOf(b.node).type
    return isObject(type) && typeof type.const === 'string' ? type.const : undefined
  })
  if (kinds.some((k) => k === undefined)) return undefined
  const itemCtx = inside(ctx, 'item')
  const types = blocks.map((b, i): DecapField => {
    const block = b as At & { refs: string[] }
    const fields = objectFields(itemCtx, block.node, block.file, undefined, block.refs).filter(
      (f) => f.name !== 'type',
    )
    const summary = summaryOf(fields)
    return {
      name: kinds[i] as string,
      label: labelOf(block.node) ?? humanise(kinds[i] as string),
      widget: 'object',
      ...hint(block.node),
      ...(summary ? { summary } : {}),
      fields,
    }
  })
  return { widget: 'list', typeKey: 'type', types }
}
