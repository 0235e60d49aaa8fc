// The save path's core: pure, text in, result out, so the dev server (Node,
// on the disk) and the published editor (the browser, on the repository read through the git
// host's API) run the same code. Given the repository's files as a content source and a save's
// files, it keeps the files whose text changes, runs the project's content check (checkContent,
// what `npm run validate` runs) on the tree as it would be, and either hands back the files to
// write or every problem, in validate's words, at its field when it is in one of the saved files.
// Writing is the caller's: one all-or-nothing write on the disk, one commit on a git host.
import { LineCounter, parse, parseDocument } from 'yaml'
import { isObject } from '../../lib/isObject.ts'
import { type CheckRules, checkContent } from '../content/checkContent.ts'
import { type ContentProblem, sortProblems } from '../content/problems.ts'
import { type ContentSource, overlaySource, sitePathOf } from '../content/source.ts'

export type SaveProblem = ContentProblem & {
  /**
   * Where the problem is in the saved value of its file (`['blocks', 2, 'heading']`; `[]` for the
   * whole file), when that file is one this save writes: the field the CMS shows it at. Absent
   * for a problem in another file (a link elsewhere to a page this save removes).
   */
  field?: (string | number)[]
}

/** What one save changes. */
export type FileSave = {
  /** Path from the root (`content/fr/home.yaml`) -> its new text, or null to remove it. */
  files: ReadonlyMap<string, string | null>
  /** Files under public/ the save adds (uploads) or removes, by their path (`public/docs/x.pdf`). */
  publicAdded?: readonly string[]
  publicRemoved?: readonly string[]
}

export type SavePlan =
  | { saved: true; changed: Map<string, string | null>; checkMs: number }
  | { saved: false; problems: SaveProblem[]; checkMs: number }

/** Checks the tree as `save` would leave `source`; the files to write when no problem remains. */
export function planSave(source: ContentSource, rules: CheckRules, save: FileSave): SavePlan {
  for (const rel of save.files.keys()) assertContentPath(rel)
  const changed = new Map<string, string | null>()
  for (const [rel, text] of save.files)
    if ((source.content.get(rel) ?? null) !== text) changed.set(rel, text)
  const start = performance.now()
  const wouldBe = overlaySource(
    source,
    changed,
    (save.publicAdded ?? []).map(sitePathOf),
    (save.publicRemoved ?? []).map(sitePathOf),
  )
  const problems = sortProblems(checkContent(wouldBe, rules).problems)
  const checkMs = performance.now() - start
  // Problems in any of the entry's files, changed or not, are shown at their fields.
  if (problems.length) return { saved: false, problems: locate(problems, save.files), checkMs }
  return { saved: true, changed, checkMs }
}

/** `public/docs/x.pdf` -> `/docs/x.pdf`, the name the content uses. */

/** A YAML file under content/, named plainly (no `..`, `.`, empty segment or absolute path). */
export function isContentYamlPath(rel: string): boolean {
  return (
    /^content\/[\w./-]+\.yaml$/.test(rel) &&
    !rel.split('/').some((part) => part === '' || part === '.' || part === '..')
  )
}

/** Only YAML files under content/, named plainly: a save never writes elsewhere. */
function assertContentPath(rel: string): void {
  if (!isContentYamlPath(rel))
    throw new Error(`a save writes YAML files under content/ only, not ${JSON.stringify(rel)}`)
}

function locate(problems: ContentProblem[], files: ReadonlyMap<string, string | null>) {
  const values = new Map<string, unknown>()
  const savedValue = (file: string) => {
    if (!values.has(file))
      try {
        values.set(file, parse(files.get(file) ?? ''))
      } catch {
        values.set(file, undefined)
      }
    return values.get(file)
  }
  return problems.map((p): SaveProblem => {
    if (!files.has(p.file)) return p
    return { ...p, field: fieldPath(p.key, savedValue(p.file)) }
  })
}

/**
 * `blocks[2].items[0].title` -> `['blocks', 2, 'items', 0, 'title']`. A key that holds a dot
 * (`nav.home` written as one key) is told from two nested keys by the value itself.
 */
export function fieldPath(key: string, value: unknown): (string | number)[] {
  if (key === '(file)' || key === '(document)') return []
  const tokens = [...key.matchAll(/\[(\d+)\]|([^.[\]]+)/g)].map((m) =>
    m[1] !== undefined ? Number(m[1]) : (m[2] as string),
  )
  const path: (string | number)[] = []
  let at: unknown = value
  for (let i = 0; i < tokens.length; i++) {
    let token = tokens[i] as string | number
    if (typeof token === 'string' && isObject(at))
      for (let j = i + 1; !(token in at) && typeof tokens[j] === 'string'; j++) {
        const joined: string = `${token}.${tokens[j] as string}`
        if (!Object.keys(at).some((k) => k === joined || k.startsWith(`${joined}.`))) break
        token = joined
        i = j
      }
    path.push(token)
    at =
      Array.isArray(at) || isObject(at)
        ? (at as Record<string | number, unknown>)[token]
        : undefined
  }
  return path
}

/** line:col of the value at `path` in a YAML text (1:1 when it is not there). */
export function positionOf(
  text: string | undefined,
  path: readonly (string | number)[],
): { line: number; col: number } {
  if (text === undefined) return { line: 1, col: 1 }
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { lineCounter })
  const node = doc.getIn(path, true) as { range?: [number, number, number] } | undefined
  return lineCounter.linePos(node?.range?.[0] ?? 0)
}
