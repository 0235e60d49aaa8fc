// The unit tests that touch Node's own APIs: on the other Node versions
// `engines` promises, `npm run test:node-versions` runs these, not the whole suite, beside the
// build, the HTML check and the host tests. Derived from the imports, so that a new test lands in
// the right set without a list kept by hand: a test file is one of them when
// - it imports a Node module whose behaviour is the runtime's: processes, sockets and servers,
//   streams, compression, hashing, workers, fs/promises (NODE_DRIVERS);
// - or a module of ours it imports does, or calls the file system's platform-dependent functions
//   (rename, link, fsync, watch, copy, open: atomic writes, caches, watchers; FS_EDGES);
// - or it says so with the comment `@node-api` (what the code it tests reaches further down).
// Reading a fixture (readFileSync, existsSync) or a path (node:path, node:url) does not count:
// every build on every version reads files. tests/unit/nodeApiTests.test.ts keeps the rule honest.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

/** Node modules whose behaviour is the runtime's own (their `node:` names). */
export const NODE_DRIVERS = [
  'http',
  'https',
  'http2',
  'net',
  'tls',
  'dgram',
  'stream',
  'stream/promises',
  'zlib',
  'worker_threads',
  'readline',
  'fs/promises',
] as const

/** Functions of node:fs that behave as the platform and the runtime do, not just read bytes. */
export const FS_EDGES =
  /^(rename|link|fsync|fdatasync|watch|watchFile|open|createReadStream|createWriteStream)(Sync)?$/

/** The tag of a test file that touches Node's APIs through code its imports do not show. */
export const NODE_API_TAG = '@node-api'

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(type\s+)?([^'"]*?)\s*from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

type Imports = { node: Map<string, string[]>; local: string[] }

function importsOf(file: string): Imports {
  const text = readFileSync(file, 'utf8')
  const node = new Map<string, string[]>()
  const local: string[] = []
  for (const m of text.matchAll(IMPORT)) {
    if (m[1]) continue // a type only
    const spec = m[3] ?? m[4] ?? ''
    if (spec.startsWith('node:')) {
      const names = [...(m[2] ?? '').matchAll(/([A-Za-z_$][\w$]*)(?:\s+as\s+[\w$]+)?/g)]
        .map((n) => n[1] ?? '')
        .filter((n) => n !== 'type')
      node.set(spec.slice('node:'.length), [...(node.get(spec.slice(5)) ?? []), ...names])
    } else if (spec.startsWith('.')) {
      const target = resolve(dirname(file), spec)
      for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}.mjs`])
        if (existsSync(candidate) && /\.(ts|tsx|mjs)$/.test(candidate)) {
          local.push(candidate)
          break
        }
    }
  }
  return { node, local }
}

/** The Node APIs a file reaches itself: `child_process`, `fs.renameSync`... (empty: none). */
export function nodeApisOf(file: string): string[] {
  const { node } = importsOf(file)
  const found: string[] = []
  for (const [name, names] of node) {
    if ((NODE_DRIVERS as readonly string[]).includes(name)) found.push(name)
    else if (name === 'fs') for (const n of names) if (FS_EDGES.test(n)) found.push(`fs.${n}`)
  }
  return found
}

/**
 * Why a unit test file touches Node's APIs (`child_process`, `scripts/lib/editing/atomicWrite.ts:
 * fs.renameSync`, `@node-api`), or an empty list when it does not.
 */
export function nodeApiReasons(codeRoot: string, testFile: string): string[] {
  const reasons = nodeApisOf(testFile)
  for (const module of importsOf(testFile).local) {
    if (module.includes(`${join(codeRoot, 'tests')}/`)) continue // a helper of the tests: below
    const apis = nodeApisOf(module)
    if (apis.length) reasons.push(`${relative(codeRoot, module)}: ${apis.join(', ')}`)
  }
  // The tests' own helpers (serve-helpers.ts, inbox-helpers.ts...) count as the test itself.
  for (const helper of importsOf(testFile).local.filter((m) =>
    m.startsWith(`${join(codeRoot, 'tests')}/`),
  ))
    for (const api of nodeApisOf(helper)) reasons.push(`${relative(codeRoot, helper)}: ${api}`)
  if (readFileSync(testFile, 'utf8').includes(NODE_API_TAG)) reasons.push(NODE_API_TAG)
  return reasons
}

/** The unit test files (relative to `codeRoot`) that touch Node's APIs, in name order. */
export function nodeApiTests(codeRoot: string): string[] {
  const dir = join(codeRoot, 'tests', 'unit')
  return readdirSync(dir)
    .filter((name) => name.endsWith('.test.ts'))
    .sort()
    .map((name) => join(dir, name))
    .filter((file) => nodeApiReasons(codeRoot, file).length > 0)
    .map((file) => relative(codeRoot, file))
}
