// What the templates ask the content for by name: UI strings (`t('common.skipToContent')`), each
// in content/i18n/<lang>.yaml, and pages (`pathOf(routes, 'careers', lang)`), each a route of
// content/routes.yaml. The comparison of the two i18n files catches a string one language lacks;
// a string both lack (removed or renamed in both), or a page the header links to removed from
// the routes, was found only while rendering, where the first one stopped the build with a
// stack trace. Read from the template sources, so a template that starts using a name needs
// nothing else written; names made at run time (`nav.${id}`, a table's columns) are checked
// where the content names them (checks.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TFunction } from 'i18next'
import { FORM_VARIANTS } from '../../../templates/form/rules.ts'
import { formStrings } from '../../../templates/form/strings.ts'
import { SEARCH_MESSAGES } from '../../../templates/lib/searchMessages.ts'
import type { ContentProblem } from './problems.ts'
import type { YamlFile } from './yamlFile.ts'

const CODE_ROOT = fileURLToPath(new URL('../../..', import.meta.url))
/** Where the code that renders pages lives. */
const TEMPLATE_DIRS = ['templates', 'pages']
/** A call t('group.key') or t("group.key"): a literal key with at least one dot. */
const LITERAL_KEY = /\bt\(\s*(['"])([A-Za-z][\w-]*(?:\.[\w-]+)+)\1\s*[,)]/g
/** A call pathOf(routes, 'id', ...) or routeById(routes, 'id'): a literal page id. */
const LITERAL_PAGE = /\b(?:pathOf|routeById)\(\s*routes\s*,\s*(['"])([\w-]+)\1/g

/** The names the templates ask for, each with the first file (from the code root) that does. */
export type TemplateNeeds = { strings: Map<string, string>; pages: Map<string, string> }

/**
 * The UI strings and pages the templates name literally (their sources, 110 files: reading them
 * takes 3-10 ms, which every check paid; kept while no file of them changed).
 */
export function templateNeeds(codeRoot = CODE_ROOT): TemplateNeeds {
  const files = TEMPLATE_DIRS.flatMap((dir) => sourcesUnder(join(codeRoot, dir)))
  const stamps = files.map((path) => statSync(path))
  const stamp = files
    .map((path, i) => `${path}:${stamps[i]?.size}:${stamps[i]?.mtimeMs}`)
    .join('\n')
  const kept = keptNeeds.get(codeRoot)
  // A file written in the last second is read again: its time may not have moved.
  const settled = stamps.every((s) => Date.now() - s.mtimeMs > 1000)
  if (kept?.stamp === stamp && settled) return kept.needs
  const needs = readNeeds(codeRoot, files)
  keptNeeds.set(codeRoot, { stamp, needs })
  return needs
}

const keptNeeds = new Map<string, { stamp: string; needs: TemplateNeeds }>()

/** The .ts and .tsx files below `dir`, each folder's entries by name. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) return sourcesUnder(path)
      return /\.tsx?$/.test(entry.name) ? [path] : []
    })
}

function readNeeds(codeRoot: string, files: string[]): TemplateNeeds {
  const needs: TemplateNeeds = { strings: new Map(), pages: new Map() }
  const note = (names: Map<string, string>, name: string, file: string) => {
    if (!names.has(name)) names.set(name, file)
  }
  for (const path of files) {
    const source = readFileSync(path, 'utf8')
    const file = relative(codeRoot, path)
    for (const m of source.matchAll(LITERAL_KEY)) note(needs.strings, m[2] ?? '', file)
    for (const m of source.matchAll(LITERAL_PAGE)) note(needs.pages, m[2] ?? '', file)
  }
  // Keys the code makes from its own lists (not from the content): this repository's.
  for (const key of formKeys()) note(needs.strings, key, 'templates/form/strings.ts')
  for (const k of SEARCH_MESSAGES)
    note(needs.strings, `search.${k}`, 'templates/lib/searchMessages.ts')
  return needs
}

/**
 * The keys the forms' strings are made of (templates/form/strings.ts builds them from lists of
 * fields and messages): asked of a t() that records them, for each kind of form.
 */
function formKeys(): Set<string> {
  const keys = new Set<string>()
  const record = ((key: string) => {
    keys.add(key)
    return key
  }) as unknown as TFunction
  for (const variant of FORM_VARIANTS) formStrings(record, variant, 1000)
  return keys
}

const valueAt = (value: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>(
    (v, part) =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? (v as Record<string, unknown>)[part]
        : undefined,
    value,
  )

/** i18next's plural forms: t('x.slide', { count }) reads x.slide_one, x.slide_other... */
const PLURAL = /_(zero|one|two|few|many|other)$/

/** The file has the string `path`, or plural forms of it. */
function hasString(file: YamlFile | undefined, path: readonly string[]): boolean {
  if (typeof valueAt(file?.value, path) === 'string') return true
  const group = valueAt(file?.value, path.slice(0, -1))
  const name = path.at(-1)
  return (
    !!group &&
    typeof group === 'object' &&
    Object.keys(group).some((k) => PLURAL.test(k) && k.replace(PLURAL, '') === name)
  )
}

/**
 * A key the templates use that no language file has: one problem, in the first language's file,
 * at the group the string belongs under (the deepest part of it that exists, or the file's
 * start). `files`: the i18n files by language, in the site's order; an unreadable one
 * (undefined) is reported on its own, and nothing is checked then.
 */
export function checkTemplateKeys(
  files: readonly (YamlFile | undefined)[],
  keys: ReadonlyMap<string, string>,
): ContentProblem[] {
  const [first] = files
  if (!first || files.some((f) => !f)) return []
  const problems: ContentProblem[] = []
  for (const [key, usedIn] of keys) {
    const path = key.split('.')
    if (files.some((f) => hasString(f, path))) continue
    const group = path.slice(0, -1)
    let depth = group.length
    while (depth > 0 && valueAt(first.value, group.slice(0, depth)) === undefined) depth--
    problems.push({
      file: first.file,
      ...(depth ? first.positionOf(group.slice(0, depth), true) : { line: 1, col: 1 }),
      key,
      message: `the templates use the UI string "${key}" (${usedIn}), which no language file has: add "${path.at(-1)}: ..." under ${group.join('.')}:${depth < group.length ? ' (a new group)' : ''} in ${files.map((f) => f?.file).join(' and ')}`,
    })
  }
  return problems
}

/**
 * A page the templates link to that the route table lacks: one problem at `routes:` of
 * content/routes.yaml. `ids`: the route ids.
 */
export function checkTemplatePages(
  routesFile: YamlFile,
  ids: ReadonlySet<string>,
  pages: ReadonlyMap<string, string>,
): ContentProblem[] {
  return [...pages]
    .filter(([id]) => !ids.has(id))
    .map(([id, usedIn]) => ({
      file: routesFile.file,
      ...routesFile.positionOf(['routes'], true),
      key: 'routes',
      message: `the templates link to the page "${id}" (${usedIn}), which has no route: add a route with id: ${id} under routes: (and its content/fr/${id}.yaml and content/en/${id}.yaml)`,
    }))
}
