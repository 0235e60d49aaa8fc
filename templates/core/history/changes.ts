// What a save (a commit) changed in an entry, read from its files' texts before and after it as
// the form reads them (readEntryFrom), never from a host's patch: a reformatted file or a moved
// comment is no change, and list items are matched as the save matches them (matchItems: by id,
// else by equality, the rest in order), so an item inserted in a list is one change, not every
// later item changed. Each change is placed in the entry's value (`['fr', 'blocks', 2, 'title']`),
// the path fieldLabels names and the form holds, so « Rétablir » can put the value before it back
// into the open form (restoreValue), wherever its item is now.
import { parse } from 'yaml'
import { isObject } from '../../lib/isObject.ts'
import { LANGS, type Lang, SOURCE_LANG } from '../../lib/languages.ts'
import { memorySource } from '../content/source.ts'
import { type DiffPart, wordDiff } from '../content/wordDiff.ts'
import { matchItems, sameValue } from '../editing/itemMatch.ts'
import { holdsNews, localeFiles, NEWS_DATA, pageIdOf } from '../editor/entryPaths.ts'
import { assertEntryPath, readEntryFrom } from '../editor/entryPlan.ts'

export type FieldPath = (string | number)[]

/**
 * - `changed`: a value both sides have (a text, a number; or a value whose kind changed).
 * - `added` / `removed`: a field, or a list item, only one side has: one change holding it whole.
 * - `moved`: the items a list kept come in another order (one change at the list's path; the
 *   items' values are compared apart, so a moved item that also changed is a `changed` too).
 * - `unreadable`: a file that is not valid YAML on one side (a developer's broken commit): one
 *   change of the whole file.
 */
export type ChangeKind = 'changed' | 'added' | 'removed' | 'moved' | 'unreadable'

export type FieldChange = {
  kind: ChangeKind
  /**
   * Where the value is in the entry AFTER the commit (`['fr', 'blocks', 2, 'title']`; `[]` for a
   * plain file's whole value). For a removed list item, the index it would have there: the
   * item now at that index is the one that followed it.
   */
  field: FieldPath
  /** Where the value was before the commit; absent for an added value. */
  beforeField?: FieldPath
  /** The language column of a page's or the UI strings' value (the news data is the French's). */
  lang?: Lang
  /** The value before the commit (undefined: none); a list's whole value for `moved`. */
  before: unknown
  after: unknown
  /** The words of two texts, when a word diff helps (wordDiff). */
  diff?: DiffPart[]
  /** For `unreadable`: the side(s) whose text is not YAML (its value is then undefined). */
  unreadable?: 'before' | 'after' | 'both'
  /**
   * For restoreValue: the list, as the commit left it, at each number of `field` in turn, so the
   * item is found by identity in a form that changed since. Not for display.
   */
  within: unknown[][]
}

/** Where one file's values are in its entry's value. */
type Place = { prefix: FieldPath; lang?: Lang; key?: string }

function placeOf(entryPath: string, file: string): Place | undefined {
  const locales = localeFiles(entryPath)
  if (!locales) return file === entryPath ? { prefix: [] } : undefined
  const lang = LANGS.find((l) => locales[l] === file)
  if (lang) return { prefix: [lang], lang }
  // The news page's articles: content/data/news.yaml's `articles`, under the French value.
  // Which page is the news page is historyFiles' to say (it lists the file for that page only).
  if (file === NEWS_DATA.file && pageIdOf(entryPath))
    return { prefix: [SOURCE_LANG, NEWS_DATA.key], lang: SOURCE_LANG, key: NEWS_DATA.key }
  return undefined
}

/**
 * The files whose values make the entry, French first, then English, then the news data. The
 * tree is not read: whether a page holds the news list is said by its value, the form's (`{ fr,
 * en }`, holdsNews on its French), so the news page's history also lists the saves of
 * content/data/news.yaml and no other page's does. Without a value, a page's two files only.
 */
export function historyFiles(entryPath: string, entryValue?: unknown): string[] {
  assertEntryPath(entryPath)
  const locales = localeFiles(entryPath)
  if (!locales) return [entryPath]
  const files = LANGS.map((l) => locales[l])
  const french = isObject(entryValue) ? entryValue[SOURCE_LANG] : undefined
  if (pageIdOf(entryPath) && holdsNews(french)) files.push(NEWS_DATA.file)
  return files
}

type Read = { value: unknown } | { unreadable: true }

/** A file's value as the form reads it; undefined for no file; never a throw. */
function readText(text: string | null, place: Place): Read {
  if (text === null) return { value: undefined }
  let value: unknown
  try {
    value = parse(text)
  } catch {
    return { unreadable: true }
  }
  if (place.key) return { value: isObject(value) ? value[place.key] : undefined }
  // An empty file (or comments only) is an empty form, as readEntryFrom reads it.
  return { value: value ?? {} }
}

/**
 * The values that changed in one of the entry's files between two texts (null: no file), placed
 * in the entry's value, in the file's order. [] for a file that is not the entry's, or when only
 * the formatting or the comments changed.
 */
export function fileChanges(
  entryPath: string,
  file: string,
  before: string | null,
  after: string | null,
): FieldChange[] {
  const place = placeOf(entryPath, file)
  if (!place || before === after) return []
  const lang = place.lang ? { lang: place.lang } : {}
  const b = readText(before, place)
  const a = readText(after, place)
  if (!('value' in b) || !('value' in a)) {
    const side = 'value' in a ? 'before' : 'value' in b ? 'after' : 'both'
    return [
      {
        kind: 'unreadable',
        field: place.prefix,
        beforeField: place.prefix,
        ...lang,
        before: 'value' in b ? b.value : undefined,
        after: 'value' in a ? a.value : undefined,
        unreadable: side,
        within: [],
      },
    ]
  }
  const out: FieldChange[] = []
  compare(b.value, a.value, place.prefix, place.prefix, [], out)
  return out.map((c) => ({ ...c, ...lang }))
}

function compare(
  before: unknown,
  after: unknown,
  field: FieldPath,
  beforeField: FieldPath,
  within: unknown[][],
  out: FieldChange[],
): void {
  if (sameValue(before, after)) return
  if (before === undefined) {
    out.push({ kind: 'added', field, before, after, within })
    return
  }
  if (after === undefined) {
    out.push({ kind: 'removed', field, beforeField, before, after, within })
    return
  }
  if (isObject(before) && isObject(after)) {
    for (const key of keysInOrder(before, after))
      compare(before[key], after[key], [...field, key], [...beforeField, key], within, out)
    return
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    compareLists(before, after, field, beforeField, within, out)
    return
  }
  const diff = typeof before === 'string' && typeof after === 'string' && wordDiff(before, after)
  out.push({
    kind: 'changed',
    field,
    beforeField,
    before,
    after,
    ...(diff ? { diff } : {}),
    within,
  })
}

/** The keys after the commit in their order, each key it removed after the key it followed. */
function keysInOrder(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = Object.keys(after)
  let at = -1
  for (const key of Object.keys(before)) {
    const i = keys.indexOf(key)
    if (i >= 0) at = i
    else keys.splice(++at, 0, key)
  }
  return keys
}

function compareLists(
  before: unknown[],
  after: unknown[],
  field: FieldPath,
  beforeField: FieldPath,
  within: unknown[][],
  out: FieldChange[],
): void {
  const match = matchItems(before, after)
  const kept = match.filter((i) => i !== undefined)
  // A reorder is said once, at the list ("the order of the blocks changed"): an editor who dragged
  // a block up reads that, and would not read each item as changed.
  if (kept.some((i, n) => n > 0 && i < (kept[n - 1] as number)))
    out.push({ kind: 'moved', field, beforeField, before, after, within })
  const lists = [...within, after]
  // A removed item goes where it stood: after the item it followed, if that one is kept.
  const removedAt = new Map<number, number[]>()
  for (let i = 0; i < before.length; i++) {
    if (kept.includes(i)) continue
    let at = 0
    for (let j = i - 1; j >= 0; j--)
      if (kept.includes(j)) {
        at = match.indexOf(j) + 1
        break
      }
    removedAt.set(at, [...(removedAt.get(at) ?? []), i])
  }
  for (let k = 0; k <= after.length; k++) {
    for (const i of removedAt.get(k) ?? [])
      out.push({
        kind: 'removed',
        field: [...field, k],
        beforeField: [...beforeField, i],
        before: before[i],
        after: undefined,
        within: lists,
      })
    if (k === after.length) break
    const i = match[k]
    if (i === undefined)
      out.push({
        kind: 'added',
        field: [...field, k],
        before: undefined,
        after: after[k],
        within: lists,
      })
    else compare(before[i], after[k], [...field, k], [...beforeField, i], lists, out)
  }
}

/** The order of an entry's files in a commit's changes: French, English, then the data. */
function fileOrder(entryPath: string): string[] {
  const locales = localeFiles(entryPath)
  if (!locales) return [entryPath]
  const files = LANGS.map((l) => locales[l])
  if (pageIdOf(entryPath)) files.push(NEWS_DATA.file)
  return files
}

/**
 * All the changes of one commit to the entry: each file's texts before and after it (a file
 * missing from a map, or null, is no file on that side), French first, then English, then the
 * news data, each in its file's order. Files that are not the entry's are ignored.
 */
export function commitChanges(
  entryPath: string,
  befores: ReadonlyMap<string, string | null>,
  afters: ReadonlyMap<string, string | null>,
): FieldChange[] {
  return fileOrder(entryPath)
    .filter((file) => befores.has(file) || afters.has(file))
    .flatMap((file) =>
      fileChanges(entryPath, file, befores.get(file) ?? null, afters.get(file) ?? null),
    )
}

/** A version that cannot be put back into the form; its message is the editor's, in French. */
export class UnreadableVersion extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UnreadableVersion'
  }
}

/**
 * The entry's whole value as the form would show it if its files had these texts (null or
 * missing: no file): readEntryFrom on those texts alone, the save's own reading, so « Rétablir
 * cette version » fills the form as opening that version would. Pass every file of the entry
 * (historyFiles) at the commit, not only those it changed. Throws UnreadableVersion (a French
 * message) when a file is not valid YAML or no file of the entry existed.
 */
export function entryAt(entryPath: string, texts: ReadonlyMap<string, string | null>): unknown {
  const pairs = [...texts].filter((p): p is [string, string] => p[1] !== null)
  let data: string | null
  try {
    data = readEntryFrom(memorySource(pairs, []), entryPath).data
    if (data !== null) return parse(data) ?? {}
  } catch {
    throw new UnreadableVersion(
      'Cette version ne peut pas être rétablie : un de ses fichiers était mal écrit et ne pouvait pas être lu. Rétablissez plutôt ses valeurs une à une, ou une autre version.',
    )
  }
  throw new UnreadableVersion(
    "Ce contenu n'existait pas encore à cette version : il n'y a rien à rétablir.",
  )
}

type Restored = { value: unknown } | { problem: string }

/**
 * The form's value with the value before `change` put back at its place: list items are found
 * by identity in the form as it is now (matchItems against the list as the commit left it), so
 * an item moved since, or with items inserted before it, still gets its value. A removed item
 * goes back after the item it followed (else at its old index, within the list); an added item
 * is taken out; a reorder puts the items still there back in the order before the commit. When
 * the value's place no longer exists, a problem for the editor, in French.
 */
export function restoreValue(formValue: unknown, change: FieldChange): Restored {
  const { kind, field, before } = change
  if (kind === 'unreadable' && change.unreadable !== 'after')
    return {
      problem:
        "Avant cet enregistrement, le fichier était mal écrit et ne pouvait pas être lu : il n'y a pas de valeur à rétablir.",
    }
  const fileRoot = field.length === 0 || (field.length === 1 && change.lang !== undefined)
  if ((kind === 'added' || kind === 'unreadable') && before === undefined && fileRoot)
    return {
      problem: "Cet enregistrement a créé ce contenu : il n'y a pas de version d'avant à rétablir.",
    }
  if (kind === 'moved') {
    const list = resolve(formValue, field, change.within)
    if ('problem' in list) return list
    if (!Array.isArray(list.node) || !Array.isArray(before)) return { problem: FIELD_GONE }
    const reordered = inOrderOf(before, list.node)
    return { value: updateAt(formValue, list.path, () => reordered) }
  }
  if (!field.length) return { value: before }
  const last = field[field.length - 1] as string | number
  const parent = resolve(formValue, field.slice(0, -1), change.within)
  if ('problem' in parent) return parent
  const { node, path } = parent
  if (typeof last === 'string') {
    if (!isObject(node)) return { problem: FIELD_GONE }
    if (kind === 'added') {
      if (!Object.hasOwn(node, last)) return { problem: ALREADY_REMOVED('') }
      const { [last]: _, ...rest } = node
      return { value: updateAt(formValue, path, () => rest) }
    }
    return { value: updateAt(formValue, path, () => ({ ...node, [last]: before })) }
  }
  if (!Array.isArray(node)) return { problem: FIELD_GONE }
  const list = change.within[change.within.length - 1] ?? []
  if (kind === 'removed') {
    const id = idOf(before)
    if (id !== undefined && node.some((x) => idOf(x) === id))
      return { problem: `Cet élément est déjà présent${named(before)}. Rien n'a été changé.` }
    const neighbour = last > 0 ? locate(list, last - 1, node) : -1
    const old = change.beforeField?.[change.beforeField.length - 1]
    const at =
      neighbour !== undefined
        ? neighbour + 1
        : Math.min(Math.max(typeof old === 'number' ? old : last, 0), node.length)
    return {
      value: updateAt(formValue, path, () => [...node.slice(0, at), before, ...node.slice(at)]),
    }
  }
  const j = locate(list, last, node)
  if (kind === 'added') {
    if (j === undefined) return { problem: ALREADY_REMOVED(named(list[last])) }
    return { value: updateAt(formValue, path, () => node.filter((_, i) => i !== j)) }
  }
  if (j === undefined) return { problem: gone(list[last]) }
  return { value: updateAt(formValue, path, () => node.map((x, i) => (i === j ? before : x))) }
}

const FIELD_GONE =
  "Le champ qui contenait cette valeur n'existe plus : la valeur n'a pas été rétablie."

const ALREADY_REMOVED = (name: string) =>
  `Cet élément n'est déjà plus là${name}. Rien n'a été changé.`

const gone = (item: unknown) =>
  `Cet élément n'existe plus${named(item)}. Il a été retiré depuis cet enregistrement : la valeur n'a pas été rétablie.`

/** ` : « Inter-entreprises »`: an item as the editor knows it (its title, else its text). */
function named(item: unknown): string {
  const o = isObject(item) ? item : {}
  const name = [item, o.title, o.heading, o.label, o.name, o.question, o.alt, o.text, o.id].find(
    (x) => typeof x === 'string' && x.trim() !== '',
  ) as string | undefined
  if (!name) return ''
  return ` : « ${name.length > 80 ? `${name.slice(0, 79)}…` : name} »`
}

const idOf = (item: unknown) =>
  isObject(item) && (typeof item.id === 'string' || typeof item.id === 'number')
    ? String(item.id)
    : undefined

/** The index in `now` of the item at `k` in `list` (the list as the commit left it). */
function locate(list: unknown[], k: number, now: unknown[]): number | undefined {
  const j = matchItems(list, now).indexOf(k)
  return j < 0 ? undefined : j
}

/** The path in the form's value of the change's path, each list item found by identity. */
function resolve(
  value: unknown,
  steps: FieldPath,
  within: unknown[][],
): { node: unknown; path: FieldPath } | { problem: string } {
  let node = value
  const path: FieldPath = []
  let n = 0
  for (const step of steps) {
    if (typeof step === 'number') {
      const list = within[n++] ?? []
      if (!Array.isArray(node)) return { problem: FIELD_GONE }
      const j = locate(list, step, node)
      if (j === undefined) return { problem: gone(list[step]) }
      path.push(j)
      node = node[j]
    } else {
      if (!isObject(node) || node[step] === undefined) return { problem: FIELD_GONE }
      path.push(step)
      node = node[step]
    }
  }
  return { node, path }
}

/** `now` with the items `before` has too in `before`'s order, in the places they hold now. */
function inOrderOf(before: unknown[], now: unknown[]): unknown[] {
  const match = matchItems(before, now)
  const places = match.flatMap((i, j) => (i === undefined ? [] : [j]))
  const items = [...places].sort((a, b) => (match[a] as number) - (match[b] as number))
  const out = [...now]
  places.forEach((place, n) => {
    out[place] = now[items[n] as number]
  })
  return out
}

/** `value` with `fn` applied at `path` (a path that exists), copied along it. */
function updateAt(value: unknown, path: FieldPath, fn: (node: unknown) => unknown): unknown {
  if (!path.length) return fn(value)
  const [head, ...rest] = path as [string | number, ...FieldPath]
  if (Array.isArray(value)) {
    const copy = [...value]
    copy[head as number] = updateAt(copy[head as number], rest, fn)
    return copy
  }
  const record = value as Record<string, unknown>
  return { ...record, [head]: updateAt(record[head as string], rest, fn) }
}
