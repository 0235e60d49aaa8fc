// The editor's check: main.tsx keeps the data of the configuration's `check` here
// (keepCheckData) before Decap reads the rest; the save path asks siteRules() and a check
// siteChecker(), which make the rules (the schemas' validators from their shipped code: 20-40 ms)
// once, at the first ask. The save path (entryPlan.ts) is in the editor's bundle and runs the
// check itself, so the checker's modules are too; warmCheck() runs a first check of the
// repository read (every file parsed: about 1 s for the site's content) while nobody waits.
import {
  type CheckData,
  type Checker,
  type ContentSource,
  checkerOf,
  createRules,
} from './check.ts'

let data: CheckData | undefined
let rules: ReturnType<typeof createRules> | undefined
let checker: Checker | undefined

export function keepCheckData(given: CheckData): void {
  data = given
  rules = undefined
  checker = undefined
}

function given(): CheckData {
  if (!data) throw new Error("The editor's configuration has no check data")
  return data
}

/** The check's rules of the configuration, for the save path (planEntry runs the check). */
export async function siteRules() {
  rules ??= createRules(given())
  return rules
}

/** The checker of the configuration's rules; fails when the configuration had none. */
export async function siteChecker(): Promise<Checker> {
  checker ??= checkerOf(await siteRules())
  return checker
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
