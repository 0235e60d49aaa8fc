// Shared by the server tests: a small built site on disk and raw HTTP requests to it.
import { type ChildProcess, spawn } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const SECRET = 'SECRET-OUTSIDE-THE-SITE'

/**
 * `<tmp>/client` (the served folder) beside `<tmp>/client-secret/secret.txt` (a sibling whose
 * name starts like it) and `<tmp>/outside.txt`; inside, symlinks pointing out and one pointing in.
 */
export function makeSite(files: Record<string, string | Buffer> = {}): {
  root: string
  dir: string
} {
  const root = mkdtempSync(join(tmpdir(), 'serve-test-'))
  const dir = join(root, 'client')
  const all: Record<string, string | Buffer> = {
    'index.html': '<!doctype html><title>Accueil</title><p>page d’accueil</p>',
    'contact.html': '<!doctype html><title>Contact</title><p>contact</p>',
    '404.html': '<!doctype html><title>Page introuvable</title>',
    'en.html': '<!doctype html><title>Home</title>',
    'en/contact.html': '<!doctype html><title>Contact us</title>',
    'en/404.html': '<!doctype html><title>Page not found</title>',
    'docs/a.pdf': Buffer.from('%PDF-1.4 0123456789abcdefghijklmnopqrstuvwxyz'),
    ...files,
  }
  for (const [name, content] of Object.entries(all)) {
    mkdirSync(join(dir, name, '..'), { recursive: true })
    writeFileSync(join(dir, name), content)
  }
  mkdirSync(join(root, 'client-secret'))
  writeFileSync(join(root, 'client-secret', 'secret.txt'), SECRET)
  writeFileSync(join(root, 'outside.txt'), SECRET)
  symlinkSync(join(root, 'outside.txt'), join(dir, 'link-out.txt'))
  symlinkSync(join(root, 'client-secret'), join(dir, 'link-dir'))
  symlinkSync(join(dir, 'contact.html'), join(dir, 'link-in.html'))
  return { root, dir }
}

export const portOf = (server: Server) => (server.address() as AddressInfo).port

export type RawAnswer = { status: number; headers: Record<string, string>; body: Buffer }

/**
 * Sends `request-target` exactly as given (no client-side normalisation of `..`, `\` or
 * `%2f`), over a fresh socket, and reads the answer until the server closes.
 */
export function raw(
  port: number,
  target: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.on('data', (c) => chunks.push(c))
    socket.on('error', reject)
    socket.on('end', () => resolve(parseResponse(Buffer.concat(chunks), method)))
    const lines = Object.entries({ host: '127.0.0.1', connection: 'close', ...headers }).map(
      ([k, v]) => `${k}: ${v}`,
    )
    socket.write(`${method} ${target} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`, 'latin1')
  })
}

function parseResponse(bytes: Buffer, method: string): RawAnswer {
  const split = bytes.indexOf('\r\n\r\n')
  const head = bytes.subarray(0, split).toString('latin1').split('\r\n')
  const status = Number(head[0]?.split(' ')[1])
  const headers: Record<string, string> = {}
  for (const line of head.slice(1)) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim()
  }
  let body = bytes.subarray(split + 4)
  if (headers['transfer-encoding'] === 'chunked') body = unchunk(body)
  if (method === 'HEAD') body = Buffer.alloc(0)
  return { status, headers, body }
}

function unchunk(bytes: Buffer): Buffer {
  const out: Buffer[] = []
  let at = 0
  for (;;) {
    const eol = bytes.indexOf('\r\n', at)
    const size = Number.parseInt(bytes.subarray(at, eol).toString(), 16)
    if (!size) return Buffer.concat(out)
    out.push(bytes.subarray(eol + 2, eol + 2 + size))
    at = eol + 2 + size + 2
  }
}

export type Child = {
  process: ChildProcess
  port: number
  output: () => string
  /** SIGKILL to the child's whole process group. */
  kill: () => void
}

/**
 * libfaketime (Debian's faketime package), preloaded into node itself rather than through the
 * `faketime` wrapper: the wrapper keeps a semaphore and a shared-memory file per run, named by
 * its pid, which the SIGKILL that ends a test server leaves behind; a later run that got the same
 * pid failed with "sem_open: File exists" (seen in a CI run after 38 such leftovers). The MT
 * build: node runs several threads.
 */
export function libfaketime(): string {
  const dirs = ['/usr/lib', ...readdirSync('/usr/lib').map((d) => join('/usr/lib', d))]
  const lib = dirs.map((d) => join(d, 'faketime', 'libfaketimeMT.so.1')).find(existsSync)
  if (!lib) throw new Error('libfaketime is missing: apt-get install -y faketime')
  return lib
}

/**
 * Starts `npm run serve`'s script as a child process (optionally with its clock moved by libfaketime, FAKETIME's format: '-100d'), on a port
 * the system picks, and resolves once it says where it serves.
 */
export function spawnServer(env: Record<string, string>, faketime?: string): Promise<Child> {
  const script = fileURLToPath(new URL('../../scripts/serve.ts', import.meta.url))
  const clock = faketime ? { LD_PRELOAD: libfaketime(), FAKETIME: faketime } : {}
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...clock, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  const kill = () => {
    try {
      process.kill(-(child.pid ?? 0), 'SIGKILL')
    } catch {
      // already gone
    }
  }
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const port = /Site served at http:\/\/127\.0\.0\.1:(\d+)\//.exec(output)?.[1]
      if (port && output.includes('Form submissions are stored in')) {
        clearTimeout(timer)
        resolve({ process: child, port: Number(port), output: () => output, kill })
      }
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited (${code}):\n${output}`))
    })
  })
}

/** Resolves when the child has exited (after a kill). */
export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null
      ? resolve()
      : child.once('exit', () => resolve()),
  )
