// The content check in the editor: the very check `npm run validate` runs
// (templates/core/content/checkContent.ts, pure), on the files the editor holds in memory (the
// repository's tree it read, a save laid over it: source.ts), with the rules made of the data the
// editor's configuration carries (`check`: the schemas and what the templates name).
import { type CheckResult, type CheckRules, checkContent } from '../../core/content/checkContent.ts'
import { type CheckData, rulesFromData } from '../../core/content/rulesFromData.ts'
import type { ContentSource } from '../../core/content/source.ts'

export type { ContentProblem } from '../../core/content/problems.ts'
export { formatProblem, sortProblems } from '../../core/content/problems.ts'
export {
  type ContentSource,
  memorySource,
  overlaySource,
  PublicFiles,
} from '../../core/content/source.ts'
export type { CheckData, CheckResult }

/** Checks a set of files: every problem, in validate's words, at its file:line:col and key. */
export type Checker = (source: ContentSource) => CheckResult

/**
 * The check with the rules of `data`. The schemas are compiled by ajv at the first check (the
 * editor's policy allows 'unsafe-eval', for Decap's own ajv), then kept for the checker's life;
 * each file's parse is kept by its text (yamlFile.ts), so a check after a one-entry edit parses
 * that entry only.
 */
export function createRules(data: CheckData): CheckRules {
  return rulesFromData(data)
}

/** The check with rules already made. */
export function checkerOf(rules: CheckRules): Checker {
  return (source) => checkContent(source, rules)
}

export function createChecker(data: CheckData): Checker {
  return checkerOf(createRules(data))
}
