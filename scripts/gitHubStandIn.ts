// Starts the GitHub stand-in (scripts/standIns/gitHubStandIn.ts) by hand, to try the
// published editor offline: `npm run cms:stand-in [-- --seed DIR] [--repo-dir DIR] [--port N]
// [--token T] [--branch B] [--repo owner/name]`. Without --seed or --repo-dir the repository
// starts as a copy of this project's content/ and public/ (what `npm run build -- --root` of a
// clone reads). Prints the API root, the token and how to use them; Ctrl-C stops it (a temporary
// repository goes with it; `git log` it before).
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startGitHubStandIn } from './standIns/gitHubStandIn.ts'

const option = (name: string) => {
  const at = process.argv.indexOf(name)
  return at > 0 ? process.argv[at + 1] : undefined
}
const root = fileURLToPath(new URL('..', import.meta.url))
const repoDir = option('--repo-dir')
let copy: string | undefined
if (!option('--seed') && !repoDir) {
  copy = mkdtempSync(join(tmpdir(), 'gh-stand-in-content-'))
  for (const part of ['content', 'public'])
    cpSync(join(root, part), join(copy, part), { recursive: true })
}
const seed = option('--seed') ?? copy
const standIn = await startGitHubStandIn({
  ...(repoDir ? { repoDir: resolve(repoDir) } : {}),
  ...(seed ? { seedFrom: resolve(seed) } : {}),
  ...(option('--branch') ? { branch: option('--branch') } : {}),
  ...(option('--repo') ? { repo: option('--repo') } : {}),
  ...(option('--token') ? { token: option('--token') } : {}),
  port: Number(option('--port') ?? 0),
})
if (copy) rmSync(copy, { recursive: true, force: true })

const user = JSON.stringify({ backendName: 'github', token: standIn.token })
process.stdout.write(
  [
    `GitHub stand-in at ${standIn.apiRoot}, repository ${standIn.repo}, branch ${standIn.branch}`,
    `token     ${standIn.token}`,
    `bare repo ${standIn.repoDir}`,
    '',
    'the editor (a build with it, then npm run serve):',
    `  CMS_BACKEND=github CMS_REPO=${standIn.repo} CMS_BRANCH=${standIn.branch} CMS_API_ROOT=${standIn.apiRoot} npm run build`,
    'logged in without the OAuth popup (in the console of /admin/, then reload):',
    `  localStorage.setItem('decap-cms-user', '${user}')`,
    `the commits: git --git-dir=${standIn.repoDir} log --stat ${standIn.branch}`,
    '',
  ].join('\n'),
)

const stop = () => {
  void standIn.stop().then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
