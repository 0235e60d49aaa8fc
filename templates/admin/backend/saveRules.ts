// The rules of the save path the editor's own backend is given (types.ts `SaveRules`): how an
// entry is read from the repository's files and what a save writes, the pure functions of
// scripts/lib/cms and scripts/lib/editing over a content source, the very ones the dev server
// ran on the disk before (entryPlan.ts: readEntryFrom, planEntry; uploadRules.ts: planUpload),
// with the content check made of the configuration's data (siteCheck.ts, rules.ts).

import { parse } from 'yaml'
import type { CheckRules } from '../../core/content/checkContent.ts'
import { formatProblem } from '../../core/content/problems.ts'
import { type ContentSource, memorySource, sitePathOf } from '../../core/content/source.ts'
import { planSave } from '../../core/editing/planSave.ts'
import { DOCUMENTS_FILE } from '../../core/editor/documentsPlan.ts'
import { planEntry, readEntryFrom } from '../../core/editor/entryPlan.ts'
import { MediaError } from '../../core/editor/mediaNames.ts'
import { type MediaUploadPlan, planMediaUpload, planUpload } from '../../core/editor/uploadRules.ts'
import { siteRules, warmCheck } from '../check/siteCheck.ts'
import type { MediaPlan, RefusedProblem, SavePlan, SaveRules, SaveUpload } from './types.ts'

export function saveRules(): SaveRules {
  return {
    memorySource,
    readEntry: (source, path) => {
      // The repository just read: its first check (every file parsed) while the form opens.
      warmCheck(source)
      return readEntryFrom(source, path).data
    },
    planSave: async (source, path, raw, uploads, base) =>
      planEntrySave(await siteRules(), source, path, raw, uploads, base),
    planDelete: async (source, paths) => planDelete(await siteRules(), source, paths),
    planMedia: async (source, path, bytes, sameBytes) =>
      planMedia(await siteRules(), source, path, bytes, sameBytes),
    merges: true,
  }
}

/**
 * An upload's file name and, for an image, its folder under public/images/ (`news`), from the
 * path Decap gives it (`public/images/news/Photo.PNG`).
 */
function nameAndFolder(path: string): [string, string | undefined] {
  const slash = path.lastIndexOf('/')
  const dir = path.slice(0, Math.max(slash, 0))
  const folder = dir === 'public/images' ? '' : /^public\/images\/(.+)$/.exec(dir)?.[1]
  return [path.slice(slash + 1), folder]
}

/**
 * A save of the entry's text `raw` over `source`: the files sent with it given their clean,
 * free names (and the entry's text the URLs they land at), then the entry planned (merged over
 * `base`, checked as a whole tree). The plan in the backend's terms.
 */
export function planEntrySave(
  rules: CheckRules,
  source: ContentSource,
  path: string,
  raw: string,
  uploads: readonly SaveUpload[],
  base: string | null,
): SavePlan {
  const placed = new Map<string, string>()
  let text = raw
  for (const upload of uploads) {
    const [name, folder] = nameAndFolder(upload.path)
    let target: { path: string; publicUrl: string }
    try {
      // A name taken by other bytes is numbered; by the same bytes, it is the upload's own.
      target = planUpload(source, name, upload.bytes, upload.sameBytes ?? (() => false), folder)
    } catch (error) {
      if (!(error instanceof MediaError)) throw error
      return refused([
        // An upload's refusal is the editor's alone: said in French only (mediaNames.ts).
        {
          file: upload.path,
          line: 1,
          col: 1,
          key: '(file)',
          message: error.message,
          fr: error.message,
        },
      ])
    }
    placed.set(upload.path, target.path)
    text = text.replaceAll(sitePathOf(upload.path), target.publicUrl)
  }
  const plan = planEntry(source, rules, path, parse(text), {
    uploads: [...placed.values()],
    base,
  })
  if (!plan.saved)
    return { ...refused(plan.problems), ...(plan.rebase ? { rebase: plan.rebase } : {}) }
  const files = new Map(plan.changed)
  for (const removed of plan.removed) files.set(removed, null)
  return { ok: true, files, uploads: placed, toReview: plan.toReview, reads: plan.reads }
}

/**
 * The media library's own upload: `planMediaUpload`'s path (and the registry of a new PDF, saved
 * with it through planEntry: in place, checked as a whole tree), or the problems.
 */
export function planMedia(
  rules: CheckRules,
  source: ContentSource,
  path: string,
  bytes: Uint8Array,
  sameBytes: (path: string) => boolean,
): MediaPlan {
  const [name, folder] = nameAndFolder(path)
  let plan: MediaUploadPlan
  try {
    plan = planMediaUpload(source, name, bytes, sameBytes, folder ? { folder } : {})
  } catch (error) {
    if (!(error instanceof MediaError)) throw error
    // An upload's refusal is the editor's alone: said in French only (mediaNames.ts).
    return refused([
      { file: path, line: 1, col: 1, key: '(file)', message: error.message, fr: error.message },
    ])
  }
  if (!plan.registry) return { ok: true, path: plan.path, files: new Map() }
  const saved = planEntry(source, rules, DOCUMENTS_FILE, plan.registry, { uploads: [plan.path] })
  if (!saved.saved) return refused(saved.problems)
  return { ok: true, path: plan.path, files: new Map(saved.changed) }
}

/** The problems of the tree without these files under public/ (content naming one). */
export function planDelete(
  rules: CheckRules,
  source: ContentSource,
  paths: readonly string[],
): RefusedProblem[] {
  const plan = planSave(source, rules, { files: new Map(), publicRemoved: paths })
  return plan.saved ? [] : refused(plan.problems).problems
}

function refused(problems: Omit<RefusedProblem, 'text'>[]): SavePlan & MediaPlan & { ok: false } {
  return { ok: false, problems: problems.map((p) => ({ ...p, text: formatProblem(p) })) }
}
