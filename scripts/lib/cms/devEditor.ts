// The editor of `npm run dev`: Decap CMS at /admin/, against the working tree, with
// no account. Its backend is this dev server's loopback endpoint /api/cms/v1, answering Decap's
// proxy protocol (the actions of decap-server's local_fs middleware), so it starts and stops
// with `npm run dev` and listens where the dev server listens (127.0.0.1 unless `--host`; even
// then the endpoint answers this machine only). Every save goes through the project's check
// (entries.ts -> scripts/lib/editing/). The preview is rendered in the browser
// (templates/admin/preview/), as in the published editor: nothing here.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { basename, extname, join, normalize, posix, sep } from 'node:path'
import type { Connect, Plugin, ViteDevServer } from 'vite'
import { formatProblem } from '../../../templates/core/content/problems.ts'
import type { SaveProblem } from '../../../templates/core/editing/planSave.ts'
import { MediaError } from '../../../templates/core/editor/mediaNames.ts'
import { collectWouldBe } from '../editing/wouldBeTree.ts'
import {
  type AdminBuild,
  adminBuildKey,
  adminCacheDir,
  editorPage,
  prepareAdminBuild,
} from './adminBuild.ts'
import { cmsCheckData, cmsConfig } from './config.ts'
import { EntryPathError } from './entries.ts'
import { listStore, readStoreFile, StoreError, writeStore } from './fileStore.ts'
import { historyOf, textsAt } from './gitHistory.ts'
import { GUIDE_PATH, GUIDE_SOURCE, guideHtml, guideImages } from './guidePage.ts'
import { listMedia } from './media.ts'
import { shareOptions } from './sharedOptions.ts'

export const CMS_API = '/api/cms'
export const ADMIN_PATH = '/admin/'

export function cmsEditor(): Plugin {
  return {
    name: 'cms-editor',
    apply: 'serve',
    configureServer(server) {
      const root = process.env.SITE_ROOT ?? server.config.root
      server.middlewares.use(CMS_API, guarded(apiHandler(server, root)))
      const editor = editorBundle(server.config.root)
      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? '/').split('?')[0] as string
        if (url === '/admin') {
          res.writeHead(301, { Location: ADMIN_PATH }).end()
          return
        }
        if (url === ADMIN_PATH) return void serveAdminPage(editor, res).catch(next)
        if (url === GUIDE_PATH.slice(0, -1)) {
          res.writeHead(301, { Location: GUIDE_PATH }).end()
          return
        }
        // The editor's guide, made anew at each visit (guidePage.ts), and its screenshots.
        if (url === GUIDE_PATH) {
          const html = guideHtml(server.config.root)
          res.writeHead(200, {
            'Content-Type': 'text/html; charset=utf-8',
            'Cache-Control': 'no-store',
          })
          return void res.end(html)
        }
        const image = url.startsWith(`${GUIDE_PATH}images/`) && url.slice(GUIDE_PATH.length + 7)
        if (image && guideImages(server.config.root).includes(image)) {
          const body = readFileSync(join(server.config.root, GUIDE_SOURCE, 'images', image))
          res.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'no-store' })
          return void res.end(body)
        }
        if (url.startsWith(`${ADMIN_PATH}assets/`))
          return void serveEditorFile(editor, url.slice(ADMIN_PATH.length), res).catch(next)
        next()
      })
      // The first check in a process compiles the schemas (100-200 ms): done before any save.
      setTimeout(() => void warm(root), 0)
    },
  }
}

/**
 * The editor's JavaScript in `npm run dev`: the production build's bundle (adminBuild.ts: vite,
 * minified, 6.8 MB), made at the first visit of /admin/ and cached by the editor's code, rather
 * than vite's dev transform of Decap (one 45 MB module, fetched again at every visit: /admin/
 * took 3.9 s to be ready to type in, over its 3 s budget). The editor's own code
 * (templates/admin/) is rebuilt at the next visit after a change of it, without hot reload.
 */
function editorBundle(codeRoot: string): () => Promise<AdminBuild> {
  let built: Promise<AdminBuild> | undefined
  // The key the current build was made for: a change of templates/admin/ makes another.
  let builtKey: string | undefined
  return () => {
    const key = adminBuildKey(codeRoot)
    if (!built || key !== builtKey) {
      builtKey = key
      const scratch = join(tmpdir(), `admin-build-${process.pid}`)
      const started = prepareAdminBuild(codeRoot, adminCacheDir(codeRoot), scratch)
      started.catch(() => {
        if (built === started) built = undefined
      })
      built = started
    }
    return built
  }
}

async function serveAdminPage(editor: () => Promise<AdminBuild>, res: ServerResponse) {
  const { dir } = await editor()
  const html = editorPage(dir, { config: `${CMS_API}/config`, check: `${CMS_API}/check` })
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
  res.end(html)
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
}

/** A built file of the editor (hashed names: cached for good by the browser). */
async function serveEditorFile(
  editor: () => Promise<AdminBuild>,
  name: string,
  res: ServerResponse,
) {
  const { dir } = await editor()
  const path = normalize(join(dir, decodeURIComponent(name)))
  const type = TYPES[extname(path)]
  if (!path.startsWith(dir + sep) || !type || !existsSync(path)) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found')
    return
  }
  const body = readFileSync(path)
  res.writeHead(200, {
    'Content-Type': type,
    'Content-Length': body.length,
    'Cache-Control': 'public, max-age=31536000, immutable',
  })
  res.end(body)
}

function warm(root: string) {
  try {
    collectWouldBe(root, new Map())
  } catch {}
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/**
 * The endpoint writes files: it answers this machine only (even under `npm run dev -- --host`),
 * and only JSON posts, which a page of another origin cannot send without a preflight that
 * this server does not grant.
 */
function guarded(handler: Connect.NextHandleFunction): Connect.NextHandleFunction {
  return (req, res, next) => {
    const refused = requestRefusal(req)
    if (refused) return sendJson(res, refused.status, { error: refused.error })
    handler(req, res, next)
  }
}

type GuardedRequest = Pick<IncomingMessage, 'url' | 'method' | 'headers'> & {
  socket: { remoteAddress?: string }
}

/** Why the endpoint refuses `req` (status and reason), or undefined when it may answer. */
export function requestRefusal(req: GuardedRequest): { status: number; error: string } | undefined {
  if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) return { status: 403, error: 'loopback only' }
  // The configuration and the check's data only are read (the page asks for them as files: GET);
  // anything else posts.
  const route = (req.url ?? '').split('?')[0]
  const config = (route === '/config' || route === '/check') && req.method === 'GET'
  if (req.method !== 'POST' && !config) return { status: 405, error: 'POST only' }
  if (!config && !/^application\/json\b/.test(req.headers['content-type'] ?? ''))
    return { status: 415, error: 'application/json only' }
  // An opaque origin (`null`: a sandboxed frame, a file, a redirect across sites) is no origin
  // of this server; it is not a URL either, which once made this a 500.
  const origin = req.headers.origin
  if (origin !== undefined && hostOf(origin) !== req.headers.host)
    return { status: 403, error: 'same origin only' }
  return undefined
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host
  } catch {
    return undefined
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  })
  res.end(JSON.stringify(body))
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return JSON.parse(Buffer.concat(chunks).toString('utf8'))
}

type Body = { action?: string; params?: Record<string, unknown> }

function apiHandler(server: ViteDevServer, root: string): Connect.NextHandleFunction {
  return (req, res) => {
    const route = (req.url ?? '/').split('?')[0]
    const answer = async () => {
      const body = (req.method === 'POST' ? await readBody(req) : {}) as Body
      if (route === '/config')
        return { status: 200, body: shareOptions(cmsConfig(root, { proxyUrl: `${CMS_API}/v1` })) }
      if (route === '/check') return { status: 200, body: cmsCheckData(root) }
      if (route === '/v1') return action(root, body)
      return { status: 404, body: { error: `unknown endpoint ${route}` } }
    }
    answer().then(
      (r) => sendJson(res, r.status, r.body),
      (error: Error) => {
        const editorsMistake =
          error instanceof EntryPathError ||
          error instanceof MediaError ||
          error instanceof StoreError
        if (!editorsMistake)
          server.config.logger.error(`CMS endpoint: ${error.stack ?? error.message}`)
        const problems = error instanceof MediaError ? error.problems : []
        sendJson(
          res,
          error instanceof StoreError ? error.status : editorsMistake ? 422 : 500,
          problems.length
            ? { ...refusal([...problems]), error: error.message }
            : { error: error.message },
        )
      },
    )
  }
}

type Answer = { status: number; body: unknown }

type Asset = { path: string; content: string; encoding: 'base64' }

/** A path of the media library (an image or PDF under public/), with its leading slash or not. */
function knownMedia(root: string, path: string): string {
  const rel = path.replace(/^\/+/, '')
  if (!listMedia(root).some((m) => m.path === rel))
    throw new MediaError(`« ${path} » n'est pas une image ou un PDF du site.`)
  return rel
}

function mediaFile(root: string, rel: string) {
  const bytes = readFileSync(join(root, rel))
  return {
    id: createHash('sha256').update(bytes).digest('hex'),
    content: bytes.toString('base64'),
    encoding: 'base64',
    path: rel,
    name: posix.basename(rel),
  }
}

export async function action(root: string, { action, params = {} }: Body): Promise<Answer> {
  switch (action) {
    case 'info':
      return {
        status: 200,
        body: { repo: basename(root), publish_modes: ['simple'], type: 'local_fs' },
      }
    case 'entriesByFiles': {
      const files = (params.files ?? []) as { path: string; label?: string }[]
      return { status: 200, body: files.map((f) => readStoreFile(root, f.path)) }
    }
    case 'getEntry':
      return { status: 200, body: readStoreFile(root, String(params.path)) }
    case 'entriesByFolder':
      // Every collection of the generated config is a file collection.
      return { status: 200, body: [] }
    case 'listFiles':
      // The editor's reading of the repository: the names and ids of every file under
      // content/ or public/, as a git host lists its tree.
      return { status: 200, body: await listStore(root, String(params.folder ?? '')) }
    case 'persistEntry': {
      // A save the editor planned and checked in the browser (entryPlan.ts): its files, and
      // the id of each as the editor read it, written all or none.
      // `version`: the time after the write, which the dev server's /build.json passes once it
      // has read the content again (dev/liveContent.ts): the editor's « En ligne » (admin/live/).
      if (params.expected) {
        const written = storeWrite(root, params)
        return { status: 200, body: { written, version: String(Date.now()) } }
      }
      // Decap's own proxy backend's save (one file, unchecked): the editor's own replaces it.
      return {
        status: 422,
        body: { error: "Ce point d'accès n'écrit que les enregistrements vérifiés par l'éditeur." },
      }
    }
    case 'getMedia': {
      // Decap keeps a media folder flat: the files directly in it.
      const folder = String(params.mediaFolder ?? '').replace(/^\/+/, '')
      const files = listMedia(root).filter((m) => posix.dirname(m.path) === folder)
      return { status: 200, body: files.map((m) => mediaFile(root, m.path)) }
    }
    case 'getMediaFile':
      return { status: 200, body: mediaFile(root, knownMedia(root, String(params.path))) }
    case 'getDeployPreview':
      return { status: 200, body: null }
    case 'history':
      // The entry's « Historique » (templates/core/history/): the commits of the project's git
      // repository that changed its files (a save here writes files and commits nothing), and
      // the files' texts at one of them (gitHistory.ts).
      return { status: 200, body: await historyOf(root, params) }
    case 'textsAt':
      return { status: 200, body: await textsAt(root, params) }
    default:
      return { status: 422, body: { error: `Unknown action ${action}` } }
  }
}

/** A planned save from the proxy protocol's persistEntry: YAML texts, uploads, ids as read. */
function storeWrite(root: string, params: Record<string, unknown>): string[] {
  const files = (params.dataFiles ?? []) as { path: string; raw: string | null }[]
  const assets = ((params.assets ?? []) as (Asset | { path: string; content: null })[]).map(
    (a) => ({
      path: a.path.replace(/^\/+/, ''),
      bytes: a.content === null ? null : Buffer.from(a.content, 'base64'),
    }),
  )
  return writeStore(root, {
    files,
    assets,
    expected: params.expected as Record<string, string | null>,
  })
}

/** A refused save: Decap shows `error` in its notification; the page shows each problem. */
export function refusal(problems: SaveProblem[]) {
  const count = problems.length
  return {
    error: `${count === 1 ? 'Un problème empêche' : `${count} problèmes empêchent`} l'enregistrement : ${problems.map((p) => p.fr).join(' ; ')}`,
    problems: problems.map((p) => ({ ...p, text: formatProblem(p) })),
  }
}
