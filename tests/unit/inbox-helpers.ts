// Shared by the inbox tests: real multipart bodies written byte by byte, real PDFs, real HTTP.
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { handleInbox } from '../../scripts/lib/inbox/handler.ts'

export const BOUNDARY = '----inboxTestBoundary7MA4YWxk'
export type Part = { name: string; value: string | Buffer; filename?: string; type?: string }

/** A multipart/form-data body written by hand, byte for byte. */
export function multipart(parts: Part[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = []
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`
    const type = p.filename !== undefined ? `\r\nContent-Type: ${p.type ?? 'application/pdf'}` : ''
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`))
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value))
    chunks.push(Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return Buffer.concat(chunks)
}

export const contactFields = (over: Record<string, string> = {}): Part[] =>
  Object.entries({
    name: 'Dupont',
    lastName: 'Jeanne',
    poste: '',
    email: 'jeanne@example.com',
    phone: '+216 70 000 099',
    message: 'Bonjour, je voudrais un devis.',
    action: 'sendEmail',
    'g-recaptcha-response': 'test-token',
    ...over,
  }).map(([name, value]) => ({ name, value }))

export const careersFields = (over: Record<string, string> = {}): Part[] =>
  contactFields({ form: 'careers', poste: 'Ingénieure méthodes', ...over })

/**
 * A well-formed PDF 1.7 of exactly `size` bytes (catalog, page tree, xref table, trailer):
 * `fill` pads a comment line after the header, so every offset is computed after it.
 */
export function pdf(size: number, fill = 0x41): Buffer {
  const build = (pad: number) => {
    const head = `%PDF-1.7\n%${String.fromCharCode(fill).repeat(pad)}\n`
    const objects = [
      '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
      '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n',
    ]
    const offsets: number[] = []
    let body = head
    for (const o of objects) {
      offsets.push(body.length)
      body += o
    }
    const xref = body.length
    const entries = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
    body += `xref\n0 3\n0000000000 65535 f \n${entries}trailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
    return Buffer.from(body, 'latin1')
  }
  let pad = Math.max(0, size - build(0).length)
  while (build(pad).length > size && pad > 0) pad--
  const out = build(pad)
  if (out.length !== size) throw new Error(`cannot build a PDF of ${size} bytes`)
  return out
}

export type Answer = {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: { data?: { name: string }; error?: string; fields?: string[] }
}

/** POSTs `body` to `url` and reads the JSON answer. */
export function post(
  url: string,
  body: Buffer,
  contentType = `multipart/form-data; boundary=${BOUNDARY}`,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { 'content-type': contentType, 'content-length': body.length },
    })
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString()
        try {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) })
        } catch {
          reject(new Error(`not JSON (${res.statusCode}): ${text.slice(0, 200)}`))
        }
      })
    })
    req.on('error', reject)
    req.end(body)
  })
}

/**
 * The inbox behind a bare HTTP server for the tests of the calling file, with a fresh INBOX_DIR
 * per test: `base` is the server's URL and `dir` the current test's inbox (set by the hooks).
 */
export function inboxUnderTest(prefix: string): { base: string; dir: string } {
  const inbox = { base: '', dir: '' }
  let server: Server
  beforeAll(async () => {
    server = createServer((req, res) => void handleInbox(req, res))
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    inbox.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((done) => server.close(() => done())))
  beforeEach(() => {
    inbox.dir = mkdtempSync(join(tmpdir(), prefix))
    process.env.INBOX_DIR = inbox.dir
  })
  afterEach(() => {
    delete process.env.INBOX_DIR
    rmSync(inbox.dir, { recursive: true, force: true })
  })
  return inbox
}
