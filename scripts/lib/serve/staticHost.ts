import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { handleInbox } from '../inbox/handler.ts'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.webmanifest': 'application/manifest+json',
  '.pdf': 'application/pdf',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}

type Redirect = { from: string; to: string; status: number }

/** Reads the exact-path rules of `_redirects` (the wildcard 404 rules are what resolve() does). */
export function readRedirects(dir: string): Redirect[] {
  const file = join(dir, '_redirects')
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter(([from, to, status]) => from && to && !from.includes('*') && status?.startsWith('30'))
    .map(([from, to, status]) => ({ from: from ?? '', to: to ?? '', status: Number(status) }))
}

export type Resolution =
  | { kind: 'file'; file: string; status: 200 | 404 }
  | { kind: 'redirect'; location: string; status: number }

/** How a static host answers a path: the file, `/x` from `x.html`, a redirect, or the 404 page. */
export function resolve(dir: string, urlPath: string, redirects: Redirect[]): Resolution {
  let path: string
  try {
    path = decodeURIComponent(urlPath.split('?')[0] ?? '/')
  } catch {
    path = '/\u0000'
  }
  const redirect = redirects.find((r) => r.from === path)
  if (redirect) return { kind: 'redirect', location: redirect.to, status: redirect.status }
  const safe = normalize(path).replace(/\\/g, '/')
  const rel = safe.replace(/^\/+/, '')
  const candidates = rel === '' ? ['index.html'] : [rel, `${rel.replace(/\/$/, '')}.html`]
  for (const c of candidates) {
    const file = join(dir, c)
    if (
      file.startsWith(dir) &&
      !c.includes('\u0000') &&
      existsSync(file) &&
      statSync(file).isFile()
    )
      return { kind: 'file', file, status: 200 }
  }
  const english = path === '/en' || path.startsWith('/en/')
  return { kind: 'file', file: join(dir, english ? 'en/404.html' : '404.html'), status: 404 }
}

export function createStaticHost(dir: string): Server {
  const redirects = readRedirects(dir)
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/'
    if (url.startsWith('/api/inbox/')) {
      handleInbox(req, res).catch((error: Error) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ error: error.message }))
      })
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end()
      return
    }
    const r = resolve(dir, url, redirects)
    if (r.kind === 'redirect') {
      res.writeHead(r.status, { location: r.location }).end()
      return
    }
    const type = TYPES[extname(r.file)] ?? 'application/octet-stream'
    const immutable = r.file.startsWith(join(dir, 'assets'))
    res.writeHead(r.status, {
      'content-type': type,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    })
    if (req.method === 'HEAD') {
      res.end()
      return
    }
    // The file can vanish between the check and the read (dist/ swapped by a new build).
    createReadStream(r.file)
      .on('error', () => res.destroy())
      .pipe(res)
  })
}
