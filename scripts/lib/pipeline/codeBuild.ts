// vike's client and server builds depend on the code only, never on the content: no template or
// page module imports YAML (the content reaches the renderer at render time, handed over by the
// build), and nothing of the environment but NODE_ENV and VITE_* is baked into a bundle
// (templates read SITE_URL and the endpoints from process.env while rendering, on the server).
// So an editor's content-only rebuild reuses the bundles of the last build of the same code:
// the vite builds run in a child process (codeBuildChild.mjs) that exits before the pages are
// rendered, and their output is kept under node_modules/.cache/code-build/<key>.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { cp } from 'node:fs/promises'
import { dirname, join, posix, relative } from 'node:path'
import { listFiles } from '../files.ts'
import { exited, track } from './childProcesses.ts'

/** What the bundles are made of, relative to the code root: folders hashed whole, and files. */
export const CODE_INPUTS = [
  'pages',
  'templates',
  'scripts/lib',
  'schemas',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
] as const

/** The environment a bundle can depend on: vite inlines NODE_ENV and import.meta.env.VITE_*. */
export function bakedEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env)
      .filter(([k, v]) => (k === 'NODE_ENV' || k.startsWith('VITE_')) && v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)) as [string, string][],
  )
}

/** A hash of every code input (paths and bytes), the environment that is baked in, and Node. */
export function codeBuildKey(codeRoot: string, env: NodeJS.ProcessEnv = process.env): string {
  return inputsKey(codeRoot, CODE_INPUTS, env)
}

/** A hash of Node's version, the baked environment and every path and byte of `inputs`. */
export function inputsKey(
  codeRoot: string,
  inputs: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): string {
  const hash = createHash('sha256')
  hash.update(`node ${process.version}\n${JSON.stringify(bakedEnv(env))}\n`)
  for (const input of inputs)
    for (const file of filesUnder(codeRoot, input)) {
      hash.update(`${file}\0`)
      hash.update(readFileSync(join(codeRoot, file)))
      hash.update('\0')
    }
  return hash.digest('hex').slice(0, 24)
}

/** Files under `rel` (a folder or a file), as sorted paths relative to `root`; none if absent. */
function filesUnder(root: string, rel: string): string[] {
  const path = join(root, rel)
  if (!existsSync(path)) return []
  return statSync(path).isDirectory() ? listFiles(path).map((f) => posix.join(rel, f)) : [rel]
}

/** True when a module the bundles were built from lies under the hashed inputs. */
export function isHashedInput(
  codeRoot: string,
  file: string,
  inputs: readonly string[] = CODE_INPUTS,
): boolean {
  const rel = relative(codeRoot, file)
  return inputs.some((input) => rel === input || rel.startsWith(`${input}/`))
}

/**
 * What vike's builds write into their outDir, and all the cache keeps: the staging folder also
 * receives the images drawn meanwhile (images/), which are the content's, not the code's (kept
 * here, a thousand share cards were copied back into every later build, 0.7 s at N=500).
 */
export const CODE_OUTPUTS = ['client', 'server', 'assets.json'] as const

export type CodeBuild = {
  cache: 'hit' | 'miss' | 'off'
  /** Its own duration: a caller that validates meanwhile sees the promise settle later. */
  ms: number
}

/**
 * Puts vike's client and server bundles (and dist/assets.json) into `outDir` (a folder inside the
 * code root: vike resolves its outDir from there): copied from the
 * cache when the code is unchanged, else built in a child process and kept for the next build.
 * `cacheDir` undefined: no cache (always built). The content's public/ is not in the cache: the
 * caller copies it, as vite would.
 */
export async function prepareCodeBuild(
  codeRoot: string,
  outDir: string,
  cacheDir: string | undefined,
): Promise<CodeBuild> {
  const started = performance.now()
  const ms = () => Math.round(performance.now() - started)
  if (!cacheDir) {
    await oneBuildAtATime(codeRoot, () => runCodeBuild(codeRoot, outDir))
    return { cache: 'off', ms: ms() }
  }
  const key = codeBuildKey(codeRoot)
  const entry = join(cacheDir, key)
  const fromCache = () => {
    if (!existsSync(join(entry, 'server', 'entry.mjs'))) return false
    for (const name of CODE_OUTPUTS)
      cpSync(join(entry, name), join(outDir, name), { recursive: true })
    return true
  }
  if (fromCache()) return { cache: 'hit', ms: ms() }
  // vike wants its outDir inside the code root: the bundles are built where they will run, then
  // copied aside and renamed, so a build that dies half-way leaves no entry that looks complete.
  // One build of a code tree at a time: another may have made this very entry meanwhile.
  const built = await oneBuildAtATime(codeRoot, async () => {
    if (fromCache()) return false
    await runCodeBuild(codeRoot, outDir)
    return true
  })
  if (!built) return { cache: 'hit', ms: ms() }
  const aside = join(cacheDir, `.tmp-${key}-${process.pid}`)
  try {
    // One entry: the bundles of older code are of no use (the image cache keeps its own).
    if (existsSync(cacheDir))
      for (const old of readdirSync(cacheDir)) rmSync(join(cacheDir, old), { recursive: true })
    mkdirSync(cacheDir, { recursive: true })
    for (const name of CODE_OUTPUTS)
      cpSync(join(outDir, name), join(aside, name), { recursive: true })
    renameSync(aside, entry)
  } finally {
    rmSync(aside, { recursive: true, force: true })
  }
  return { cache: 'miss', ms: ms() }
}

/**
 * Runs `build` while no other process builds the bundles of this code tree. vike executes each
 * `+` file of pages/ from a temporary file beside it, named by a hash of its code, and removes
 * it after: two builds of one tree at once (tests building their copies side by side) write,
 * import and remove the same file, and one of them fails to import it. The lock is a folder
 * (made or not, atomically) holding its owner's pid; a lock whose owner is gone is taken over.
 */
export async function oneBuildAtATime<T>(codeRoot: string, build: () => Promise<T>): Promise<T> {
  const lock = join(codeRoot, 'node_modules', '.cache', 'code-build.lock')
  const owner = join(lock, 'pid')
  mkdirSync(dirname(lock), { recursive: true })
  const deadline = Date.now() + LOCK_WAIT_MS
  for (;;) {
    try {
      mkdirSync(lock)
      writeFileSync(owner, String(process.pid))
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      if (!ownerAlive(lock, owner)) rmSync(lock, { recursive: true, force: true })
      else if (Date.now() > deadline)
        throw new Error(`Another build of ${codeRoot} held ${lock} for ${LOCK_WAIT_MS / 1000} s`)
      else await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  try {
    return await build()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

const LOCK_WAIT_MS = 300_000

/**
 * Whether the process named in a lock still runs; a lock without its pid is its owner's for a
 * few seconds (made, its pid not yet written), then left by a process that died in between.
 */
function ownerAlive(lock: string, owner: string): boolean {
  let pid: number
  try {
    pid = Number(readFileSync(owner, 'utf8'))
  } catch {
    try {
      return Date.now() - statSync(lock).mtimeMs < 10_000
    } catch {
      return false
    }
  }
  if (!Number.isInteger(pid) || pid <= 0) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Runs vike's vite builds (no pre-rendering) in a child process that exits when done. */
async function runCodeBuild(codeRoot: string, outDir: string): Promise<void> {
  const child = track(
    spawn(
      process.execPath,
      [
        // vite and rolldown hold about 400 MB outside the JS heap; a heap capped at 256 MB
        // (the bundles need under 96) is collected sooner: peak 410-425 MB instead of 530-580
        // (and no slower: 3.5-3.7 s against 3.3-4.8 s), measured alone with /usr/bin/time.
        '--max-old-space-size=256',
        '--max-semi-space-size=2',
        join(codeRoot, 'scripts/lib/pipeline/codeBuildChild.mjs'),
        relative(codeRoot, outDir),
        BUNDLED_MODULES,
      ],
      { cwd: codeRoot, stdio: ['ignore', 'inherit', 'inherit'] },
    ),
  )
  await exited(child, 'The code build')
  // The cache key hashes CODE_INPUTS: a bundled module of this repository outside them would be
  // a change the key misses. Fails the build rather than cache a stale bundle.
  const list = join(outDir, BUNDLED_MODULES)
  const outside = (JSON.parse(readFileSync(list, 'utf8')) as string[]).filter(
    (file) => !isHashedInput(codeRoot, file),
  )
  rmSync(list)
  if (outside.length)
    throw new Error(
      `The bundles import files the code cache does not hash (add them to CODE_INPUTS in scripts/lib/pipeline/codeBuild.ts):\n${outside.join('\n')}`,
    )
}

/** Where the code build lists the modules of this repository it bundled (codeBuildChild.mjs). */
export const BUNDLED_MODULES = 'bundled-modules.json'

/** The cache of the code build for a project root; undefined when BUILD_CODE_CACHE=off. */
export function codeCacheDir(
  root: string,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  return env.BUILD_CODE_CACHE === 'off'
    ? undefined
    : join(root, 'node_modules', '.cache', 'code-build')
}

/**
 * Copies public/ into the client folder as vite does: a bundle file wins over a public one. By the
 * thread pool: the build renders the pages meanwhile (the renderers read nothing of public/), and
 * creating the files took this thread 0.27 s at N=500 (239 files, while the renderers create
 * theirs), on the build's critical path.
 */
export async function copyPublic(publicDir: string, clientDir: string): Promise<void> {
  if (existsSync(publicDir)) await cp(publicDir, clientDir, { recursive: true, force: false })
}
