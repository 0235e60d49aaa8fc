// What the templates ask the content for by name: UI strings (`t('common.skipToContent')`), each
// in content/i18n/<lang>.yaml, and pages (`pathOf(routes, 'careers', lang)`), each a route of
// content/routes.yaml. The comparison of the two i18n files catches a string one language lacks;
// a string both lack (removed or renamed in both), or a page the header links to removed from
// the routes, was found only while rendering, where the first one stopped the build with a
// stack trace. Read from the template sources, so a template that starts using a name needs
// nothing else written; names made at run time (`nav.${id}`, a table's columns) are checked
// where the content names them (checks.ts). Read in Node (templateNeedsDisk.ts); the checks here
// are pure.
import { isObject } from '../../lib/isObject.ts'
import { type ContentProblem, worded } from './problems.ts'
import type { YamlFile } from './yamlFile.ts'

/** The names the templates ask for, each with the first file (from the code root) that does. */
export type TemplateNeeds = { strings: Map<string, string>; pages: Map<string, string> }

/** TemplateNeeds as JSON (the browser's check gets them so: rules.ts), in their order. */
export type TemplateNeedsJson = { strings: [string, string][]; pages: [string, string][] }

export const needsToJson = (needs: TemplateNeeds): TemplateNeedsJson => ({
  strings: [...needs.strings],
  pages: [...needs.pages],
})

export const needsFromJson = (json: TemplateNeedsJson): TemplateNeeds => ({
  strings: new Map(json.strings),
  pages: new Map(json.pages),
})

const valueAt = (value: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((v, part) => (isObject(v) ? v[part] : undefined), value)

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
      ...worded({
        en: `the templates use the UI string "${key}" (${usedIn}), which no language file has: add "${path.at(-1)}: ..." under ${group.join('.')}:${depth < group.length ? ' (a new group)' : ''} in ${files.map((f) => f?.file).join(' and ')}`,
        fr: `les gabarits utilisent le texte d'interface « ${key} » (${usedIn}), qu'aucun fichier de langue n'a : ajoutez « ${path.at(-1)}: ... » sous ${group.join('.')}:${depth < group.length ? ' (un nouveau groupe)' : ''} dans ${files.map((f) => f?.file).join(' et ')}`,
      }),
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
      ...worded({
        en: `the templates link to the page "${id}" (${usedIn}), which has no route: add a route with id: ${id} under routes: (and its content/fr/${id}.yaml and content/en/${id}.yaml)`,
        fr: `les gabarits ont un lien vers la page « ${id} » (${usedIn}), qui n'a pas de route : ajoutez une route d'id: ${id} sous routes: (avec ses content/fr/${id}.yaml et content/en/${id}.yaml)`,
      }),
    }))
}
