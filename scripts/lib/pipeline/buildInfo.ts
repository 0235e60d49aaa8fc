// /build.json: what every build writes about itself, so the editor can tell
// when the live site serves a save (templates/admin/live/): the commit it was built from and
// when. The commit is the host's (Cloudflare Pages' CF_PAGES_COMMIT_SHA, Netlify's COMMIT_REF),
// else the project's `git rev-parse HEAD`, else none (a build outside git). The time is the
// build's, or SOURCE_DATE_EPOCH's (reproducible builds: two builds of one commit, same bytes).
// Never cached: its own `_headers` rule (headers.ts).
import { spawnSync } from 'node:child_process'

export const BUILD_INFO_FILE = 'build.json'
/** Its `_headers` rule's path. */
export const BUILD_INFO_RULE = `/${BUILD_INFO_FILE}`

/** Where the site was built (the editor says where the deploy log is). */
export type BuildHost = 'cloudflare-pages' | 'netlify' | null

export type BuildInfo = { commit: string | null; builtAt: string; host: BuildHost }

type Env = Record<string, string | undefined>

/** A commit id as git writes it (SHA-1 or SHA-256, hex). */
const COMMIT = /^[0-9a-f]{40}([0-9a-f]{24})?$/

/** The build's facts from its environment, and `head()`, the project's commit when asked. */
export function buildInfo(env: Env, head: () => string | undefined, now = new Date()): BuildInfo {
  const named = [env.CF_PAGES_COMMIT_SHA, env.COMMIT_REF]
    .map((v) => v?.trim().toLowerCase())
    .find((v) => v && COMMIT.test(v))
  const fromGit = named ? undefined : head()?.trim().toLowerCase()
  const commit = named ?? (fromGit && COMMIT.test(fromGit) ? fromGit : null)
  const epoch = Number(env.SOURCE_DATE_EPOCH)
  const when =
    env.SOURCE_DATE_EPOCH?.trim() && Number.isInteger(epoch) ? new Date(epoch * 1000) : now
  const host: BuildHost =
    env.CF_PAGES === '1' ? 'cloudflare-pages' : env.NETLIFY === 'true' ? 'netlify' : null
  return { commit, builtAt: when.toISOString(), host }
}

/** `git rev-parse HEAD` in `root`, or undefined (no git, not a repository, no commit yet). */
export function gitHead(root: string): string | undefined {
  const run = spawnSync('git', ['rev-parse', '--verify', '--quiet', 'HEAD'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  return run.status === 0 ? run.stdout : undefined
}

/** The file's text. */
export const buildInfoJson = (info: BuildInfo) => `${JSON.stringify(info)}\n`
