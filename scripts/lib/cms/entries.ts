// The entries of the CMS on the disk, for the dev server's endpoint (Decap CMS's proxy protocol:
// an entry is a path and the raw text of its file). Reading and planning are entryPlan.ts's,
// pure, the same code the published editor runs on the repository; this file reads the project
// as a content source and writes a planned save, all or none.
import { parse } from 'yaml'
import type { SaveProblem } from '../../../templates/core/editing/planSave.ts'
import type { EntryFile } from '../../../templates/core/editor/entryPaths.ts'
import { planEntry, readEntryFrom } from '../../../templates/core/editor/entryPlan.ts'
import { diskProject, writePlan } from '../editing/save.ts'

export {
  assertEntryPath,
  EntryPathError,
  entryValues,
} from '../../../templates/core/editor/entryPlan.ts'

export type PersistResult =
  | { saved: true; written: string[]; checkMs: number }
  | { saved: false; problems: SaveProblem[]; checkMs: number }

/** An entry as Decap reads it; data null when no file is behind it. */
export function readEntry(root: string, path: string): EntryFile {
  return readEntryFrom(diskProject(root).source, path)
}

/**
 * Saves an entry from the raw text the CMS serialised, with the files the editor chose in its
 * widgets (`public/...` -> bytes, written with the entry, all or none), or says why it cannot.
 */
export function persistEntry(
  root: string,
  path: string,
  raw: string,
  uploads: ReadonlyMap<string, Uint8Array> = new Map(),
): PersistResult {
  const { source, rules } = diskProject(root)
  const plan = planEntry(source, rules, path, parse(raw), { uploads: [...uploads.keys()] })
  return writePlan(root, plan, uploads, plan.saved ? plan.removed : [])
}
