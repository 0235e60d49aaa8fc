// The content check on the disk (Node): a project's folders, read as a content source
// (diskSource.ts) and checked against the rules of its schemas/ and this repository's templates
// (checkRules). The check itself is check.ts: pure, text in, result out.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  type CheckResult,
  type CheckRules,
  checkContent,
  type SiteContent,
} from '../../../templates/core/content/checkContent.ts'
import { ContentError, type ContentProblem } from '../../../templates/core/content/problems.ts'
import type { CheckData } from '../../../templates/core/content/rulesFromData.ts'
import { needsToJson } from '../../../templates/core/content/templateNeeds.ts'
import {
  type OutdatedTranslation,
  outdatedTranslations,
} from '../../../templates/core/content/translationRecords.ts'
import { setValueCache } from '../../../templates/core/content/yamlFile.ts'
import { diskSource } from './diskSource.ts'
import { cachedValue, storeValue } from './parseCache.ts'
import { diskSchemas, standaloneCode } from './schemasDisk.ts'
import { templateNeeds } from './templateNeedsDisk.ts'

// In Node, parsed values are kept across processes too (parseCache.ts).
setValueCache({ cachedValue, storeValue })

export {
  type CheckResult,
  type CheckRules,
  checkContent,
  type Facts,
  fillFacts,
  LANGS,
  type Lang,
  lookupFact,
  type SiteContent,
} from '../../../templates/core/content/checkContent.ts'

export type ContentDirs = { root: string; content: string; schemas: string; public: string }

/** This repository's schemas/: a content tree without its own (test fixtures) uses them. */
const REPO_SCHEMAS = fileURLToPath(new URL('../../../schemas', import.meta.url))

export function projectDirs(root: string): ContentDirs {
  const schemas = join(root, 'schemas')
  return {
    root,
    content: join(root, 'content'),
    schemas: existsSync(schemas) ? schemas : REPO_SCHEMAS,
    public: join(root, 'public'),
  }
}

/**
 * Reads and validates every content file; returns the content or throws a ContentError that
 * lists every problem of every file at once.
 */
export function loadContent(dirs: ContentDirs): SiteContent {
  // The build validated this tree moments ago (in this process): the renderer takes that result
  // instead of validating a second time.
  const handed = handedOver(dirs)
  if (handed) return handed
  const { content, problems } = collectContent(dirs)
  if (problems.length) throw new ContentError(problems)
  return content as SiteContent
}

const HANDOFF = Symbol.for('transfo-site.validated-content')

/** The content the build validated in this process for `dirs`, if it handed some over. */
export function handedOver(dirs: ContentDirs): SiteContent | undefined {
  const handed = (globalThis as { [HANDOFF]?: { dir: string; content: SiteContent } })[HANDOFF]
  return handed && handed.dir === dirs.content ? handed.content : undefined
}

/**
 * Hands the validated content to the renderer of this process (the build, before vike prerenders:
 * vike loads its own copy of this module, so the hand-off is a global).
 */
export function handOverValidated(dirs: ContentDirs, content: SiteContent): void {
  ;(globalThis as { [HANDOFF]?: { dir: string; content: SiteContent } })[HANDOFF] = {
    dir: dirs.content,
    content,
  }
}

/**
 * The rules of a schemas/ folder: its schemas compiled (validator.ts) and parsed (neutral.ts),
 * both kept while the files are unchanged (schemasDisk.ts), and what this repository's templates
 * name (templateNeedsDisk.ts, kept while they are unchanged).
 */
export function checkRules(schemas: string): CheckRules {
  const read = diskSchemas(schemas)
  return { validator: read.validator, schemas: read.set, needs: templateNeeds() }
}

/**
 * What the rules of checkRules(schemas) are made of, as JSON: the browser's editor makes the same
 * rules of it (rules.ts, rulesFromData).
 */
export function checkData(schemas: string): CheckData {
  return {
    schemas: Object.fromEntries(diskSchemas(schemas).files),
    needs: needsToJson(templateNeeds()),
    code: standaloneCode(schemas),
  }
}

/**
 * Reads, validates and indexes every content file of the project at `dirs` (checkContent on its
 * disk). Returns what could be read and every problem of every file at once.
 */
export function collectContent(dirs: ContentDirs): CheckResult {
  return checkContent(diskSource(dirs), checkRules(dirs.schemas))
}

/**
 * The outdated translations of the project at `dirs` (translationRecords.ts on its disk): what
 * validate, the build and the report list as warnings. `problems`: collectContent's on the same
 * tree; a value whose French is in error there is not a translation to review yet (its problem is
 * the one message of that mistake).
 */
export function collectOutdated(
  dirs: ContentDirs,
  problems: readonly ContentProblem[],
): OutdatedTranslation[] {
  return outdatedTranslations(diskSource(dirs), checkRules(dirs.schemas).schemas, problems)
}
