// Bundled by vite for Chromium (browserCheck.test.ts): the editor's check (templates/admin/check/checker.ts)
// on files handed in as JSON, each call timed in the page. Not a test of its own.

import {
  type CheckData,
  type Checker,
  type ContentProblem,
  type ContentSource,
  createChecker,
  memorySource,
  overlaySource,
  PublicFiles,
} from '../../templates/admin/check/checker.ts'
import { rulesFromData } from '../../templates/core/content/rulesFromData.ts'

type Tree = { content: [string, string][]; publicNames: string[] }
type Timed = { problems: ContentProblem[]; ms: number }
/** `code`: the checker of the data as given (ajv's standalone code); `compiled`: ajv compiles. */
type Mode = 'code' | 'compiled'

let data: CheckData | undefined
const checkers = new Map<Mode, Checker>()
let base: ContentSource | undefined

/** The validators of every top-level schema made (validating nothing), in ms. */
function makeValidators(given: CheckData): number {
  const started = performance.now()
  const validator = rulesFromData(given).validator({
    public: new PublicFiles([]),
    pageIds: new Set(),
    dataIds: new Map(),
    facts: {},
  })
  const nothing = { file: 'x.yaml', value: {}, positionOf: () => ({ line: 1, col: 1 }) }
  for (const file of Object.keys(given.schemas))
    if (!file.includes('/') || file.startsWith('data/')) validator.validate(file, nothing)
  return performance.now() - started
}

const harness = {
  /** The rules' data, as config.json carries it. */
  start(given: CheckData): void {
    data = given
    checkers.clear()
  },
  /** Time to make every validator from the standalone code, then by compiling (fresh each). */
  validatorTimes(): { code: number; compiled: number } {
    if (!data) throw new Error('start() first')
    return { code: makeValidators(data), compiled: makeValidators({ ...data, code: undefined }) }
  },
  /** The next check of `mode` starts from new rules (its validators made again). */
  restart(mode: Mode = 'code'): void {
    checkers.delete(mode)
  },
  /** The tree the later checks lay their files over. */
  load(tree: Tree): void {
    base = memorySource(tree.content, tree.publicNames)
  },
  /**
   * The tree with `files` laid over it (a null text removes the file), and `publicNames` instead
   * of its names when given, checked; timed from the checker's call to its result.
   */
  check(files: [string, string | null][] = [], publicNames?: string[], mode: Mode = 'code'): Timed {
    if (!base || !data) throw new Error('start() and load() first')
    const overlaid = overlaySource(base, new Map(files))
    const source = publicNames ? memorySource(overlaid.content, publicNames) : overlaid
    let checker = checkers.get(mode)
    if (!checker) {
      checker = createChecker(mode === 'code' ? data : { ...data, code: undefined })
      checkers.set(mode, checker)
    }
    const started = performance.now()
    const { problems } = checker(source)
    return { problems, ms: performance.now() - started }
  },
}

;(globalThis as { siteCheck?: typeof harness }).siteCheck = harness
