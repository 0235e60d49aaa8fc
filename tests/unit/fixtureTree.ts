// Test trees made from a base tree plus a small patch, instead of byte copies of whole trees:
// a scenario says only what differs. Bases: `good` (tests/fixtures/good) or `real` (this
// repository's content/ and public/). The copy goes to a temporary folder the caller removes.
import { type SpawnSyncReturns, spawnSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const repo = fileURLToPath(new URL('../..', import.meta.url))
export const fixtureDir = (name: string) => join(repo, 'tests', 'fixtures', name)

/** A change to a tree; paths are relative to the tree's root (`content/fr/home.yaml`). */
export type Patch = {
  /** Replace the first occurrence of `from` (must occur: a stale patch fails loudly). */
  replace?: [file: string, from: string | RegExp, to: string][]
  /** Create or overwrite files. */
  write?: Record<string, string>
  /** Remove files or folders. */
  remove?: string[]
}

export type Base = 'good' | 'real'

/** Copies `base` (content/ and public/; for `good` also dist/ when `withDist`) and applies `patch`. */
export function treeFrom(base: Base, patch: Patch = {}, options: { withDist?: boolean } = {}) {
  const dir = mkdtempSync(join(tmpdir(), `tree-${base}-`))
  const from = base === 'real' ? repo : fixtureDir('good')
  for (const part of ['content', 'public', ...(options.withDist ? ['dist'] : [])])
    if (existsSync(join(from, part))) cpSync(join(from, part), join(dir, part), { recursive: true })
  applyPatch(dir, patch)
  return dir
}

export function applyPatch(dir: string, patch: Patch): void {
  for (const [file, from, to] of patch.replace ?? []) {
    const path = join(dir, file)
    const before = readFileSync(path, 'utf8')
    const after = before.replace(from, to)
    if (after === before) throw new Error(`patch of ${file}: ${String(from)} not found`)
    writeFileSync(path, after)
  }
  for (const [file, text] of Object.entries(patch.write ?? {})) {
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    writeFileSync(join(dir, file), text)
  }
  for (const file of patch.remove ?? []) {
    if (!existsSync(join(dir, file))) throw new Error(`patch: ${file} does not exist`)
    rmSync(join(dir, file), { recursive: true })
  }
}

export const removeTree = (dir: string) => rmSync(dir, { recursive: true, force: true })

/**
 * `npm run build -- --root dir` as its own process, with `env` added to this one's; one time for
 * every build's /build.json (SOURCE_DATE_EPOCH), so that two builds compare byte for byte.
 */
export function buildTree(dir: string, env: Record<string, string> = {}): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--root', dir], {
    cwd: repo,
    encoding: 'utf8',
    env: { ...process.env, SOURCE_DATE_EPOCH: '1700000000', ...env },
  })
}

/** The PDF the unreferenced-pdf scenario adds (to public/ and, as a build copies it, to dist/). */
const STRAY_PDF = '%PDF-1.4\n% fixture\n%%EOF\n'

/**
 * The report's scenarios: the `good` tree (with its hand-made built site, dist/client/) plus
 * one patch each. A patch changes the content and the built HTML alike, as a build would, so
 * the report finds the mistake in both (paths relative to the tree's root).
 */
export const SCENARIOS: Record<string, Patch> = {
  good: {},
  'broken-link': {
    replace: [
      [
        'content/fr/power-systems.yaml',
        'href: "page:capacitor-banks"',
        'href: /batterie_condencateur',
      ],
      [
        'dist/client/tableauMT-BT.html',
        '<a class="button" href="/batterie_condensateurs">',
        '<a class="button" href="/batterie_condencateur">',
      ],
    ],
  },
  'missing-pdf': {
    replace: [
      [
        'content/en/capacitor-banks.yaml',
        '/docs/catalogue-batteries.pdf',
        '/docs/catalogue-scevar.pdf',
      ],
      [
        'dist/client/en/battery_of_capacitors.html',
        'href="/docs/catalogue-batteries.pdf"',
        'href="/docs/catalogue-scevar.pdf"',
      ],
    ],
  },
  // Content only: the built site stays good's (the report finds these in content/).
  'missing-translation': {
    remove: ['content/en/contact.yaml'],
    replace: [
      ['content/en/power-systems.yaml', '    heading: Our MV/LV panels\n', ''],
      [
        'content/en/power-systems.yaml',
        '      - See also our [capacitor banks](page:capacitor-banks#scefix).\n',
        '',
      ],
      ['content/en/power-systems.yaml', /title: AIS 36 kV cell\n[\s\S]*$/, 'title: ""\n'],
      ['content/i18n/en.yaml', '  contact: Contact us\n', ''],
    ],
  },
  'unreferenced-pdf': {
    write: {
      'public/docs/tarifs-2019.pdf': STRAY_PDF,
      'dist/client/docs/tarifs-2019.pdf': STRAY_PDF,
    },
  },
  // Built HTML only: the English page names the wrong French version.
  'hreflang-not-reciprocal': {
    replace: [
      [
        'dist/client/en/MV-BT_panel.html',
        '<link rel="alternate" hreflang="fr" href="https://www.example.com/tableauMT-BT">',
        '<link rel="alternate" hreflang="fr" href="https://www.example.com/batterie_condensateurs">',
      ],
    ],
  },
}

/** A scenario's tree in a temporary folder: good (content/, public/, dist/) + its patch. */
export function scenarioTree(name: keyof typeof SCENARIOS & string): string {
  const patch = SCENARIOS[name]
  if (!patch) throw new Error(`unknown scenario ${name}`)
  return treeFrom('good', patch, { withDist: true })
}
