// A deploy as a host runs it: a fresh clone of the last commit, the host's install
// without the dev tools (`npm ci --omit=dev`), then `npm run build -- --production`, with or
// without the editor. Shared by `npm run test:deploy` (scripts/deployCheck.ts: it works) and
// `npm run bench -- --deploy` (scripts/bench/deploy.ts: how long it takes, how much it installs).
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

/** The four settings a production build requires (docs/deploying.md): plausible, not placeholders,
 * so that `--production` accepts them. No form of a deploy check ever posts to them. */
export const PRODUCTION_SETTINGS = {
  SITE_URL: 'https://www.transfo-deploy-check.tn',
  FORM_CONTACT_ENDPOINT: 'https://hook.eu1.make.com/deploy-check-contact',
  FORM_GENERAL_ENDPOINT: 'https://hook.eu1.make.com/deploy-check-general',
  RECAPTCHA_SITE_KEY: '6LcDeployCheckKeyOfNoSite0123456789abcdef',
} as const

/** What publishes the editor at /admin/ (docs/deploying.md, Turning on the editor). */
export const EDITOR_SETTINGS = { CMS_BACKEND: 'github', CMS_REPO: 'transfo-tn/site' } as const

/** Packages only the tests, audits and lint use: a host's install must not bring any. (Not
 * typescript: i18next names it an optional peer, so npm keeps it in an --omit=dev install.) */
export const DEV_ONLY = [
  'vitest',
  '@biomejs/biome',
  'wrangler',
  '@playwright/test',
  'lighthouse',
  'pa11y-ci',
  'vnu-jar',
]

/**
 * The environment of a host's build: this process's, without what `npm run` passes down to its
 * scripts about this checkout (its folder, its settings: npm_config_*), without our own build
 * settings and editor variables (each step sets those it wants), and without
 * PUPPETEER_SKIP_DOWNLOAD (a host's install must not need it: puppeteer is a dev tool).
 */
export function hostEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env)) {
    if (/^npm_/i.test(k) || k === 'PUPPETEER_SKIP_DOWNLOAD' || k === 'INIT_CWD') continue
    if (k in PRODUCTION_SETTINGS || k.startsWith('CMS_')) continue
    env[k] = v
  }
  return { ...env, ...extra }
}

export type StepResult = { ms: number; ok: boolean; output: string }

/** Runs `command args` in `cwd`, its output kept (shown by the caller when it fails). */
export function timed(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): StepResult {
  const started = performance.now()
  const run = spawnSync(command, args, {
    cwd,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  const ms = Math.round(performance.now() - started)
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}${run.error ? `\n${run.error.message}` : ''}`
  return { ms, ok: run.status === 0, output }
}

/** A fresh clone of `root`'s last commit into `dir` (what a host checks out). */
export function cloneFresh(root: string, dir: string): StepResult {
  return timed('git', ['clone', '--quiet', root, dir], root, hostEnv())
}

/** The host's install: `npm ci --omit=dev`, with the given npm cache (else the user's). */
export function hostInstall(dir: string, cache?: string): StepResult {
  const args = ['ci', '--omit=dev', ...(cache ? ['--cache', cache] : [])]
  return timed('npm', args, dir, hostEnv())
}

/** npm's warnings (or errors) in an install's output: a quiet install has none. */
export const npmWarnings = (output: string): string[] =>
  output.split('\n').filter((l) => /^npm (warn|error|WARN|ERR)/.test(l))

/** The dev tools found in `dir`'s node_modules (there should be none after hostInstall). */
export const devToolsInstalled = (dir: string): string[] =>
  DEV_ONLY.filter((p) => existsSync(join(dir, 'node_modules', p, 'package.json')))

/** `npm run build -- --production` in `dir`, with the editor or without. */
export function productionBuild(dir: string, editor: boolean): StepResult {
  const env = hostEnv({ ...PRODUCTION_SETTINGS, ...(editor ? EDITOR_SETTINGS : {}) })
  return timed('npm', ['run', 'build', '--', '--production'], dir, env)
}

/** The size of `dir`'s node_modules on disk in MiB, as `du -sh` counts it. */
export function installedMiB(dir: string): number {
  const kib = Number.parseInt(
    execFileSync('du', ['-sk', join(dir, 'node_modules')], { encoding: 'utf8' }),
    10,
  )
  return Math.round(kib / 1024)
}
