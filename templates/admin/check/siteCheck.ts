// The editor's check: its data (the schemas and what the templates name, check.json beside the
// configuration) is fetched once the form is up (prefetchCheckData, when the page is idle), or at
// the first ask before that: the save path asks siteRules() and the preview a check
// siteChecker(), which make the rules (the schemas' validators from their shipped code: 20-40 ms)
// once. The save path (entryPlan.ts) is in the editor's bundle and runs the check itself, so the
// checker's modules are too; warmCheck() runs a first check of the repository read (every file
// parsed: about 1 s for the site's content) while nobody waits.
import {
  type CheckData,
  type Checker,
  type CheckResult,
  type ContentSource,
  checkerOf,
  createRules,
} from './checker.ts'

let load: (() => Promise<CheckData>) | undefined
let rules: Promise<ReturnType<typeof createRules>> | undefined
let checker: Checker | undefined

/** Where the check's data comes from; read at the first ask (or prefetchCheckData). */
export function provideCheckData(fetchData: () => Promise<CheckData>): void {
  load = fetchData
  rules = undefined
  checker = undefined
}

/** The check's rules, for the save path (planEntry runs the check). */
export function siteRules(): Promise<ReturnType<typeof createRules>> {
  if (!rules) {
    if (!load) return Promise.reject(new Error("The editor's configuration has no check data"))
    const made = load().then(createRules)
    rules = made
    // A failed read (the network) is asked again at the next save, not kept.
    made.catch(() => {
      if (rules === made) rules = undefined
    })
  }
  return rules
}

/**
 * The checker of the configuration's rules; fails when the check's data cannot be read. The same
 * tree is checked once: after a change of the form the preview and the translation notices check
 * the same would-be tree, and once the repository is read the site's list of translations and
 * the warm-up check the tree read (the last two trees' results are kept).
 */
export async function siteChecker(): Promise<Checker> {
  checker ??= checkedOnce(checkerOf(await siteRules()))
  return checker
}

type Checked = { source: ContentSource; result: CheckResult }

function checkedOnce(check: Checker): Checker {
  let kept: Checked[] = []
  return (source) => {
    const found = kept.find((k) => sameTree(k.source, source))
    if (found) return found.result
    const result = check(source)
    kept = [{ source, result }, ...kept].slice(0, 2)
    return result
  }
}

/** Whether two sources hold the same files: the texts laid over a tree are its own strings. */
function sameTree(a: ContentSource, b: ContentSource): boolean {
  if (a === b) return true
  if (a.public !== b.public || a.content.size !== b.content.size) return false
  for (const [path, text] of a.content) if (b.content.get(path) !== text) return false
  return true
}

/** Reads the check's data when the page is next idle, so that the first save does not wait. */
export function prefetchCheckData(): void {
  requestIdleCallback(() => void siteRules().catch(() => undefined), { timeout: 10_000 })
}

const warmed = new WeakSet<ContentSource>()

/** A first check of `source` in the background, so that a save's check parses its entry only. */
export function warmCheck(source: ContentSource): void {
  if (warmed.has(source)) return
  warmed.add(source)
  // Once the form is up: the check holds the page's thread for a second on the site's content.
  const run = () =>
    siteChecker()
      .then((check) => check(source))
      .catch(() => undefined)
  setTimeout(() => requestIdleCallback(run, { timeout: 10_000 }), 2000)
}
