// The production editor, built only when CMS_BACKEND is set: its JavaScript
// (templates/admin/main.tsx with Decap CMS and React) by a vite build of its own in a child
// process (adminBuildChild.mjs), never through vike, so the site's bundles and its pages know
// nothing of it; then /admin/index.html and /admin/config.json, written for each build.
//
// Cache: the JavaScript depends on the editor's code and the installed packages only, not on
// the content nor on the CMS settings (the page reads config.json at run time). So it is kept
// under node_modules/.cache/admin-build/<key>, the key hashing Node's version, NODE_ENV and VITE_*
// and every path and byte of ADMIN_INPUTS; the build fails, as the code build does, if the
// bundle imports a file of this repository outside them. A site template change rebuilds the
// editor: its preview renders the templates. The check's data, schemas
// included, comes with config.json. BUILD_CODE_CACHE=off turns it off too.
import { spawn } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { listFiles } from '../files.ts'
import { linkOrCopy } from '../outputFiles.ts'
import { exited, track } from '../pipeline/childProcesses.ts'
import { inputsKey, isHashedInput } from '../pipeline/codeBuild.ts'
import { adminHtml, type ManifestChunk, startChunks } from './adminPage.ts'
import { writeGuide } from './guidePage.ts'

/**
 * What the editor's bundle is made of, relative to the code root: folders, never a list of
 * modules. `templates/` holds the editor (`admin/`), the browser-safe core it shares with the
 * build (`core/`: the check, the save plan, the entry plans) and the site's templates, which its
 * preview renders; `templates/` imports nothing from `scripts/` (tests/unit/imports.test.ts).
 */
export const ADMIN_INPUTS = [
  'templates',
  'scripts/lib/cms/adminBuildChild.mjs',
  'scripts/lib/cms/adminPlugins.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
]

/** The folder of the site the editor is published at (/admin/). */
export const ADMIN_DIR = 'admin'
const MANIFEST = 'manifest.json'
const BUNDLED_MODULES = 'bundled-modules.json'

export const adminBuildKey = (codeRoot: string, env: NodeJS.ProcessEnv = process.env) =>
  inputsKey(codeRoot, ADMIN_INPUTS, env)

/** The editor build's cache for a project root; undefined when BUILD_CODE_CACHE=off. */
export function adminCacheDir(
  root: string,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  return env.BUILD_CODE_CACHE === 'off'
    ? undefined
    : join(root, 'node_modules', '.cache', 'admin-build')
}

export type AdminBuild = {
  /** The folder holding the built files (assets/) and vite's manifest. */
  dir: string
  cache: 'hit' | 'miss' | 'off'
  ms: number
}

/**
 * The editor's JavaScript: from the cache when its code is unchanged, else built (into the cache,
 * written aside and renamed; or into `scratch` when the cache is off).
 */
export async function prepareAdminBuild(
  codeRoot: string,
  cacheDir: string | undefined,
  scratch: string,
): Promise<AdminBuild> {
  const started = performance.now()
  const ms = () => Math.round(performance.now() - started)
  if (!cacheDir) {
    await runAdminBuild(codeRoot, scratch)
    return { dir: scratch, cache: 'off', ms: ms() }
  }
  const key = adminBuildKey(codeRoot)
  const entry = join(cacheDir, key)
  if (existsSync(join(entry, MANIFEST))) return { dir: entry, cache: 'hit', ms: ms() }
  const aside = join(cacheDir, `.tmp-${key}-${process.pid}`)
  try {
    await runAdminBuild(codeRoot, aside)
    // One entry: the editor of older code is of no use.
    for (const old of readdirSync(cacheDir))
      if (old !== relative(cacheDir, aside))
        rmSync(join(cacheDir, old), { recursive: true, force: true })
    renameSync(aside, entry)
  } finally {
    rmSync(aside, { recursive: true, force: true })
  }
  return { dir: entry, cache: 'miss', ms: ms() }
}

async function runAdminBuild(codeRoot: string, outDir: string): Promise<void> {
  mkdirSync(outDir, { recursive: true })
  const child = track(
    spawn(
      process.execPath,
      [join(codeRoot, 'scripts/lib/cms/adminBuildChild.mjs'), outDir, BUNDLED_MODULES],
      { cwd: codeRoot, stdio: ['ignore', 'inherit', 'inherit'] },
    ),
  )
  await exited(child, 'The editor build')
  const list = join(outDir, BUNDLED_MODULES)
  const outside = (JSON.parse(readFileSync(list, 'utf8')) as string[]).filter(
    (file) => !isHashedInput(codeRoot, file, ADMIN_INPUTS),
  )
  rmSync(list)
  if (outside.length)
    throw new Error(
      `The editor's bundle imports files its cache does not hash (add them to ADMIN_INPUTS in scripts/lib/cms/adminBuild.ts):\n${outside.join('\n')}`,
    )
}

/** The editor's page for the build in `built`, its files under /admin/ (adminPage.ts). */
export function editorPage(built: string, urls: { config: string; check: string }): string {
  const manifest = JSON.parse(readFileSync(join(built, MANIFEST), 'utf8')) as Record<
    string,
    ManifestChunk
  >
  const { entry, preload } = startChunks(manifest)
  const url = (file: string) => `/${ADMIN_DIR}/${file}`
  return adminHtml({ entry: url(entry), preload: preload.map(url), ...urls })
}

/**
 * Puts the editor into the site: its built files linked under admin/, the page, the
 * configuration it reads (`config`, serialised as JSON) and the check's data (`check`, the
 * same). Returns the files written, relative to `clientDir`.
 */
export function writeAdmin(
  clientDir: string,
  built: string,
  config: unknown,
  check: unknown,
  codeRoot: string,
): string[] {
  const page = editorPage(built, { config: 'config.json', check: 'check.json' })
  const out = join(clientDir, ADMIN_DIR)
  const files = listFiles(built).filter((f) => f !== MANIFEST)
  for (const file of files) {
    mkdirSync(dirname(join(out, file)), { recursive: true })
    linkOrCopy(join(built, file), join(out, file))
  }
  writeFileSync(join(out, 'index.html'), page)
  // Compact: the page's fields are repeated once per menu group (once per page and language with
  // a git backend Decap runs itself: gitConfig.ts), each option list once (sharedOptions.ts).
  writeFileSync(join(out, 'config.json'), JSON.stringify(config))
  writeFileSync(join(out, 'check.json'), JSON.stringify(check))
  // The editor's guide, at /admin/aide/ (guidePage.ts): under the editor's headers rule.
  const guide = writeGuide(clientDir, codeRoot)
  return [
    ...[...files, 'index.html', 'config.json', 'check.json'].map((f) => `${ADMIN_DIR}/${f}`),
    ...guide,
  ]
}
