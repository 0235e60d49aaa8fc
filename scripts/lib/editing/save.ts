// The save path of the CMS (issue 18, items 4 and 5): the files of one entry, as they would be,
// go through the project's content check first; every problem is returned in validate's words,
// located at its field when it is in one of the saved files; only when none remains are the
// files written, all or none. A file whose text is unchanged is not written at all.
import { existsSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { parse } from 'yaml'
import type { ContentProblem } from '../content/problems.ts'
import { type WriteHooks, writeFilesAtomically } from './atomicWrite.ts'
import { isRecord } from './itemMatch.ts'
import { checkWouldBe } from './wouldBeTree.ts'

export type SaveProblem = ContentProblem & {
  /**
   * Where the problem is in the saved value of its file (`['blocks', 2, 'heading']`; `[]` for the
   * whole file), when that file is one this save writes: the field the CMS shows it at. Absent
   * for a problem in another file (a link elsewhere to a page this save removes).
   */
  field?: (string | number)[]
}

export type SaveResult =
  | { saved: true; written: string[]; checkMs: number }
  | { saved: false; problems: SaveProblem[]; checkMs: number }

export type SaveRequest = {
  /** The project's root (content/, public/, schemas/ under it). */
  root: string
  /** Path relative to the root (`content/fr/home.yaml`) -> its new text, or null to remove it. */
  files: ReadonlyMap<string, string | null>
  hooks?: WriteHooks
}

/** Checks the tree as it would be after the save; writes the files only when no problem remains. */
export function saveEntry({ root, files, hooks }: SaveRequest): SaveResult {
  for (const rel of files.keys()) assertContentPath(rel)
  const changed = new Map<string, string | null>()
  for (const [rel, text] of files) {
    const path = join(root, rel)
    const current = existsSync(path) ? readFileSync(path, 'utf8') : null
    if (current !== text) changed.set(rel, text)
  }
  const start = performance.now()
  const problems = checkWouldBe(root, changed)
  const checkMs = performance.now() - start
  // Problems in any of the entry's files, changed or not, are shown at their fields.
  if (problems.length) return { saved: false, problems: locate(problems, files), checkMs }
  writeFilesAtomically(new Map([...changed].map(([rel, text]) => [join(root, rel), text])), hooks)
  return { saved: true, written: [...changed.keys()], checkMs }
}

/** Only YAML files under content/, named plainly: a save never writes elsewhere. */
function assertContentPath(rel: string): void {
  if (
    !/^content\/[\w./-]+\.yaml$/.test(rel) ||
    posix.normalize(rel) !== rel ||
    rel.split('/').includes('..')
  )
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
    if (typeof token === 'string' && isRecord(at))
      for (let j = i + 1; !(token in at) && typeof tokens[j] === 'string'; j++) {
        const joined: string = `${token}.${tokens[j] as string}`
        if (!Object.keys(at).some((k) => k === joined || k.startsWith(`${joined}.`))) break
        token = joined
        i = j
      }
    path.push(token)
    at =
      Array.isArray(at) || isRecord(at)
        ? (at as Record<string | number, unknown>)[token]
        : undefined
  }
  return path
}
