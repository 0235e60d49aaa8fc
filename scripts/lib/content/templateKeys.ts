// The UI strings the templates ask for by name (`t('common.skipToContent')`): each must be in
// content/i18n/<lang>.yaml. The comparison of the two files catches a string one language lacks;
// a string both lack (removed or renamed in both) was found only while rendering, where the
// first missing one stopped the build with a stack trace. Read from the template sources, so a
// template that starts using a string needs nothing else written; keys made at run time
// (`nav.${id}`, a table's columns) are checked where the content names them (checks.ts).
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ContentProblem } from './problems.ts'
import type { YamlFile } from './yamlFile.ts'

const CODE_ROOT = fileURLToPath(new URL('../../..', import.meta.url))
/** Where the code that renders pages lives. */
const TEMPLATE_DIRS = ['templates', 'pages']
/** A call t('group.key') or t("group.key"): a literal key with at least one dot. */
const LITERAL_KEY = /\bt\(\s*(['"])([A-Za-z][\w-]*(?:\.[\w-]+)+)\1\s*[,)]/g

/** Each literal key the templates ask for, with the first file (from the code root) that does. */
export function templateKeys(codeRoot = CODE_ROOT): Map<string, string> {
  const keys = new Map<string, string>()
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (/\.tsx?$/.test(entry.name))
        for (const m of readFileSync(path, 'utf8').matchAll(LITERAL_KEY)) {
          const key = m[2] ?? ''
          if (!keys.has(key)) keys.set(key, relative(codeRoot, path))
        }
    }
  }
  for (const dir of TEMPLATE_DIRS) walk(join(codeRoot, dir))
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
    Object.keys(group).some(
      (k) => k.startsWith(`${name}_`) && PLURAL.test(k) && k.replace(PLURAL, '') === name,
    )
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
  keys: ReadonlyMap<string, string> = templateKeys(),
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
