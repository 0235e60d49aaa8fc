// The editor in production: its settings (every message names its variable;
// `--production` refuses placeholders), its `_headers` rule, and a build with and without it:
// with CMS_BACKEND the site gains /admin/ and one `_headers` rule and nothing else changes, byte
// for byte; without it there is no /admin/ at all.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN_ASSETS_RULE,
  ADMIN_RULE,
  adminCsp,
  adminHeaders,
  adminRules,
} from '../../scripts/lib/cms/adminHeaders.ts'
import {
  cmsProductionProblems,
  cmsSettings,
  type GitBackend,
  siteLogin,
} from '../../scripts/lib/cms/cmsSettings.ts'
import { headersFile, IMMUTABLE, REVALIDATE } from '../../scripts/lib/pipeline/headers.ts'
import { headersFor, parseHeaders } from '../../scripts/lib/serve/headerRules.ts'
import { GUIDE_SHOTS } from '../dev/guideShots.ts'
import { repo, treeFrom } from './fixtureTree.ts'

const names = (lines: string[]) => lines.map((l) => l.split(' ')[0])

describe('the editor settings', () => {
  it('are off without CMS_BACKEND', () => {
    expect(cmsSettings({})).toEqual({ backend: undefined, problems: [] })
  })

  it('give Decap a git backend, branch main by default', () => {
    expect(cmsSettings({ CMS_BACKEND: 'github', CMS_REPO: 'transfo-sa/site' })).toEqual({
      backend: { name: 'github', repo: 'transfo-sa/site', branch: 'main' },
      problems: [],
    })
    expect(
      cmsSettings({
        CMS_BACKEND: 'GitHub',
        CMS_REPO: 'transfo-sa/site',
        CMS_BRANCH: 'content',
        CMS_BASE_URL: 'https://oauth.transfo.tn/',
        CMS_AUTH_ENDPOINT: '/auth/',
      }).backend,
    ).toEqual({
      name: 'github',
      repo: 'transfo-sa/site',
      branch: 'content',
      base_url: 'https://oauth.transfo.tn',
      auth_endpoint: 'auth',
    })
    // GitLab with an application id: its PKCE flow, in the browser.
    expect(
      cmsSettings({ CMS_BACKEND: 'gitlab', CMS_REPO: 'transfo/web/site', CMS_APP_ID: 'a1b2' })
        .backend,
    ).toEqual({
      name: 'gitlab',
      repo: 'transfo/web/site',
      branch: 'main',
      app_id: 'a1b2',
      auth_type: 'pkce',
    })
    expect(cmsSettings({ CMS_BACKEND: 'git-gateway' }).backend).toEqual({
      name: 'git-gateway',
      branch: 'main',
    })
  })

  it.each([
    [
      { CMS_BACKEND: 'svn' },
      'CMS_BACKEND',
      'CMS_BACKEND is "svn", not a git backend of Decap CMS: set it to one of github, gitlab, gitea, bitbucket, azure, git-gateway',
    ],
    [
      { CMS_BACKEND: 'github' },
      'CMS_REPO',
      'CMS_REPO is not set: the github backend needs it (the repository the editor commits to)',
    ],
    [
      { CMS_BACKEND: 'github', CMS_REPO: 'transfo-site' },
      'CMS_REPO',
      'CMS_REPO is "transfo-site", not a repository path for the github backend (owner/name, e.g. transfo-sa/site)',
    ],
    [
      { CMS_BACKEND: 'github', CMS_REPO: 'https://github.com/a/b' },
      'CMS_REPO',
      'CMS_REPO is "https://github.com/a/b", not a repository path for the github backend (owner/name, e.g. transfo-sa/site)',
    ],
    [
      { CMS_BACKEND: 'azure', CMS_REPO: 'a/b', CMS_APP_ID: 'x1', CMS_TENANT_ID: 't1' },
      'CMS_REPO',
      'CMS_REPO is "a/b", not a repository path for the azure backend (organization/project/repository)',
    ],
    [
      { CMS_BACKEND: 'github', CMS_REPO: 'a/b', CMS_BRANCH: 'feature..x' },
      'CMS_BRANCH',
      'CMS_BRANCH is "feature..x", not a git branch name',
    ],
    [
      { CMS_BACKEND: 'github', CMS_REPO: 'a/b', CMS_BASE_URL: 'http://oauth.transfo.tn' },
      'CMS_BASE_URL',
      'CMS_BASE_URL is "http://oauth.transfo.tn", not an https address',
    ],
    [
      { CMS_BACKEND: 'github', CMS_REPO: 'a/b', CMS_API_ROOT: 'api.github.com' },
      'CMS_API_ROOT',
      'CMS_API_ROOT is "api.github.com", not an absolute URL',
    ],
    [
      { CMS_BACKEND: 'github', CMS_REPO: 'a/b', CMS_AUTH_ENDPOINT: 'https://x/auth' },
      'CMS_AUTH_ENDPOINT',
      'CMS_AUTH_ENDPOINT is "https://x/auth", not a path (such as auth or oauth/authorize)',
    ],
    [
      { CMS_BACKEND: 'gitlab', CMS_REPO: 'a/b', CMS_APP_ID: 'a b' },
      'CMS_APP_ID',
      'CMS_APP_ID is "a b", not an id (letters, digits, dots, dashes)',
    ],
    [
      { CMS_BACKEND: 'github', CMS_REPO: 'a/b', CMS_TENANT_ID: 't1' },
      'CMS_TENANT_ID',
      'CMS_TENANT_ID is not used by the github backend: unset it',
    ],
    [
      {
        CMS_BACKEND: 'gitea',
        CMS_REPO: 'a/b',
        CMS_API_ROOT: 'https://git.transfo.tn/api/v1',
        CMS_BASE_URL: 'https://git.transfo.tn',
      },
      'CMS_APP_ID',
      'CMS_APP_ID is not set: the gitea backend needs it (the OAuth application id registered with the host)',
    ],
    [
      { CMS_REPO: 'a/b' },
      'CMS_REPO',
      'CMS_REPO is set but CMS_BACKEND is not: set CMS_BACKEND (github, gitlab, gitea, bitbucket, azure, git-gateway) to publish the editor at /admin/, or unset CMS_REPO',
    ],
  ])('refuse %o, naming %s', (env, variable, message) => {
    const { backend, problems } = cmsSettings(env)
    expect(backend).toBeUndefined()
    expect(names(problems)).toEqual([variable])
    expect(problems[0]).toBe(message)
  })
})

describe('--production and the editor settings', () => {
  const refused = (env: Record<string, string>) => {
    const { backend, problems } = cmsSettings({ CMS_BACKEND: 'github', ...env })
    expect(problems).toEqual([])
    return cmsProductionProblems(backend as GitBackend)
  }

  it.each([
    'owner/repo',
    'example/site',
    'your-org/site',
    'your-org/your-repo',
    'user/repo',
    'transfo-sa/repo-name',
    'yourname/site',
  ])('refuses the placeholder repository %s', (repository) => {
    const lines = refused({ CMS_REPO: repository })
    expect(lines).toEqual([
      `CMS_REPO is ${repository}, a placeholder repository: set CMS_REPO to the repository the editor commits to (owner/name, e.g. transfo-sa/site)`,
    ])
  })

  it('takes an http API root on this machine only (the GitHub stand-in), never in production', () => {
    const { backend, problems } = cmsSettings({
      CMS_BACKEND: 'github',
      CMS_REPO: 'transfo-sa/site',
      CMS_API_ROOT: 'http://127.0.0.1:4567',
    })
    expect(problems).toEqual([])
    expect(backend?.api_root).toBe('http://127.0.0.1:4567')
    expect(adminCsp(backend as GitBackend)).toContain(
      "connect-src 'self' blob: http://127.0.0.1:4567 ",
    )
    expect(cmsProductionProblems(backend as GitBackend)).toEqual([
      "CMS_API_ROOT is http://127.0.0.1:4567, a loopback address: set CMS_API_ROOT to the host's API address",
    ])
    for (const elsewhere of ['http://api.transfo.tn', 'http://127.0.0.1.nip.io', 'http://10.0.0.1'])
      expect(
        cmsSettings({ CMS_BACKEND: 'github', CMS_REPO: 'a/b', CMS_API_ROOT: elsewhere }).problems,
      ).toEqual([`CMS_API_ROOT is "${elsewhere}", not an https address`])
  })

  it('refuses placeholder hosts and ids as the other settings do, and accepts real ones', () => {
    expect(refused({ CMS_REPO: 'transfo-sa/site' })).toEqual([])
    expect(refused({ CMS_REPO: 'acme/site', CMS_BASE_URL: 'https://oauth.example.com' })).toEqual([
      'CMS_BASE_URL is https://oauth.example.com, a placeholder domain: set CMS_BASE_URL to the address of the OAuth server, or of the instance',
    ])
    const gitlab = cmsSettings({
      CMS_BACKEND: 'gitlab',
      CMS_REPO: 'acme/site',
      CMS_APP_ID: 'your-app-id',
    })
    expect(cmsProductionProblems(gitlab.backend as GitBackend)).toEqual([
      'CMS_APP_ID is your-app-id, a placeholder: set CMS_APP_ID to the OAuth application id registered with the host',
    ])
  })
})

describe('the GitHub login on Cloudflare Pages (functions/api/)', () => {
  const github = (env: Record<string, string> = {}) =>
    cmsSettings({ CMS_BACKEND: 'github', CMS_REPO: 'transfo-sa/site', ...env })

  it("points Decap's login at the site itself on Cloudflare Pages when no OAuth server is named", () => {
    const env = { CF_PAGES: '1' }
    const { backend } = github(env)
    expect(siteLogin(backend as GitBackend, 'https://www.transfo.tn/', env)).toEqual({
      name: 'github',
      repo: 'transfo-sa/site',
      branch: 'main',
      base_url: 'https://www.transfo.tn',
      auth_endpoint: 'api/auth',
    })
    // The site's own origin: its policy's 'self' and the origin Decap takes the token from.
    expect(adminCsp(siteLogin(backend as GitBackend, 'https://www.transfo.tn', env))).toContain(
      "connect-src 'self' blob: https://api.github.com https://www.transfo.tn;",
    )
  })

  it('changes nothing on Netlify, with an OAuth server of its own, or for another backend', () => {
    const netlify = github().backend as GitBackend
    expect(siteLogin(netlify, 'https://www.transfo.tn', { NETLIFY: 'true' })).toBe(netlify)
    const own = github({ CF_PAGES: '1', CMS_BASE_URL: 'https://oauth.transfo.tn' })
    expect(siteLogin(own.backend as GitBackend, 'https://www.transfo.tn', { CF_PAGES: '1' })).toBe(
      own.backend,
    )
    const gitlab = cmsSettings({ CMS_BACKEND: 'gitlab', CMS_REPO: 'acme/site' }).backend
    expect(siteLogin(gitlab as GitBackend, 'https://www.transfo.tn', { CF_PAGES: '1' })).toBe(
      gitlab,
    )
  })

  it('refuses an auth path without an OAuth server on Cloudflare Pages: the path is /api/auth', () => {
    expect(github({ CF_PAGES: '1', CMS_AUTH_ENDPOINT: 'oauth' }).problems).toEqual([
      "CMS_AUTH_ENDPOINT is set without CMS_BASE_URL: on Cloudflare Pages the editor logs in through the site's own /api/auth (functions/api/); unset CMS_AUTH_ENDPOINT, or set CMS_BASE_URL to your OAuth server",
    ])
    expect(github({ CMS_AUTH_ENDPOINT: 'oauth' }).problems).toEqual([])
  })
})

describe("the editor's _headers rule", () => {
  it('allows what Decap needs, towards its backend only (and blob:, which it commits uploads from)', () => {
    const github = adminCsp({ name: 'github', repo: 'a/b', branch: 'main' })
    expect(github).toContain("script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval';")
    expect(github).toContain("style-src 'self' 'unsafe-inline';")
    expect(github).toContain(
      "connect-src 'self' blob: https://api.github.com https://api.netlify.com;",
    )
    // The media library's previews of uploads, and the images read through the API.
    expect(github).toContain("img-src 'self' data: blob: ")
    expect(github).toContain('https://raw.githubusercontent.com')
    expect(github).toContain("frame-ancestors 'none'")
    const enterprise = adminCsp({
      name: 'github',
      repo: 'a/b',
      branch: 'main',
      api_root: 'https://git.transfo.tn/api/v3',
      base_url: 'https://oauth.transfo.tn',
    })
    expect(enterprise).toContain(
      "connect-src 'self' blob: https://git.transfo.tn https://oauth.transfo.tn;",
    )
    expect(enterprise).not.toContain('api.github.com')
    expect(adminCsp({ name: 'git-gateway', branch: 'main' })).toContain("connect-src 'self' blob:;")
  })

  const page = { path: '/', scriptHashes: ["'sha256-a'"], styleHashes: [], hasForm: false }
  const backend: GitBackend = { name: 'github', repo: 'a/b', branch: 'main' }
  const site = headersFile([page], ["'self'"])
  const withEditor = headersFile([page], ["'self'"], adminRules(backend))

  it('detaches the site policy and COOP, and comes after the site rules, which stay as they are', () => {
    expect(adminRules(backend).map((r) => r.path)).toEqual([ADMIN_RULE, ADMIN_ASSETS_RULE])
    expect(adminRules(backend)[0]?.headers).toEqual(adminHeaders(backend))
    expect(withEditor.startsWith(site.trimEnd())).toBe(true)
    // The editor's hashed files as the site's /assets/* (the same lines): the revalidation of
    // /* detached, then a year, immutable.
    const assets = /\n\/assets\/\*\n((?: {2}.*\n)+)/.exec(site)?.[1]
    expect(assets).toBe(`  ! Cache-Control\n  Cache-Control: ${IMMUTABLE}\n`)
    expect(withEditor.slice(site.length)).toBe(
      `\n/admin/*\n  ! Content-Security-Policy\n  ! Cross-Origin-Opener-Policy\n  Content-Security-Policy: ${adminCsp(backend)}\n  Cross-Origin-Opener-Policy: same-origin-allow-popups\n  X-Robots-Tag: noindex, nofollow\n\n/admin/assets/*\n${assets}`,
    )
  })

  it("caches the editor's hashed files for a year, under its policy; its page and settings revalidate", () => {
    // As Cloudflare Pages applies the rules (`! Name` detaches; two values would be joined).
    const rules = parseHeaders(withEditor)
    const served = (path: string) => headersFor(rules, path).set
    for (const path of [
      '/admin/assets/editor-B99nUrfY.js',
      '/admin/assets/decap-BCRnl2JK.js',
      '/admin/assets/webp_enc-BpZvKflB.wasm',
    ]) {
      const h = served(path)
      expect(h.get('cache-control'), path).toBe(IMMUTABLE)
      expect(h.get('content-security-policy'), path).toBe(adminCsp(backend))
      expect(h.get('cross-origin-opener-policy'), path).toBe('same-origin-allow-popups')
      expect(h.get('x-robots-tag'), path).toBe('noindex, nofollow')
    }
    for (const path of [
      '/admin/',
      '/admin/index.html',
      '/admin/config.json',
      '/admin/check.json',
      // The editor's guide (guidePage.ts): the editor's headers, revalidated.
      '/admin/aide/',
      '/admin/aide/images/refus.png',
    ]) {
      const h = served(path)
      expect(h.get('cache-control'), path).toBe(REVALIDATE)
      expect(h.get('content-security-policy'), path).toBe(adminCsp(backend))
    }
    expect(served('/assets/entries/x.js').get('cache-control')).toBe(IMMUTABLE)
    expect(served('/').get('cache-control')).toBe(REVALIDATE)
    expect(served('/').get('content-security-policy')).not.toContain('unsafe')
  })
})

const files = (dir: string, base = dir): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name), base) : [relative(base, join(dir, e.name))],
  )

describe('a build with and without CMS_BACKEND', () => {
  let dir: string
  let plain: Map<string, Buffer>
  let plainReport: string
  let withEditor: Map<string, Buffer>
  let log = ''
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('CMS_')),
  )
  const build = (env: Record<string, string>) => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/build.ts', '--root', dir],
      {
        cwd: repo,
        encoding: 'utf8',
        // One time for both builds' /build.json: compared byte for byte below.
        env: { ...clean, SOURCE_DATE_EPOCH: '1700000000', ...env },
      },
    )
    expect(run.status, run.stderr).toBe(0)
    const client = join(dir, 'dist', 'client')
    return {
      site: new Map(files(client).map((f) => [f, readFileSync(join(client, f))])),
      log: run.stdout,
    }
  }

  beforeAll(() => {
    dir = treeFrom('good')
    plain = build({}).site
    plainReport = readFileSync(join(dir, 'reports', 'report.json'), 'utf8')
    const built = build({ CMS_BACKEND: 'github', CMS_REPO: 'acme/site' })
    withEditor = built.site
    log = built.log
  }, 180_000)
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('without it: no /admin/ anywhere', () => {
    expect([...plain.keys()].filter((f) => f.startsWith('admin'))).toEqual([])
    expect(plain.get('_headers')?.toString()).not.toContain('/admin')
  })

  it('with it: the editor page, French and never indexed, reading config.json', () => {
    expect(log).toMatch(/editor (miss|hit|off)/)
    const html = withEditor.get('admin/index.html')?.toString() ?? ''
    expect(html).toContain('<html lang="fr">')
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">')
    expect(html).toContain('<meta name="cms-config" content="config.json">')
    expect(html).toContain('<meta name="cms-check" content="check.json">')
    // What the editor's start awaits is asked for with the page: the configuration, Decap's chunk.
    expect(html).toContain('<link rel="preload" href="config.json" as="fetch" crossorigin>')
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="\/admin\/([^"]+)">/g)]
    expect(preloads.map((m) => m[1]).some((f) => /^assets\/decap-.+\.js$/.test(f ?? ''))).toBe(true)
    for (const m of preloads) expect(withEditor.has(`admin/${m[1]}`), m[1]).toBe(true)
    const script = /<script type="module" src="\/admin\/(assets\/[^"]+\.js)">/.exec(html)?.[1]
    expect(script && withEditor.has(`admin/${script}`), html).toBe(true)
  })

  it('with it: every file under admin/assets/ (cached for a year, immutable) has a content hash in its name', () => {
    const editor = [...withEditor.keys()].filter((f) => f.startsWith('admin/'))
    const hashed = editor.filter((f) => f.startsWith('admin/assets/'))
    expect(hashed.some((f) => f.endsWith('.js'))).toBe(true)
    expect(hashed.some((f) => f.endsWith('.wasm'))).toBe(true)
    // vite's names: assets/[name]-[hash].ext, the hash 8 characters of base64url.
    for (const f of hashed) expect(f, f).toMatch(/^admin\/assets\/[\w.-]+-[\w-]{8}\.(js|wasm|css)$/)
    // What is not hashed stays out of assets/ (and revalidates): the editor's page, its data, its
    // guide in French (guidePage.ts) with the screenshots the dev tests make.
    expect(editor.filter((f) => !hashed.includes(f)).sort()).toEqual(
      [
        ...GUIDE_SHOTS.map((s) => `admin/aide/images/${s}.png`),
        'admin/aide/index.html',
        'admin/check.json',
        'admin/config.json',
        'admin/index.html',
      ].sort(),
    )
  })

  it("with it: the configuration's backend is the git host's, no proxy, the dev server's entries", () => {
    const config = JSON.parse(withEditor.get('admin/config.json')?.toString() ?? '{}')
    expect(config.backend).toEqual({ name: 'github', repo: 'acme/site', branch: 'main' })
    expect(config.local_backend).toBe(false)
    expect(config.collections.length).toBeGreaterThan(2)
    // GitHub runs the editor's own backend (templates/admin/backend/): the dev server's entries,
    // a page one entry of both languages at a path no file has, read from and saved to its files;
    // a menu group's pages a folder collection that backend lists (site_pages).
    const collections = config.collections as {
      name: string
      folder?: string
      files?: { file: string }[]
    }[]
    const files = collections
      .filter((c) => c.name !== 'settings')
      .flatMap((c) => (c.files ?? []).map((f) => f.file))
    expect(files).toContain('content/i18n/strings.yaml')
    expect(collections.find((c) => c.name === 'menu')?.folder).toBe('content/pages/menu')
    expect(config.site_pages['content/pages/menu']).toContainEqual(
      expect.objectContaining({ id: 'home' }),
    )
    expect(config.i18n).toMatchObject({ structure: 'single_file', locales: ['fr', 'en'] })
    expect(config.collections.map((c: { name: string }) => c.name)).toContain('new-page')
    // The check's data for the browser is a file of its own, read once the form is up.
    expect(config.check).toBeUndefined()
    const check = JSON.parse(withEditor.get('admin/check.json')?.toString() ?? '{}')
    expect(Object.keys(check)).toEqual(['schemas', 'needs', 'code'])
  })

  it('with it: the site is the same, byte for byte, but for the editor and its _headers rule', () => {
    const headers = withEditor.get('_headers')?.toString() ?? ''
    const siteHeaders = plain.get('_headers')?.toString() ?? ''
    expect(headers.startsWith(siteHeaders)).toBe(true)
    expect(headers.slice(siteHeaders.length)).toMatch(
      /^\n\/admin\/\*\n {2}! Content-Security-Policy\n[\s\S]*X-Robots-Tag: noindex, nofollow\n\n\/admin\/assets\/\*\n {2}! Cache-Control\n {2}Cache-Control: public, max-age=31536000, immutable\n$/,
    )
    const outside = [...withEditor.keys()].filter((f) => !f.startsWith('admin/'))
    expect(outside.sort()).toEqual([...plain.keys()].sort())
    for (const f of outside)
      if (f !== '_headers') expect(withEditor.get(f)?.equals(plain.get(f) as Buffer), f).toBe(true)
    // So: the same sitemap, _redirects, search index (pagefind/) and visitor pages and assets.
    expect(withEditor.get('sitemap.xml')?.toString()).not.toContain('admin')
  })

  it("with it: no visitor page and no site asset knows the editor; the report's pages are the site's", () => {
    for (const [f, bytes] of withEditor) {
      if (f.startsWith('admin/')) continue
      if (f.endsWith('.html')) expect(bytes.toString(), f).not.toContain('/admin')
      if (f.startsWith('assets/')) expect(bytes.toString(), f).not.toMatch(/decap/i)
    }
    const report = readFileSync(join(dir, 'reports', 'report.json'), 'utf8')
    expect(report).not.toContain('admin/')
    const pagesOf = (text: string) => (JSON.parse(text) as { pages: number }).pages
    expect(pagesOf(report)).toBe(pagesOf(plainReport))
    expect(existsSync(join(dir, 'dist', 'client', 'admin', 'manifest.json'))).toBe(false)
  })
})

describe('npm run build with wrong editor settings', () => {
  it('stops at once, naming the variable', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
      cwd: repo,
      encoding: 'utf8',
      env: { ...process.env, CMS_BACKEND: 'github', CMS_REPO: 'not a repo' },
      timeout: 60_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain(
      'editor: CMS_REPO is "not a repo", not a repository path for the github backend',
    )
    expect(run.stderr).toContain('nothing was built')
  })

  it('--production refuses a placeholder repository with the other settings', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/build.ts', '--production'],
      {
        cwd: repo,
        encoding: 'utf8',
        env: {
          ...process.env,
          SITE_URL: 'https://www.transfo.tn',
          FORM_CONTACT_ENDPOINT: 'https://hook.eu1.make.com/abc',
          FORM_GENERAL_ENDPOINT: 'https://hook.eu1.make.com/def',
          RECAPTCHA_SITE_KEY: '6LcAbCdEfGhIjKlMnOpQrStUvWxYz0123456789a',
          CMS_BACKEND: 'github',
          CMS_REPO: 'owner/repo',
        },
        timeout: 60_000,
      },
    )
    expect(run.status).toBe(1)
    expect(run.stderr.split('\n').filter((l) => l.startsWith('production: '))).toEqual([
      'production: CMS_REPO is owner/repo, a placeholder repository: set CMS_REPO to the repository the editor commits to (owner/name, e.g. transfo-sa/site)',
    ])
  }, 60_000)
})
