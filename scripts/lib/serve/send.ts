// Sends one file the way a CDN does: ETag and 304, gzip or brotli by Accept-Encoding (Vary),
// a single byte range (206/416). Everything is read from one open descriptor, so a build that
// swaps dist/ mid-request cannot mix two versions of a file.
import { createHash } from 'node:crypto'
import { type FileHandle, open } from 'node:fs/promises'
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { extname } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.pdf': 'application/pdf',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
}

export const contentType = (file: string): string =>
  TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream'

const COMPRESSIBLE = /^(text\/|image\/svg|image\/x-icon|application\/(json|xml|manifest))/
/** Below this, compression saves less than its header costs. */
const MIN_COMPRESS_BYTES = 256
/** Larger files are streamed as they are, with an ETag from size and date. */
const MAX_CACHED_BYTES = 16 * 1024 * 1024

type Encoding = 'br' | 'gzip'
type Entry = { key: string; etag: string; encoded: Map<Encoding, Promise<Buffer>>; body?: Buffer }
/** Per real path: the file's ETag and compressed forms, valid while size/mtime/inode match. */
const cache = new Map<string, Entry>()

const compressors: Record<Encoding, (b: Buffer) => Promise<Buffer>> = {
  br: (b) =>
    promisify(brotliCompress)(b, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: b.length },
    }),
  gzip: (b) => promisify(gzip)(b, { level: 9 }),
}

/** The best encoding the client accepts (q > 0), brotli first on a tie; undefined = identity. */
export function negotiateEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined
  const q = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean)
    q.set(name, weight === undefined ? 1 : Number(weight))
  }
  const weightOf = (e: string) => q.get(e) ?? q.get('*') ?? 0
  const best = (['br', 'gzip'] as const)
    .filter((e) => weightOf(e) > 0)
    .sort((a, b) => weightOf(b) - weightOf(a))[0]
  return best
}

/** Whether an If-None-Match list names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const bare = (t: string) => t.trim().replace(/^W\//, '')
  return header.split(',').some((t) => bare(t) === bare(etag))
}

/** One `bytes=a-b` range within `size`; 'all' for no or an ignorable header; undefined = 416. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'all' | undefined {
  if (!header) return 'all'
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!m) return 'all' // several ranges or another unit: a full answer is allowed
  const [, a = '', b = ''] = m
  if (a === '' && b === '') return 'all'
  let start: number
  let end: number
  if (a === '') {
    const suffix = Number(b)
    if (suffix === 0) return undefined
    start = Math.max(0, size - suffix)
    end = size - 1
  } else {
    start = Number(a)
    end = b === '' ? size - 1 : Math.min(Number(b), size - 1)
    if (b !== '' && Number(b) < start) return 'all' // syntactically invalid: ignore the header
  }
  if (start >= size || size === 0) return undefined
  return { start, end }
}

async function entryFor(handle: FileHandle, file: string, size: number): Promise<Entry> {
  const stat = await handle.stat()
  const key = `${stat.ino}:${stat.size}:${stat.mtimeMs}`
  const known = cache.get(file)
  if (known?.key === key) return known
  let entry: Entry
  if (size > MAX_CACHED_BYTES) {
    entry = {
      key,
      etag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
      encoded: new Map(),
    }
  } else {
    const body = await handle.readFile()
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22)
    entry = { key, etag: `"${hash}"`, encoded: new Map(), body }
  }
  cache.set(file, entry)
  return entry
}

/**
 * Answers with `file` (already checked to be inside the served folder). `headers` are the
 * response's other headers (type, caching, the `_headers` rules). Rejects when the file
 * cannot be opened; the caller then answers without revealing why.
 */
export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  status: 200 | 404,
  headers: OutgoingHttpHeaders,
): Promise<void> {
  const handle = await open(file, 'r')
  let handed = false
  try {
    const size = (await handle.stat()).size
    const entry = await entryFor(handle, file, size)
    const type = String(headers['content-type'] ?? '')
    const compressible = COMPRESSIBLE.test(type) && size >= MIN_COMPRESS_BYTES && !!entry.body
    const base: OutgoingHttpHeaders = { ...headers }
    if (compressible) base.vary = 'Accept-Encoding'
    if (status === 200) base['accept-ranges'] = 'bytes'

    // A range asks for bytes of the file itself: answered unencoded.
    const range = status === 200 && req.headers.range ? rangeFor(req, size, entry.etag) : 'all'
    const encoding =
      compressible && range === 'all'
        ? negotiateEncoding(req.headers['accept-encoding'] as string | undefined)
        : undefined
    const etag = encoding ? `${entry.etag.slice(0, -1)}-${encoding}"` : entry.etag
    base.etag = etag

    if (status === 200 && etagMatches(req.headers['if-none-match'], etag)) {
      delete base['content-type']
      res.writeHead(304, base).end()
      return
    }
    if (range === undefined) {
      res.writeHead(416, { ...base, 'content-range': `bytes */${size}` }).end()
      return
    }
    if (encoding && entry.body) {
      let pending = entry.encoded.get(encoding)
      if (!pending) {
        pending = compressors[encoding](entry.body)
        entry.encoded.set(encoding, pending)
      }
      const body = await pending
      res.writeHead(status, {
        ...base,
        'content-encoding': encoding,
        'content-length': body.length,
      })
      res.end(req.method === 'HEAD' ? undefined : body)
      return
    }
    const { start, end } = range === 'all' ? { start: 0, end: size - 1 } : range
    const length = size === 0 ? 0 : end - start + 1
    if (range !== 'all') base['content-range'] = `bytes ${start}-${end}/${size}`
    res.writeHead(range === 'all' ? status : 206, { ...base, 'content-length': length })
    if (req.method === 'HEAD' || length === 0) {
      res.end()
      return
    }
    if (entry.body) {
      res.end(entry.body.subarray(start, end + 1))
      return
    }
    handed = true
    handle
      .createReadStream({ start, end })
      .on('error', () => res.destroy())
      .pipe(res)
  } finally {
    if (!handed) await handle.close()
  }
}

/** The range to send: If-Range with another ETag means the whole (changed) file. */
function rangeFor(req: IncomingMessage, size: number, etag: string) {
  const ifRange = String(req.headers['if-range'] ?? '')
  if (ifRange && ifRange.trim() !== etag) return 'all' as const
  return parseRange(req.headers.range, size)
}
