// The `_headers` rule of /admin/* (the production editor): its own Content-Security-Policy,
// looser than the site's where Decap CMS needs it, and only there:
// - script-src 'unsafe-eval': Decap validates its configuration with ajv, which compiles each
//   schema with `new Function` (decaporg/decap-cms#2343); 'wasm-unsafe-eval': its image
//   optimiser (WebP encoder, WebAssembly);
// - style-src 'unsafe-inline': Decap's UI is styled by emotion, which inserts <style> elements
//   and style attributes at run time (no hash can be known at build time);
// - connect-src: the git host's API and the OAuth server (token refresh, PKCE token exchange),
//   and blob: (Decap fetches an uploaded file's blob: URL to commit it: without it a save with
//   an upload fails with "Failed to fetch"); img-src: the host's raw files and avatars, and
//   blob:/data: (media read through the API, the media library's previews of uploads);
// - Cross-Origin-Opener-Policy same-origin-allow-popups: the login opens the OAuth server in a
//   popup that answers with postMessage to its opener; the site's `same-origin` would cut it off.
// Both are detached first (`! Name`, Cloudflare Pages), as the site's own page rules do:
// browsers enforce every policy they get, and the site's fallback would block Decap.
//
// A second rule, `/admin/assets/*`: the editor's JavaScript and WebAssembly (2.7 MB, Decap's
// chunk 1.6 MB), every name of which vite's build gives a content hash (adminBuildChild.mjs:
// assets/[name]-[hash].ext, its defaults), cached for a year, immutable, with the lines of the
// site's /assets/* (the revalidation of /* detached first: one Cache-Control value). /admin/*
// still matches those files, so they keep the editor's policy. The page, config.json and
// check.json (written by every build, under the same names) keep the revalidation of /*.
import { COMMON_HEADERS, type HeaderRule, IMMUTABLE_HEADERS } from '../pipeline/headers.ts'
import type { CmsBackendName, GitBackend } from './cmsSettings.ts'

export const ADMIN_RULE = '/admin/*'
/** The editor's built files, every name content-hashed (cms/adminBuildChild.mjs). */
export const ADMIN_ASSETS_RULE = '/admin/assets/*'

/** What a backend contacts by default (Decap's defaults, per backend). */
const HOSTS: Record<CmsBackendName, { api: string[]; auth: string[]; images: string[] }> = {
  github: {
    api: ['https://api.github.com'],
    auth: ['https://api.netlify.com'],
    images: ['https://raw.githubusercontent.com', 'https://avatars.githubusercontent.com'],
  },
  gitlab: {
    api: ['https://gitlab.com'],
    auth: ['https://gitlab.com'],
    images: ['https://gitlab.com', 'https://secure.gravatar.com'],
  },
  gitea: { api: [], auth: [], images: ['https://secure.gravatar.com'] },
  bitbucket: {
    api: ['https://api.bitbucket.org'],
    auth: ['https://api.netlify.com', 'https://bitbucket.org'],
    images: ['https://bitbucket.org', 'https://secure.gravatar.com'],
  },
  azure: {
    api: ['https://dev.azure.com'],
    auth: ['https://login.microsoftonline.com'],
    images: ['https://dev.azure.com'],
  },
  // Git Gateway and Netlify Identity answer on the site's own origin (/.netlify/...).
  'git-gateway': { api: [], auth: [], images: [] },
}

const origin = (url: string | undefined) => (url ? [new URL(url).origin] : [])

/** The origins the editor talks to and loads images from, for its backend's settings. */
export function adminOrigins(backend: GitBackend): { connect: string[]; images: string[] } {
  const hosts = HOSTS[backend.name]
  // A setting replaces Decap's default of the same role (GitHub Enterprise, a self-hosted GitLab).
  const api = backend.api_root ? origin(backend.api_root) : hosts.api
  const auth = backend.base_url ? origin(backend.base_url) : hosts.auth
  const sorted = (list: string[]) => [...new Set(list)].sort()
  return {
    connect: sorted([...api, ...auth]),
    images: sorted([
      ...(backend.api_root || backend.base_url ? [...api, ...auth] : []),
      ...hosts.images,
    ]),
  }
}

/** The editor's Content-Security-Policy. */
export function adminCsp(backend: GitBackend): string {
  const { connect, images } = adminOrigins(backend)
  const list = (...items: string[]) => items.join(' ')
  return [
    ['default-src', "'self'"],
    ['script-src', list("'self'", "'unsafe-eval'", "'wasm-unsafe-eval'")],
    ['style-src', list("'self'", "'unsafe-inline'")],
    ['img-src', list("'self'", 'data:', 'blob:', ...images)],
    ['font-src', list("'self'", 'data:')],
    ['connect-src', list("'self'", 'blob:', ...connect)],
    ['frame-src', list("'self'", 'blob:')],
    ['worker-src', list("'self'", 'blob:')],
    ['manifest-src', "'self'"],
    ['media-src', list("'self'", 'blob:')],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ]
    .map(([k, v]) => `${k} ${v}`)
    .join('; ')
}

const COOP = 'Cross-Origin-Opener-Policy'
/** The site's value of COOP on `/*`, which the editor's rule detaches. */
const siteCoop = COMMON_HEADERS.find(([k]) => k === COOP)?.[1]

/** The `/admin/*` rule, as `[name, value]` lines (`['!', name]` detaches a header of `/*`). */
export function adminHeaders(backend: GitBackend): [string, string][] {
  return [
    ['!', 'Content-Security-Policy'],
    ...(siteCoop ? ([['!', COOP]] as [string, string][]) : []),
    ['Content-Security-Policy', adminCsp(backend)],
    [COOP, 'same-origin-allow-popups'],
    ['X-Robots-Tag', 'noindex, nofollow'],
  ]
}

/** The editor's `_headers` rules, in order: `/admin/*`, then its hashed files, immutable. */
export function adminRules(backend: GitBackend): HeaderRule[] {
  return [
    { path: ADMIN_RULE, headers: adminHeaders(backend) },
    { path: ADMIN_ASSETS_RULE, headers: IMMUTABLE_HEADERS },
  ]
}
