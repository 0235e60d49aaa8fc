// What the templates name (templateNeeds.ts), read from this repository's template sources in
// Node: the names are in the code, so the browser's check gets them made here, as JSON (rules.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TFunction } from 'i18next'
import type { TemplateNeeds } from '../../../templates/core/content/templateNeeds.ts'
import { FORM_VARIANTS } from '../../../templates/form/rules.ts'
import { formStrings } from '../../../templates/form/strings.ts'
import { SEARCH_MESSAGES } from '../../../templates/lib/searchMessages.ts'

const CODE_ROOT = fileURLToPath(new URL('../../..', import.meta.url))
/** Where the code that renders pages lives. */
const TEMPLATE_DIRS = ['templates', 'pages']
/**
 * The browser-safe core renders nothing: it is the check and the save plan, whose messages and
 * examples quote keys (`t('x.slide')`) that no page asks for.
 */
const NOT_TEMPLATES = new Set(['templates/core'])
/** A call t('group.key') or t("group.key"): a literal key with at least one dot. */
const LITERAL_KEY = /\bt\(\s*(['"])([A-Za-z][\w-]*(?:\.[\w-]+)+)\1\s*[,)]/g
/** A call pathOf(routes, 'id', ...) or routeById(routes, 'id'): a literal page id. */
const LITERAL_PAGE = /\b(?:pathOf|routeById)\(\s*routes\s*,\s*(['"])([\w-]+)\1/g

/**
 * The UI strings and pages the templates name literally (their sources, 110 files: reading them
 * takes 3-10 ms, which every check paid; kept while no file of them changed).
 */
export function templateNeeds(codeRoot = CODE_ROOT): TemplateNeeds {
  const files = TEMPLATE_DIRS.flatMap((dir) => sourcesUnder(codeRoot, join(codeRoot, dir)))
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
function sourcesUnder(codeRoot: string, dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => {
      const path = join(dir, entry.name)
      if (entry.isDirectory())
        return NOT_TEMPLATES.has(relative(codeRoot, path)) ? [] : sourcesUnder(codeRoot, path)
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
