// Missing translations: content/fr/<id>.yaml and content/en/<id>.yaml (and the two UI string
// files) must have the same structure: the same keys, the same blocks in the same order, the
// same list items by id, nothing empty on one side only. Each finding is placed in the file
// that lacks the text, at the nearest enclosing key, and names where the other language has it.
//
// Severity: a missing or empty file is an error; a gap inside a file is a warning (the page
// builds, a reader of one language misses something), so `--strict` fails on it.
import { existsSync, readdirSync } from 'node:fs'
import { basename, join } from 'node:path'
import { keyPath } from '../content/problems.ts'
import { readYamlFile, type YamlFile } from '../content/yamlFile.ts'
import type { Finding } from './findings.ts'
import { error, warning } from './findings.ts'

type Path = (string | number)[]
type Side = { yaml: YamlFile; name: string }

const LANG_NAMES = { fr: 'French', en: 'English' } as const

export function checkTranslations(root: string): Finding[] {
  const content = join(root, 'content')
  const out: Finding[] = []
  const ids = new Set((['fr', 'en'] as const).flatMap((lang) => yamlNames(join(content, lang))))
  for (const id of [...ids].sort()) out.push(...comparePair(root, `content/{lang}/${id}.yaml`))
  if (existsSync(join(content, 'i18n'))) out.push(...comparePair(root, 'content/i18n/{lang}.yaml'))
  return out
}

function yamlNames(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.yaml'))
        .map((f) => basename(f, '.yaml'))
    : []
}

/** Compares the French and English versions of one file (pattern with `{lang}`). */
function comparePair(root: string, pattern: string): Finding[] {
  const files = { fr: pattern.replace('{lang}', 'fr'), en: pattern.replace('{lang}', 'en') }
  const present = (lang: 'fr' | 'en') => existsSync(join(root, files[lang]))
  for (const [lang, other] of [
    ['fr', 'en'],
    ['en', 'fr'],
  ] as const)
    if (!present(lang))
      return present(other)
        ? [
            error(
              'translation',
              { file: files[other], line: 1, col: 1 },
              `no ${LANG_NAMES[lang]} translation: ${files[lang]} is missing`,
            ),
          ]
        : []
  const fr: Side = { yaml: readYamlFile(join(root, files.fr), root).yaml, name: files.fr }
  const en: Side = { yaml: readYamlFile(join(root, files.en), root).yaml, name: files.en }
  // readYamlFile leaves the value undefined only on syntax errors (an empty file is null).
  const unreadable = [fr, en].filter((side) => side.yaml.value === undefined)
  if (unreadable.length)
    return unreadable.map((side) =>
      error(
        'translation',
        { file: side.name, line: 1, col: 1 },
        'cannot be read: run `npm run validate`',
      ),
    )
  for (const [mine, theirs] of [
    [fr, en],
    [en, fr],
  ] as const)
    if (isEmpty(mine.yaml.value) && !isEmpty(theirs.yaml.value))
      return [
        error(
          'translation',
          { file: mine.name, line: 1, col: 1 },
          `file is empty, but ${theirs.name} has content`,
        ),
      ]
  return [...compareValues(fr, en, [], [], true), ...compareValues(en, fr, [], [], false)]
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'object' && Object.keys(value).length === 0)
  )
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v)
const isText = (v: unknown) => typeof v === 'string' && v.trim() !== ''

/**
 * Reports what `from` has and `to` lacks, at `to`'s position. `fromPath`/`toPath` differ only when
 * list items are matched by id. Shape differences are reported once (when `reportShape`).
 */
function compareValues(
  from: Side,
  to: Side,
  fromPath: Path,
  toPath: Path,
  reportShape: boolean,
): Finding[] {
  const a = valueAt(from.yaml.value, fromPath)
  const b = valueAt(to.yaml.value, toPath)
  const gap = (message: string, path: Path = toPath) =>
    warning('translation', { file: to.name, ...to.yaml.positionOf(path) }, message)
  const there = (path: Path) => `${from.name}:${fmt(from.yaml.positionOf(path))}`
  if (isObject(a)) {
    if (!isObject(b))
      return reportShape
        ? [gap(`${keyPath(toPath)} is ${kindOf(b)} here but a mapping in ${there(fromPath)}`)]
        : []
    return Object.keys(a)
      .filter((k) => k !== '$schema')
      .flatMap((k) =>
        k in b
          ? compareValues(from, to, [...fromPath, k], [...toPath, k], reportShape)
          : [gap(`${keyPath([...toPath, k])} is missing (${there([...fromPath, k])} has it)`)],
      )
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b))
      return reportShape
        ? [gap(`${keyPath(toPath)} is ${kindOf(b)} here but a list in ${there(fromPath)}`)]
        : []
    return compareLists(from, to, a, b, fromPath, toPath, reportShape, gap, there)
  }
  if (isText(a) && !isText(b) && typeof b === 'string')
    return [gap(`${keyPath(toPath)} is empty (${there(fromPath)} has text)`)]
  return []
}

function compareLists(
  from: Side,
  to: Side,
  a: unknown[],
  b: unknown[],
  fromPath: Path,
  toPath: Path,
  reportShape: boolean,
  gap: (message: string, path?: Path) => Finding,
  there: (path: Path) => string,
): Finding[] {
  const key = keyPath(toPath)
  if (a.length > 0 && b.length === 0)
    return [
      gap(`${key} is empty (${there(fromPath)} has ${a.length} item${a.length === 1 ? '' : 's'})`),
    ]
  const idOf = (item: unknown) =>
    isObject(item) && typeof item.id === 'string' ? item.id : undefined
  // List items are matched by id; blocks by position and type (a block's id is an anchor,
  // which may be translated).
  const isBlock = (item: unknown) => isObject(item) && typeof item.type === 'string'
  if (a.every((item) => idOf(item) !== undefined && !isBlock(item))) {
    return a.flatMap((item, i) => {
      const j = b.findIndex((x) => idOf(x) === idOf(item))
      return j < 0
        ? [gap(`${key} has no item with id "${idOf(item)}" (${there([...fromPath, i])} has it)`)]
        : compareValues(from, to, [...fromPath, i], [...toPath, j], reportShape)
    })
  }
  return a.flatMap((item, i) => {
    if (i >= b.length) return [gap(`${key}[${i}] is missing (${there([...fromPath, i])} has it)`)]
    const typeA = isObject(item) ? item.type : undefined
    const typeB = isObject(b[i]) ? (b[i] as Record<string, unknown>).type : undefined
    if (typeA !== typeB)
      return reportShape
        ? [
            gap(
              `${key}[${i}] is a "${String(typeB)}" block here but a "${String(typeA)}" block in ${there([...fromPath, i])}`,
              [...toPath, i],
            ),
          ]
        : []
    return compareValues(from, to, [...fromPath, i], [...toPath, i], reportShape)
  })
}

function valueAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>(
    (v, k) => (v as Record<string | number, unknown> | undefined)?.[k],
    value,
  )
}

function kindOf(v: unknown): string {
  if (Array.isArray(v)) return 'a list'
  if (isObject(v)) return 'a mapping'
  return v === null || v === undefined ? 'empty' : `a ${typeof v}`
}

const fmt = (p: { line: number; col: number }) => `${p.line}:${p.col}`
