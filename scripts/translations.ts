// The translations to review: every English value whose French changed since it was
// translated, with the French before and now. `npm run translations [-- --root DIR]` lists them
// (exit 0: a status, not a failure); `-- --accept <en file>[:<line>]` records that the English of
// that file (or of the value at that line) still says what the French says, without touching the
// English: the record's new text comes from recordText (translations.ts, what the editor's save
// runs) and is written by the save path (the check of the tree as it would be, then an
// all-or-nothing write).
import { existsSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { checkContent } from '../templates/core/content/checkContent.ts'
import { formatProblem } from '../templates/core/content/problems.ts'
import {
  frenchFileOf,
  outdatedTranslations,
  recordPathOf,
  recordText,
} from '../templates/core/content/translationRecords.ts'
import { diskProject, saveEntry } from './lib/editing/save.ts'
import { describeOutdated } from './lib/report/outdatedTranslations.ts'

const option = (name: string) => {
  const i = process.argv.indexOf(name)
  return i >= 0 ? process.argv[i + 1] : undefined
}
const root = resolve(option('--root') ?? fileURLToPath(new URL('..', import.meta.url)))
const { source, rules } = diskProject(root)
// A value whose French is in error (validate says where) is not a translation to review yet.
const outdated = outdatedTranslations(source, rules.schemas, checkContent(source, rules).problems)

const accept = process.argv.indexOf('--accept')
if (accept < 0) {
  for (const o of outdated) console.log([...describeOutdated(o), ''].join('\n'))
  const files = new Set(outdated.map((o) => o.file)).size
  console.log(
    outdated.length
      ? `${outdated.length} outdated translation${outdated.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}: the French changed since the English was written. Update the English, or record that it still says the same: npm run translations -- --accept <file>[:<line>]`
      : 'translations: every English value is up to date with its French',
  )
  process.exit(0)
}

const target = process.argv[accept + 1]
const match = target ? /^(.+?\.yaml)(?::(\d+))?(?::\d+)?$/.exec(target) : null
if (!match?.[1]) {
  console.error('usage: npm run translations -- --accept content/en/<page>.yaml[:<line>]')
  process.exit(1)
}
// A path from the project's root (as listed), or from here (a terminal in a folder of it: npm
// runs the script at the package's root and says where it was called from in INIT_CWD).
const given = resolve(process.env.INIT_CWD ?? '.', match[1])
const file =
  existsSync(resolve(root, match[1])) || !existsSync(given)
    ? match[1]
    : relative(root, given).split('\\').join('/')
const line = match[2] ? Number(match[2]) : undefined
if (!frenchFileOf(file) || !source.content.has(file)) {
  console.error(
    `${file}: not an English content file (content/en/<page>.yaml or content/i18n/en.yaml)`,
  )
  process.exit(1)
}
const ofFile = outdated.filter((o) => o.file === file)
const chosen = ofFile.filter((o) => line === undefined || o.line === line)
if (!chosen.length) {
  if (line === undefined) {
    console.log(`${file}: no outdated translation, nothing to record`)
    process.exit(0)
  }
  console.error(
    `${file}:${line}: no outdated translation at this line${ofFile.length ? ` (this file's: lines ${ofFile.map((o) => o.line).join(', ')})` : ''}`,
  )
  process.exit(1)
}
const text = recordText(source, rules.schemas, file, new Set(chosen.map((o) => o.keyPath)))
if (text !== null) {
  const saved = saveEntry({ root, files: new Map([[recordPathOf(file), text]]) })
  if (!saved.saved) {
    for (const p of saved.problems) console.error(formatProblem(p))
    console.error('\nThe content has problems (above): nothing was recorded.')
    process.exit(1)
  }
}
for (const o of chosen) console.log(`${o.file}:${o.line}:${o.col}  ${o.keyPath}  reviewed`)
console.log(`recorded in ${recordPathOf(file)}`)
