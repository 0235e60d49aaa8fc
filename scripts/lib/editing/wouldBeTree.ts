// The content check of a tree as it would be after a save, without writing anything: the
// project's own check (checkContent, what `npm run validate` runs) reads the disk's files with
// the save's laid over them in memory (overlaySource). The checker's caches keep serving the
// untouched files: their texts are the disk's (diskSource.ts), their parses kept by text.
import { resolve } from 'node:path'
import { type ContentProblem, sortProblems } from '../../../templates/core/content/problems.ts'
import { overlaySource } from '../../../templates/core/content/source.ts'
import { diskSource } from '../content/diskSource.ts'
import { type CheckResult, checkContent, checkRules, projectDirs } from '../content/load.ts'

/**
 * The content and every problem `npm run validate` would print for the tree at `root` with
 * `files` (paths relative to the root, under content/) written or, for null, removed; problems
 * sorted as validate prints them. Nothing under root is written. The CMS's preview renders
 * the content; its save path needs only the problems (checkWouldBe).
 */
export function collectWouldBe(
  root: string,
  files: ReadonlyMap<string, string | null>,
): CheckResult {
  const dirs = projectDirs(resolve(root))
  const { content, problems } = checkContent(
    overlaySource(diskSource(dirs), files),
    checkRules(dirs.schemas),
  )
  return { content, problems: sortProblems(problems) }
}

/** The problems of collectWouldBe: what a save must find none of before it writes. */
export function checkWouldBe(
  root: string,
  files: ReadonlyMap<string, string | null>,
): ContentProblem[] {
  return collectWouldBe(root, files).problems
}
