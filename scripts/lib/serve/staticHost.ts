import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { join, relative, sep } from 'node:path'
import { handleInbox } from '../inbox/handler.ts'
import { forTerminal } from '../inbox/terminal.ts'
import { capConnections } from './connections.ts'
import { headersFor, readHeaderRules } from './headerRules.ts'
import { decodePath, insideRoot, readRedirects, resolve } from './resolve.ts'
import { contentType, sendFile } from './send.ts'

export { readRedirects, resolve } from './resolve.ts'

export type HostLimits = {
  /** Time a client has to send its request line and headers. */
  headersTimeoutMs: number
  /** Time a client has to send its whole request, body included (a 1 MB CV on a slow link). */
  requestTimeoutMs: number
  /** A socket with no traffic either way for this long is closed (slow readers included). */
  idleTimeoutMs: number
  keepAliveTimeoutMs: number
  maxConnections: number
}

export const DEFAULT_LIMITS: HostLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  idleTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 256,
}

const TEXT = 'text/plain; charset=utf-8'
/**
 * Folders whose file names carry a content hash (the site's bundles, the editor's): cached for
 * good by the server's own header, as `_headers` does (pipeline/headers.ts), which overrides it.
 */
const HASHED = ['assets', join('admin', 'assets')]

/**
 * The built site as Netlify or Cloudflare Pages serve it (`_headers`, `_redirects`, `/x` from
 * `x.html`, the 404 page of the URL's language), plus the local form inbox at /api/inbox/*.
 */
export function createStaticHost(dir: string, limits: Partial<HostLimits> = {}): Server {
  const l = { ...DEFAULT_LIMITS, ...limits }
  const redirects = readRedirects(dir)
  const rules = readHeaderRules(dir)
  const server = createServer(
    {
      headersTimeout: l.headersTimeoutMs,
      requestTimeout: l.requestTimeoutMs,
      keepAliveTimeout: l.keepAliveTimeoutMs,
      // Node checks the two timeouts above only this often (30 s by default).
      connectionsCheckingInterval: Math.min(1_000, l.headersTimeoutMs),
    },
    (req, res) => {
      serve(req, res).catch((error: unknown) => fail(req, res, error))
    },
  )
  server.setTimeout(l.idleTimeoutMs, (socket) => socket.destroy())
  capConnections(server, l.maxConnections)

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/'
    if (url.startsWith('/api/inbox/')) return handleInbox(req, res)
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': TEXT }).end('Method Not Allowed\n')
      return
    }
    const r = resolve(dir, url, redirects)
    const extra = hostHeaders(decodePath(url) ?? '/', req.headers.host)
    if (r.kind === 'redirect') {
      res.writeHead(r.status, { ...extra({}), location: r.location }).end()
      return
    }
    const immutable = HASHED.some((d) => r.file.startsWith(join(dir, d) + sep))
    const headers = extra({
      'content-type': contentType(r.file),
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    })
    // As Cloudflare Pages does (its asset server, after `_headers`): a 404 is never stored, so
    // a hashed file asked for before its deploy is not cached missing for a year by the rule
    // of its folder.
    if (r.status === 404) headers['cache-control'] = 'no-store'
    const file = insideRoot(dir, r.file)
    if (!file) {
      // No 404 page in the build: still a 404, in words.
      res.writeHead(404, { ...headers, 'content-type': TEXT }).end('Not Found\n')
      return
    }
    await sendFile(req, res, file, r.status, headers)
  }

  /** The server's own headers, overridden and completed by the `_headers` blocks that match. */
  function hostHeaders(path: string, host: string | undefined) {
    const { set, detach } = headersFor(rules, path, host)
    return (own: Record<string, string>) => {
      const out: Record<string, string> = { ...own }
      for (const name of detach) delete out[name]
      for (const [name, value] of set) out[name] = value
      return out
    }
  }

  /** An unexpected failure: details on the terminal only, a generic answer to the client. */
  function fail(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    const where = relative(process.cwd(), dir) || dir
    console.error(
      `serve: ${forTerminal(req.method ?? '')} ${forTerminal(req.url ?? '')} (serving ${where}) failed:`,
      error,
    )
    if (res.headersSent) {
      res.destroy()
      return
    }
    res.writeHead(500, { 'content-type': TEXT, 'cache-control': 'no-store' })
    res.end('Internal Server Error\n')
  }

  return server
}
