// The editor's check, loaded when first asked for: main.tsx keeps the data of the configuration's
// `check` here (keepCheckData) before Decap reads the rest; a save's check asks siteChecker(),
// which loads the checker's chunk (check.ts: the content check, ajv, yaml) once and makes the
// checker once. The editor's first screen does not wait for it.
import type { CheckData, Checker } from './check.ts'

let data: CheckData | undefined
let checker: Promise<Checker> | undefined

export function keepCheckData(given: CheckData): void {
  data = given
  checker = undefined
}

/** The checker of the configuration's rules; fails when the configuration had none. */
export function siteChecker(): Promise<Checker> {
  const rules = data
  if (!rules) return Promise.reject(new Error("The editor's configuration has no check data"))
  checker ??= import('./check.ts').then(({ createChecker }) => createChecker(rules))
  return checker
}
