// The save path on the disk (the dev server and the tests): the project's files read as a
// content source, the save planned by plan.ts (the same code the published editor runs in the
// browser: check of the would-be tree, problems at their fields), and the files written all or
// none when no problem remains. A file whose text is unchanged is not written at all.
import { join, resolve } from 'node:path'
import {
  type FileSave,
  planSave,
  type SaveProblem,
} from '../../../templates/core/editing/planSave.ts'
import { diskSource } from '../content/diskSource.ts'
import { checkRules, projectDirs } from '../content/load.ts'
import { type WriteHooks, writeFilesAtomically } from './atomicWrite.ts'

export { fieldPath, type SaveProblem } from '../../../templates/core/editing/planSave.ts'

export type SaveResult =
  | { saved: true; written: string[]; checkMs: number }
  | { saved: false; problems: SaveProblem[]; checkMs: number }

export type SaveRequest = {
  /** The project's root (content/, public/, schemas/ under it). */
  root: string
  /** Path relative to the root (`content/fr/home.yaml`) -> its new text, or null to remove it. */
  files: ReadonlyMap<string, string | null>
  /** Files under public/ written with the save (`public/images/x.png` -> bytes): uploads. */
  put?: ReadonlyMap<string, Uint8Array>
  /** Files under public/ the save removes (`public/docs/old.pdf`). */
  take?: readonly string[]
  hooks?: WriteHooks
}

/** The project's files on the disk, as the check reads them, and its rules. */
export function diskProject(root: string) {
  const dirs = projectDirs(resolve(root))
  return { source: diskSource(dirs), rules: checkRules(dirs.schemas) }
}

/** Checks the tree as it would be after the save; writes the files only when no problem remains. */
export function saveEntry({ root, files, put, take, hooks }: SaveRequest): SaveResult {
  const { source, rules } = diskProject(root)
  const save: FileSave = { files, publicAdded: [...(put?.keys() ?? [])], publicRemoved: take }
  const plan = planSave(source, rules, save)
  return writePlan(root, plan, put, take, hooks)
}

/** Writes a planned save (its files, and the uploads and removals under public/), all or none. */
export function writePlan(
  root: string,
  plan: ReturnType<typeof planSave>,
  put: ReadonlyMap<string, Uint8Array> = new Map(),
  take: readonly string[] = [],
  hooks?: WriteHooks,
): SaveResult {
  if (!plan.saved) return plan
  const writes = new Map<string, string | Uint8Array | null>()
  for (const [rel, text] of plan.changed) writes.set(join(root, rel), text)
  for (const [rel, bytes] of put) writes.set(join(root, rel), bytes)
  // A file both put and taken is replaced in place.
  for (const rel of take) if (!put.has(rel)) writes.set(join(root, rel), null)
  writeFilesAtomically(writes, hooks)
  return { saved: true, written: [...plan.changed.keys()], checkMs: plan.checkMs }
}
