// The content check's caches (parsed values and compiled schemas, kept across processes) must
// never change what an editor is told: the same tree with several mistakes gives the same
// messages with no cache, with a cache being filled, with a filled one, and with a corrupted one.
// @node-api: the caches' files, written aside and renamed by the processes it starts.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deserialize } from 'node:v8'
import { afterAll, expect, it } from 'vitest'
import { removeTree, repo, treeFrom } from './fixtureTree.ts'

const fr = (f: string) => `content/fr/${f}`
const en = (f: string) => `content/en/${f}`

// Mistakes of every kind the compiled code reports: types, required and unknown keys, block
// types, the project's keywords (page ids, assets, links), and one YAML syntax error.
const tree = treeFrom('good', {
  replace: [
    [fr('home.yaml'), 'title: Accueil', 'title: 12'],
    [en('home.yaml'), /description: .*\n/, ''],
    [en('contact.yaml'), 'type: section', 'type: carousel-3d'],
    [fr('power-systems.yaml'), 'href: "page:capacitor-banks"', 'href: "page:nope"'],
    ['content/site.yaml', 'logo: /images/logo.svg', 'logo: /images/logo.png'],
    [fr('contact.yaml'), 'title: Nous contacter', 'title: "Nous contacter'],
  ],
})
const cache = mkdtempSync(join(tmpdir(), 'check-cache-'))
afterAll(() => {
  removeTree(tree)
  removeTree(cache)
})

/** The formatted problems of a fresh process checking `tree` with the given cache setting. */
function check(cacheSetting: string): string[] {
  const script = `
    const { collectContent, projectDirs } = await import(${JSON.stringify(join(repo, 'scripts/lib/content/load.ts'))})
    const { formatProblem, sortProblems } = await import(${JSON.stringify(join(repo, 'templates/core/content/problems.ts'))})
    const { problems } = collectContent(projectDirs(${JSON.stringify(tree)}))
    console.log(JSON.stringify(sortProblems(problems).map(formatProblem)))`
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: repo, encoding: 'utf8', env: { ...process.env, CONTENT_CHECK_CACHE: cacheSetting } },
  )
  return JSON.parse(out.trim().split('\n').at(-1) ?? '[]')
}

it('gives the same messages with no cache, a new cache, a filled cache and a corrupted one', () => {
  const uncached = check('off')
  expect(uncached.length).toBeGreaterThanOrEqual(6)
  expect(readdirSync(cache)).toEqual([])

  expect(check(cache)).toEqual(uncached)
  // Filled: the compiled schemas, and the values of the files that parsed without a problem.
  const validators = readdirSync(cache).filter((f) => f.startsWith('validators-'))
  expect(validators).toHaveLength(1)
  // One pack of values per process that parsed files.
  const values = readdirSync(join(cache, 'yaml'))
  expect(values).toHaveLength(1)
  const stored = deserialize(readFileSync(join(cache, 'yaml', values[0] ?? ''))) as unknown[]
  expect(stored.length).toBeGreaterThan(10)
  expect(check(cache)).toEqual(uncached)

  // Cut or foreign bytes in the cache are read as a miss, never as content.
  for (const f of values) writeFileSync(join(cache, 'yaml', f), 'not a value')
  writeFileSync(join(cache, validators[0] ?? ''), 'throw new Error("cut")')
  expect(check(cache)).toEqual(uncached)
}, 60_000)
