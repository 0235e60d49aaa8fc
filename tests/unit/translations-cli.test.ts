// `npm run translations` on a copy of this repository's content with no `.git`, as a
// host's shallow clone or an exported folder has it: the same list as the repository's own
// files give, the French before and now of each value; `--accept` records a review in the record
// only, and validate then passes with --strict.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { diskSource } from '../../scripts/lib/content/diskSource.ts'
import { checkRules, projectDirs } from '../../scripts/lib/content/load.ts'
import { overlaySource } from '../../templates/core/content/source.ts'
import {
  outdatedTranslations,
  recordPathOf,
} from '../../templates/core/content/translationRecords.ts'
import { removeTree, repo, treeFrom } from './fixtureTree.ts'

const script = (name: string) => fileURLToPath(new URL(`../../scripts/${name}.ts`, import.meta.url))
const run = (name: string, root: string, ...args: string[]) => {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', script(name), '--root', root, ...args],
    {
      encoding: 'utf8',
      cwd: repo,
      env: { ...process.env, INIT_CWD: root },
    },
  )
  return { status: r.status ?? -1, out: r.stdout, err: r.stderr }
}

const EN = 'content/en/training.yaml'
const FR = 'content/fr/training.yaml'
const edits: [string, string, string][] = [
  [FR, 'ou sur votre site."', 'ou sur votre site, désormais jusqu’à 72 kV."'],
  [FR, 'title: "Énergie"', 'title: "Énergies renouvelables"'],
  ['content/i18n/fr.yaml', 'label: Menu principal', 'label: Menu'],
]
const copy = treeFrom('real', { replace: edits })
afterAll(() => removeTree(copy))

// Each case runs the CLIs (node + tsx) a few times: seconds on a loaded 2-core machine.
describe('npm run translations', { timeout: 60_000 }, () => {
  it('lists, on a copy without .git, what the repository with the same edits lists', () => {
    expect(existsSync(join(copy, '.git'))).toBe(false)
    const source = diskSource(projectDirs(repo))
    const files = new Map<string, string>()
    for (const [file, from, to] of edits)
      files.set(file, (files.get(file) ?? source.content.get(file) ?? '').replace(from, to))
    const expected = outdatedTranslations(
      overlaySource(source, files),
      checkRules(projectDirs(repo).schemas).schemas,
    )
    expect(expected.map((o) => o.keyPath)).toEqual([
      'blocks.presentation.paragraphs.0',
      'blocks.domaines.items.energie.title',
      'nav.label',
    ])
    const listed = run('translations', copy)
    expect(listed.status).toBe(0)
    const places = listed.out.split('\n').filter((l) => /^content\/\S+:\d+:\d+ {2}/.test(l))
    expect(places).toEqual(expected.map((o) => `${o.file}:${o.line}:${o.col}  ${o.keyPath}`))
    expect(listed.out).toContain(
      '  French before: Énergie\n  French now:    Énergies renouvelables\n',
    )
    expect(listed.out).toContain('[-site.-]{+site, désormais jusqu’à 72 kV.+}')
    expect(listed.out).toContain('3 outdated translations in 2 files')
  })

  it('validate warns (exit 0) and fails with --strict', () => {
    const lenient = run('validate', copy)
    expect(lenient.status).toBe(0)
    expect(lenient.err).toContain(
      'content/i18n/en.yaml:4:10  nav.label  warning: outdated translation: the French changed since the English was written (npm run translations)',
    )
    expect(run('validate', copy, '--strict').status).toBe(1)
  })

  it('--accept <file>:<line> records that value only, the English untouched; <file> the rest', () => {
    const english = readFileSync(join(copy, EN), 'utf8')
    const record = readFileSync(join(copy, recordPathOf(EN)), 'utf8')
    const line = english.split('\n').findIndex((l) => l.includes('title: "Energy"')) + 1

    const wrong = run('translations', copy, '--accept', `${EN}:${line + 1}`)
    expect(wrong.status).toBe(1)
    expect(wrong.err).toContain(`no outdated translation at this line`)
    expect(readFileSync(join(copy, recordPathOf(EN)), 'utf8')).toBe(record)

    const one = run('translations', copy, '--accept', `${EN}:${line}`)
    expect(one.status).toBe(0)
    expect(one.out).toContain('blocks.domaines.items.energie.title  reviewed')
    const after = readFileSync(join(copy, recordPathOf(EN)), 'utf8')
    const changed = after.split('\n').filter((l, i) => l !== record.split('\n')[i])
    expect(changed).toEqual([
      expect.stringMatching(
        /^blocks\.domaines\.items\.energie\.title: \{ fr: "Énergies renouvelables", /,
      ),
    ])
    expect(readFileSync(join(copy, EN), 'utf8')).toBe(english)
    expect(run('translations', copy).out).toContain('2 outdated translations in 2 files')

    expect(run('translations', copy, '--accept', EN).status).toBe(0)
    expect(run('translations', copy, '--accept', 'content/i18n/en.yaml').status).toBe(0)
    expect(run('translations', copy).out).toContain(
      'translations: every English value is up to date with its French',
    )
    expect(readFileSync(join(copy, EN), 'utf8')).toBe(english)
    expect(run('validate', copy, '--strict').status).toBe(0)
  })
})
