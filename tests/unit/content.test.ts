// What an editor sees when content is wrong: one located message per mistake, every mistake of
// every file at once, and no site built. Messages are pinned: changing one is a visible decision.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { collectContent, projectDirs } from '../../scripts/lib/content/load.ts'
import { formatProblem, sortProblems } from '../../templates/core/content/problems.ts'
import { treeFrom } from './fixtureTree.ts'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const fixture = (name: string) => join(repo, 'tests', 'fixtures', name)

/** A scratch copy of the good tree (content/ and public/; schemas/ are the repository's). */
const copyOf = (_name: 'good') => treeFrom('good')

function edit(dir: string, file: string, change: (text: string) => string): void {
  const path = join(dir, 'content', file)
  const before = readFileSync(path, 'utf8')
  const after = change(before)
  if (after === before) throw new Error(`the edit of ${file} changed nothing`)
  writeFileSync(path, after)
}

const problemsOf = (dir: string) =>
  sortProblems(collectContent(projectDirs(dir)).problems).map(formatProblem)

/** One mistake per row: the edit made to the good tree, and the one message it must give. */
const mistakes: [name: string, apply: (dir: string) => void, message: string][] = [
  [
    'a YAML syntax error (unclosed quote) points at the opening quote',
    (d) =>
      edit(d, 'fr/contact.yaml', (s) =>
        s.replace('title: Nous contacter', 'title: "Nous contacter'),
      ),
    'content/fr/contact.yaml:1:8  title  YAML syntax error: this quoted text has no closing quote; end it with the same quote it starts with',
  ],
  [
    'a duplicate key',
    (d) =>
      edit(d, 'en/contact.yaml', (s) => s.replace('description:', 'title: Again\ndescription:')),
    'content/en/contact.yaml:2:1  title  duplicate key: each key may appear only once in a mapping; remove or rename one of them',
  ],
  [
    'a wrong type (YAML reads 12 as a number)',
    (d) => edit(d, 'fr/home.yaml', (s) => s.replace('title: Accueil', 'title: 12')),
    'content/fr/home.yaml:1:8  title  must be a string (got number 12)',
  ],
  [
    'a missing required key',
    (d) => edit(d, 'en/home.yaml', (s) => s.replace(/description: .*\n/, '')),
    'content/en/home.yaml:1:1  description  is required but missing',
  ],
  [
    'an unknown key',
    (d) =>
      edit(d, 'fr/capacitor-banks.yaml', (s) =>
        s.replace('    id: scefix\n', '    id: scefix\n    subtitle: Une batterie\n'),
      ),
    'content/fr/capacitor-banks.yaml:6:5  blocks[0].subtitle  unknown key (allowed here: type, id, heading, subheading, paragraphs, list, image, imageSide, buttons, tone)',
  ],
  [
    'an unknown block type',
    (d) =>
      edit(d, 'en/capacitor-banks.yaml', (s) => s.replace('type: section', 'type: carousel-3d')),
    'content/en/capacitor-banks.yaml:4:11  blocks[0].type  unknown block type "carousel-3d": the known types are the files of schemas/blocks/',
  ],
  [
    'a link to an unknown page',
    (d) =>
      edit(d, 'fr/power-systems.yaml', (s) =>
        s.replace('href: "page:capacitor-banks"', 'href: "page:nope"'),
      ),
    'content/fr/power-systems.yaml:16:43  blocks[1].items[1].links[0].href  unknown page id "nope" (see content/routes.yaml; e.g. home, power-systems, capacitor-banks, contact)',
  ],
  [
    'a missing image file',
    (d) => {
      // The image's words in each language, its path once in content/data/images.yaml.
      for (const lang of ['en', 'fr'])
        edit(d, `${lang}/not-found.yaml`, (s) =>
          s.replace(/( {4}heading: .*\n)/, '$1    id: lost\n    image: { alt: A lost cable }\n'),
        )
      writeFileSync(join(d, 'content/data/images.yaml'), 'not-found:\n  lost: /images/nope.svg\n')
    },
    'content/data/images.yaml:2:9  not-found.lost  image file not found: expected public/images/nope.svg to exist',
  ],
  [
    'a missing English file for a route',
    (d) => rmSync(join(d, 'content/en/not-found.yaml')),
    'content/routes.yaml:19:11  routes[4].id  page "not-found" has no English content: expected content/en/not-found.yaml',
  ],
  [
    'a UI key missing in en.yaml',
    (d) => edit(d, 'i18n/en.yaml', (s) => s.replace('  contact: Contact us\n', '')),
    'content/i18n/fr.yaml:4:3  nav.contact  UI string has no English translation: add it to content/i18n/en.yaml',
  ],
  [
    'an unknown {{fact}}',
    (d) =>
      edit(d, 'fr/not-found.yaml', (s) =>
        s.replace('heading: La page', 'heading: Depuis {{company.nope}}, la page'),
      ),
    'content/fr/not-found.yaml:5:14  blocks[0].heading  unknown fact {{company.nope}}: add it to content/data/facts.yaml',
  ],
]

const allMessages = mistakes.map(([, , message]) => message).sort()

/** The good tree with every mistake above planted at once. */
function badTree(): string {
  const dir = treeFrom('good')
  for (const [, apply] of mistakes) apply(dir)
  return dir
}

describe('content validation, as an editor reads it', { timeout: 60_000 }, () => {
  it('accepts the good fixture tree', () => {
    expect(problemsOf(fixture('good'))).toEqual([])
  })

  it.each(mistakes)('%s', (_name, apply, message) => {
    const dir = copyOf('good')
    apply(dir)
    expect(problemsOf(dir)).toEqual([message])
    rmSync(dir, { recursive: true })
  })

  it('reports every problem of every file at once (every mistake above planted together)', () => {
    expect(problemsOf(badTree()).sort()).toEqual(allMessages)
  })

  it('npm run build on a broken tree exits non-zero, prints every problem and writes no dist', () => {
    const dir = badTree()
    const run = spawnSync('npx', ['tsx', 'scripts/build.ts', '--root', dir], {
      cwd: repo,
      encoding: 'utf8',
    })
    expect(run.status).toBe(1)
    const printed = run.stderr.split('\n').filter((l) => l.startsWith('content/'))
    expect(printed.sort()).toEqual(allMessages)
    expect(run.stderr).toContain('11 content problems: nothing was built.')
    // reports/ tells the truth about this failed run; nothing else is left behind.
    expect(readdirSync(dir).sort()).toEqual(['content', 'public', 'reports'])
    expect(existsSync(join(dir, 'dist'))).toBe(false)
    rmSync(dir, { recursive: true })
  })

  it('a build stopped by SIGTERM while rendering leaves no .dist-tmp-* behind', async () => {
    const dir = treeFrom('good')
    // node itself (not npx) so the build's pid, which names its staging folder, is known.
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--root', dir], {
      cwd: repo,
      stdio: 'ignore',
      detached: true,
    })
    // The staging folder lives in the code tree (vike must resolve its packages from there).
    const stagingDir = join(repo, `.dist-tmp-${child.pid}`)
    const deadline = Date.now() + 120_000
    while (!existsSync(stagingDir) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100))
    expect(existsSync(stagingDir)).toBe(true)
    // The whole process group, as a terminal's Ctrl-C or a CI runner's cancel does.
    process.kill(-(child.pid ?? 0), 'SIGTERM')
    const code = await new Promise((r) => child.once('exit', (c, signal) => r(c ?? signal)))
    expect(code).not.toBe(0)
    expect(existsSync(stagingDir)).toBe(false)
    expect(readdirSync(dir).filter((f) => f.startsWith('.dist-tmp-'))).toEqual([])
    expect(existsSync(join(dir, 'dist'))).toBe(false)
    rmSync(dir, { recursive: true })
  }, 180_000)
})
