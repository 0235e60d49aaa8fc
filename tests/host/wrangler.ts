// Cloudflare's local Pages runtime (`wrangler pages dev`, pinned devDependency, workerd binary
// from npm) on the built site, offline and on loopback. Shared by the host test and the CSP spec.
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

/** Starts `wrangler pages dev dist/client` on 127.0.0.1:port; resolves once it is ready. */
export async function startWrangler(port: number, timeoutMs = 60_000): Promise<Wrangler> {
  if (!existsSync(`${clientDir}_headers`))
    throw new Error(`${clientDir}_headers is missing: run \`npm run build\` first`)
  const child: ChildProcess = spawn(
    process.execPath,
    [
      cli,
      'pages',
      'dev',
      clientDir,
      '--compatibility-date=2026-04-01',
      `--port=${port}`,
      '--ip=127.0.0.1',
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
