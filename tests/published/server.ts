// Run by playwright.published.config.ts as its web server: the published editor as a host would
// serve it, committing to a stand-in of GitHub.
// 1. A fresh copy of the repository's content/ and public/ (PUBLISHED_SITE/seed) becomes a bare
//    git repository's first commit, served by the GitHub stand-in on loopback.
// 2. The site is built from another copy (PUBLISHED_SITE/site, `npm run build -- --root`: its own
//    dist/ and caches, never the repository's) with the editor pointed at the stand-in
//    (CMS_BACKEND=github, CMS_REPO, CMS_BRANCH, CMS_API_ROOT: http, allowed on loopback only, so
//    not a `--production` build, which refuses it).
// 3. The stand-in's settings go to STATE_FILE for the specs, and `npm run serve` serves the
//    build (its `_headers`, the editor's CSP included) on PUBLISHED_PORT.
// The stand-in lives in this process: it stops with it.
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startGitHubStandIn } from '../../scripts/standIns/gitHubStandIn.ts'
import { PUBLISHED_PORT, PUBLISHED_SITE, REPO, STATE_FILE, type StandInState } from './site.ts'

const seed = join(PUBLISHED_SITE, 'seed')
const site = join(PUBLISHED_SITE, 'site')
const repoDir = join(PUBLISHED_SITE, 'repo.git')

// What a previous run left, but the caches of site/ (node_modules/.cache): a build from them
// takes seconds instead of a minute.
for (const old of [seed, repoDir, join(PUBLISHED_SITE, 'clone'), STATE_FILE])
  rmSync(old, { recursive: true, force: true })
for (const part of ['content', 'public', 'dist'])
  rmSync(join(site, part), { recursive: true, force: true })
mkdirSync(site, { recursive: true })
for (const part of ['content', 'public']) {
  cpSync(join(REPO, part), join(seed, part), { recursive: true })
  cpSync(join(REPO, part), join(site, part), { recursive: true })
}

const started = performance.now()
const standIn = await startGitHubStandIn({ seedFrom: seed, repoDir, repo: 'transfo/site' })
const state: StandInState = {
  apiRoot: standIn.apiRoot,
  token: standIn.token,
  repo: standIn.repo,
  branch: standIn.branch,
  repoDir: standIn.repoDir,
}

const env: NodeJS.ProcessEnv = {
  ...process.env,
  CMS_BACKEND: 'github',
  CMS_REPO: standIn.repo,
  CMS_BRANCH: standIn.branch,
  CMS_API_ROOT: standIn.apiRoot,
  BUILD_RENDER_PROCESSES: process.env.BUILD_RENDER_PROCESSES ?? '1',
}
const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--root', site], {
  cwd: REPO,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
})
if (build.status !== 0) {
  console.error(`published editor: the build failed (status ${build.status})`)
  await standIn.stop()
  process.exit(1)
}
console.log(
  `published editor: stand-in and build ready in ${Math.round(performance.now() - started)} ms`,
)
writeFileSync(STATE_FILE, JSON.stringify(state, null, 2))

const serve = spawn('npm', ['run', 'serve'], {
  cwd: REPO,
  stdio: 'inherit',
  env: {
    ...process.env,
    SERVE_DIR: join(site, 'dist', 'client'),
    PORT: String(PUBLISHED_PORT),
    INBOX_DIR: join(PUBLISHED_SITE, 'inbox'),
  },
})
const stop = () => {
  serve.kill('SIGTERM')
  void standIn.stop().then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
serve.on('exit', (code) => {
  void standIn.stop().then(() => process.exit(code ?? 1))
})
