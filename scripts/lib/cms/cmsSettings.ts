// The editor in production: which git backend Decap CMS commits through, read
// from the environment in this one place. Unset CMS_BACKEND: no /admin/ in the site. Each
// variable is checked here, with a message naming it; a variable the chosen backend does not use
// is refused too (a typo, or settings of another backend, would otherwise be ignored silently).
// The backends and their settings are Decap's (https://decapcms.org/docs/backends-overview/ and
// the page of each backend); what each backend contacts (for the editor's CSP) is in
// adminHeaders.ts.
import { placeholderHost } from '../pipeline/buildSettings.ts'

export const CMS_BACKENDS = [
  'github',
  'gitlab',
  'gitea',
  'bitbucket',
  'azure',
  'git-gateway',
] as const
export type CmsBackendName = (typeof CMS_BACKENDS)[number]

/** Decap's `backend` object for a git host (no proxy_url: the dev server's backend only). */
export type GitBackend = {
  name: CmsBackendName
  repo?: string
  branch: string
  api_root?: string
  base_url?: string
  auth_endpoint?: string
  auth_type?: 'pkce' | 'implicit'
  app_id?: string
  tenant_id?: string
}

type Env = Record<string, string | undefined>

/** The variables beyond CMS_BACKEND and CMS_BRANCH, with the backend key each one sets. */
const VARIABLES = {
  CMS_REPO: 'repo',
  CMS_API_ROOT: 'api_root',
  CMS_BASE_URL: 'base_url',
  CMS_AUTH_ENDPOINT: 'auth_endpoint',
  CMS_APP_ID: 'app_id',
  CMS_TENANT_ID: 'tenant_id',
} as const
type Variable = keyof typeof VARIABLES

/** What each backend takes (Decap's documentation): required, and optional. */
const USES: Record<CmsBackendName, { required: Variable[]; optional: Variable[] }> = {
  // OAuth through base_url (Netlify's by default, or an OAuth proxy of one's own; on Cloudflare
  // Pages, the site's own functions: siteLogin below).
  github: {
    required: ['CMS_REPO'],
    optional: ['CMS_API_ROOT', 'CMS_BASE_URL', 'CMS_AUTH_ENDPOINT'],
  },
  // With CMS_APP_ID: GitLab's PKCE flow, in the browser, no server; else OAuth through base_url.
  gitlab: {
    required: ['CMS_REPO'],
    optional: ['CMS_APP_ID', 'CMS_API_ROOT', 'CMS_BASE_URL', 'CMS_AUTH_ENDPOINT'],
  },
  // Decap's defaults are try.gitea.io, a demonstration server: the instance must be named.
  gitea: { required: ['CMS_REPO', 'CMS_APP_ID', 'CMS_API_ROOT', 'CMS_BASE_URL'], optional: [] },
  // With CMS_APP_ID: Bitbucket's implicit flow; else OAuth through base_url (Netlify's).
  bitbucket: {
    required: ['CMS_REPO'],
    optional: ['CMS_APP_ID', 'CMS_API_ROOT', 'CMS_BASE_URL', 'CMS_AUTH_ENDPOINT'],
  },
  azure: { required: ['CMS_REPO', 'CMS_APP_ID', 'CMS_TENANT_ID'], optional: ['CMS_API_ROOT'] },
  // Netlify Identity and Git Gateway: the repository is the one the Netlify site builds.
  'git-gateway': { required: [], optional: [] },
}

/** What CMS_REPO looks like for each backend. */
const REPO_SHAPES: Partial<Record<CmsBackendName, { parts: [number, number]; example: string }>> = {
  github: { parts: [2, 2], example: 'owner/name, e.g. transfo-sa/site' },
  gitea: { parts: [2, 2], example: 'owner/name, e.g. transfo-sa/site' },
  bitbucket: { parts: [2, 2], example: 'workspace/name, e.g. transfo-sa/site' },
  gitlab: { parts: [2, 20], example: 'group/name or group/subgroup/name, e.g. transfo-sa/site' },
  azure: { parts: [3, 3], example: 'organization/project/repository' },
}

export type CmsSettings = {
  /** undefined: CMS_BACKEND is unset, the site has no editor. */
  backend: GitBackend | undefined
  /** Malformed settings, one line each naming the variable: the build stops. */
  problems: string[]
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/
const TOKEN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

/** The editor's backend from the environment, or why the settings cannot be used. */
export function cmsSettings(env: Env = process.env): CmsSettings {
  const value = (name: string) => env[name]?.trim() || undefined
  const nameValue = value('CMS_BACKEND')
  const set = (Object.keys(VARIABLES) as Variable[]).filter((v) => value(v))
  if (!nameValue) {
    const stray = [...set, ...(value('CMS_BRANCH') ? ['CMS_BRANCH'] : [])]
    return {
      backend: undefined,
      problems: stray.map(
        (v) =>
          `${v} is set but CMS_BACKEND is not: set CMS_BACKEND (${CMS_BACKENDS.join(', ')}) to publish the editor at /admin/, or unset ${v}`,
      ),
    }
  }
  const name = nameValue.toLowerCase() as CmsBackendName
  if (!CMS_BACKENDS.includes(name))
    return {
      backend: undefined,
      problems: [
        `CMS_BACKEND is ${JSON.stringify(nameValue)}, not a git backend of Decap CMS: set it to one of ${CMS_BACKENDS.join(', ')}`,
      ],
    }
  const problems: string[] = []
  const uses = USES[name]
  for (const v of uses.required)
    if (!value(v)) problems.push(`${v} is not set: the ${name} backend needs it (${HELP[v]})`)
  for (const v of set)
    if (!uses.required.includes(v) && !uses.optional.includes(v))
      problems.push(`${v} is not used by the ${name} backend: unset it`)
  const backend: GitBackend = { name, branch: value('CMS_BRANCH') ?? 'main' }
  const branchProblem = checkBranch(backend.branch)
  if (branchProblem)
    problems.push(`CMS_BRANCH is ${JSON.stringify(backend.branch)}, ${branchProblem}`)
  for (const v of set) {
    if (!uses.required.includes(v) && !uses.optional.includes(v)) continue
    const raw = value(v) as string
    const problem = checkValue(name, v, raw)
    if (problem) problems.push(`${v} is ${JSON.stringify(raw)}, ${problem}`)
    else Object.assign(backend, { [VARIABLES[v]]: normalise(v, raw) })
  }
  // On Cloudflare Pages the GitHub login is the site's own (siteLogin): its path is fixed.
  if (name === 'github' && onCloudflarePages(env) && !backend.base_url && backend.auth_endpoint)
    problems.push(
      "CMS_AUTH_ENDPOINT is set without CMS_BASE_URL: on Cloudflare Pages the editor logs in through the site's own /api/auth (functions/api/); unset CMS_AUTH_ENDPOINT, or set CMS_BASE_URL to your OAuth server",
    )
  // GitLab and Bitbucket take an application id for their flows without a server of one's own.
  if (backend.app_id && name === 'gitlab') backend.auth_type = 'pkce'
  if (backend.app_id && name === 'bitbucket') backend.auth_type = 'implicit'
  return { backend: problems.length ? undefined : backend, problems }
}

/** Cloudflare Pages' build environment sets CF_PAGES=1. */
const onCloudflarePages = (env: Env) => env.CF_PAGES?.trim() === '1'

/**
 * The GitHub login of a build on Cloudflare Pages that names no OAuth server (no CMS_BASE_URL):
 * the site's own Pages Functions, functions/api/auth.ts and callback.ts, which hold the OAuth
 * app's secret (the project's GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET). Decap opens
 * `<base_url>/<auth_endpoint>` in its popup and takes the token only from a message of the
 * origin `base_url`: the site's address (SITE_URL), where the editor is opened. Anywhere else,
 * and with another backend, the backend as it is (Netlify's OAuth by default).
 */
export function siteLogin(
  backend: GitBackend,
  siteUrl: string,
  env: Env = process.env,
): GitBackend {
  if (backend.name !== 'github' || backend.base_url || !onCloudflarePages(env)) return backend
  let origin: string
  try {
    origin = new URL(siteUrl).origin
  } catch {
    throw new Error(
      `SITE_URL is ${JSON.stringify(siteUrl)}, not an absolute address: on Cloudflare Pages the editor logs in at the site's address`,
    )
  }
  return { ...backend, base_url: origin, auth_endpoint: 'api/auth' }
}

const HELP: Record<Variable, string> = {
  CMS_REPO: 'the repository the editor commits to',
  CMS_API_ROOT: "the host's API address",
  CMS_BASE_URL: 'the address of the OAuth server, or of the instance',
  CMS_AUTH_ENDPOINT: 'the OAuth path on CMS_BASE_URL',
  CMS_APP_ID: 'the OAuth application id registered with the host',
  CMS_TENANT_ID: 'the Microsoft Entra tenant id',
}

function checkBranch(branch: string): string | undefined {
  if (!/^[A-Za-z0-9._/-]+$/.test(branch) || /^[-/.]|\/$|\.lock$|\.\.|\/\/|\/\./.test(branch))
    return 'not a git branch name'
  return undefined
}

function checkValue(backend: CmsBackendName, v: Variable, raw: string): string | undefined {
  switch (v) {
    case 'CMS_REPO': {
      const shape = REPO_SHAPES[backend]
      const parts = raw.split('/')
      if (
        !shape ||
        parts.length < shape.parts[0] ||
        parts.length > shape.parts[1] ||
        !parts.every((p) => SEGMENT.test(p) && p !== '.' && p !== '..' && !p.endsWith('.git'))
      )
        return `not a repository path for the ${backend} backend (${shape?.example ?? 'none'})`
      return undefined
    }
    case 'CMS_API_ROOT':
    case 'CMS_BASE_URL': {
      let url: URL
      try {
        url = new URL(raw)
      } catch {
        return 'not an absolute URL'
      }
      // http only to this machine: the GitHub stand-in of the tests (scripts/standIns/);
      // --production refuses a loopback host (cmsProductionProblems).
      if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.test(url.hostname)))
        return 'not an https address'
      if (url.search || url.hash || url.username) return 'an address with a query, fragment or user'
      return undefined
    }
    case 'CMS_AUTH_ENDPOINT':
      return /^\/?[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*\/?$/.test(raw)
        ? undefined
        : 'not a path (such as auth or oauth/authorize)'
    case 'CMS_APP_ID':
    case 'CMS_TENANT_ID':
      return TOKEN.test(raw) ? undefined : 'not an id (letters, digits, dots, dashes)'
  }
}

function normalise(v: Variable, raw: string): string {
  if (v === 'CMS_API_ROOT' || v === 'CMS_BASE_URL') return raw.replace(/\/+$/, '')
  if (v === 'CMS_AUTH_ENDPOINT') return raw.replace(/^\/+|\/+$/g, '')
  return raw
}

/** Repository owners and names that only documentation uses. */
const PLACEHOLDER_OWNERS = new Set([
  'owner',
  'org',
  'organisation',
  'organization',
  'example',
  'examples',
  'user',
  'username',
  'account',
  'workspace',
  'namespace',
  'group',
])
const PLACEHOLDER_NAMES = new Set(['repo', 'repository', 'repo-name', 'name', 'project', 'example'])
const PLACEHOLDER_IDS = /^(app[-_]?id|client[-_]?id|tenant[-_]?id|x+|0+|id)$/i
/** `your-org`, `your_repo`, `yourname`, `example-org`. */
const PLACEHOLDER_WORD = /^(your|example)([-_]|$|[a-z]*$)/i

/**
 * What `--production` refuses of a valid editor setting, one line each in the words of
 * pipeline/buildSettings.ts (`NAME is ...: set NAME to ...`): a placeholder repository, id or host.
 */
export function cmsProductionProblems(backend: GitBackend): string[] {
  const out: string[] = []
  if (backend.repo) {
    const parts = backend.repo.toLowerCase().split('/')
    const owner = parts[0] as string
    const name = parts[parts.length - 1] as string
    if (
      PLACEHOLDER_OWNERS.has(owner) ||
      PLACEHOLDER_NAMES.has(name) ||
      parts.some((p) => PLACEHOLDER_WORD.test(p))
    )
      out.push(
        `CMS_REPO is ${backend.repo}, a placeholder repository: set CMS_REPO to the repository the editor commits to (${REPO_SHAPES[backend.name]?.example ?? 'owner/name'})`,
      )
  }
  for (const [v, key] of [
    ['CMS_API_ROOT', 'api_root'],
    ['CMS_BASE_URL', 'base_url'],
  ] as const) {
    const url = backend[key]
    const placeholder = url ? placeholderHost(new URL(url).hostname) : undefined
    if (placeholder) out.push(`${v} is ${url}, ${placeholder}: set ${v} to ${HELP[v]}`)
  }
  for (const [v, key] of [
    ['CMS_APP_ID', 'app_id'],
    ['CMS_TENANT_ID', 'tenant_id'],
  ] as const) {
    const id = backend[key]
    if (id && (PLACEHOLDER_IDS.test(id) || PLACEHOLDER_WORD.test(id)))
      out.push(`${v} is ${id}, a placeholder: set ${v} to ${HELP[v]}`)
  }
  return out
}

/** Minutes after a save's commit before the editor says the deploy may have failed (live/). */
export const DEFAULT_LIVE_TIMEOUT_MINUTES = 10

/**
 * CMS_LIVE_TIMEOUT_MINUTES: how long the editor waits for a save to go live before it says
 * « Toujours pas en ligne » (templates/admin/live/); 10 unless set, a number of minutes, 1 to 1440.
 */
export function liveTimeoutSetting(env: Env = process.env): { minutes: number; problem?: string } {
  const raw = env.CMS_LIVE_TIMEOUT_MINUTES?.trim()
  if (!raw) return { minutes: DEFAULT_LIVE_TIMEOUT_MINUTES }
  const minutes = Number(raw)
  if (!Number.isFinite(minutes) || minutes <= 0 || minutes > 1440)
    return {
      minutes: DEFAULT_LIVE_TIMEOUT_MINUTES,
      problem: `CMS_LIVE_TIMEOUT_MINUTES is ${JSON.stringify(raw)}, not a number of minutes from 1 to 1440 (how long the editor waits for a save to go live before it says the deploy may have failed)`,
    }
  return { minutes }
}
