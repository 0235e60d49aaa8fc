// Cloudflare's local Pages runtime (`wrangler pages dev`, pinned devDependency, workerd binary
// from npm) on the built site, offline and on loopback, with the site's Pages Functions
// (functions/ of this repository: wrangler compiles the `functions/` folder of its working
// directory, as Cloudflare Pages does at a deploy). Shared by the host test, the CSP spec and the
// editor's login on Cloudflare Pages (tests/published/login.spec.ts).
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../', import.meta.url))
/** The built site the host tests serve and parse: dist/client, or the folder `HOST_TEST_DIR`
 * names (another build: `npm run test:node-versions` builds each Node's site outside dist/). */
export const clientDir = join(resolve(root, process.env.HOST_TEST_DIR ?? 'dist/client'), '/')
const cli = fileURLToPath(new URL('../../node_modules/wrangler/bin/wrangler.js', import.meta.url))

export type Wrangler = { base: string; output: () => string; stop: () => Promise<void> }

export type WranglerOptions = {
  /** The built site to serve; default `clientDir`. */
  dir?: string
  /** The project's variables and secrets (`--binding NAME=VALUE`), as the functions get them. */
  bindings?: Record<string, string>
  timeoutMs?: number
}

/** Starts `wrangler pages dev dist/client` on 127.0.0.1:port; resolves once it is ready. */
export async function startWrangler(
  port: number,
  { dir = clientDir, bindings = {}, timeoutMs = 60_000 }: WranglerOptions = {},
): Promise<Wrangler> {
  if (!existsSync(join(dir, '_headers')))
    throw new Error(`${join(dir, '_headers')} is missing: run \`npm run build\` first`)
  const child: ChildProcess = spawn(
    process.execPath,
    [
      cli,
      'pages',
      'dev',
      dir,
      '--compatibility-date=2026-04-01',
      `--port=${port}`,
      '--ip=127.0.0.1',
      ...Object.entries(bindings).map(([k, v]) => `--binding=${k}=${v}`),
    ],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        // Offline: no metrics, no download of the Request.cf data, no colours in the log.
        WRANGLER_SEND_METRICS: 'false',
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
        FORCE_COLOR: '0',
        NO_COLOR: '1',
      },
    },
  )
  let out = ''
  child.stdout?.on('data', (d) => {
    out += d
  })
  child.stderr?.on('data', (d) => {
    out += d
  })
  const base = `http://127.0.0.1:${port}`
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done()
      child.once('exit', () => done())
      child.kill('SIGTERM')
      setTimeout(() => child.kill('SIGKILL'), 5_000).unref()
    })
  const deadline = Date.now() + timeoutMs
  while (!/Ready on http/.test(out)) {
    if (child.exitCode !== null) throw new Error(`wrangler exited early:\n${out}`)
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`wrangler did not start in ${timeoutMs} ms:\n${out}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  return { base, output: () => out, stop }
}
