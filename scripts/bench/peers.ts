// The peers' builds of the same pages: for each size of the build-scale bench,
// the same scaled copy (scale.ts scaledCopy), read by the content loader, written as a Hugo site
// and as an Eleventy site (peerSites.ts), each built cold and warm as ours is, the run of median
// wall time kept. Neither peer is a dependency of the project: Hugo is the system's (Debian's
// `hugo`), Eleventy is installed once into a folder of the temp dir. A peer that is missing, or
// fails, is left out with a line saying why; the bench goes on.
import { execFile, execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { loadContent, projectDirs } from '../lib/content/load.ts'
import { listFiles } from '../lib/files.ts'
import { eleventySite, hugoSite, type PeerName, peerPages } from './peerSites.ts'
import { medianOf, scaledCopy } from './scale.ts'
import { waitedChildrenCpuMs } from './treeMemory.ts'

export const ELEVENTY_VERSION = '3.1.8'

export type PeerPoint = { extra: number; pages: number; wallMs: number; cpuMs: number }
export type PeerRuns = { cold: PeerPoint; warm: PeerPoint }

/** A peer found on this machine: how to build a site folder, and what a cold build removes. */
export type Peer = {
  name: PeerName
  label: string
  command: (site: string) => { file: string; args: string[]; env?: Record<string, string> }
  /** Output and caches, relative to the site: removed before each cold build. */
  state: string[]
  /** The built site, relative to the site folder. */
  output: string
  write: typeof hugoSite
}

/** The peers this machine has (Eleventy installed on first use); a line on stderr for each missing. */
export function findPeers(): Peer[] {
  const peers: Peer[] = []
  const hugo = hugoVersion()
  if (hugo)
    peers.push({
      name: 'hugo',
      label: `Hugo ${hugo}`,
      command: (site) => ({
        file: 'hugo',
        args: ['--source', site, '--quiet'],
        env: { HUGO_CACHEDIR: join(site, '.hugo-cache') },
      }),
      state: ['public', 'resources', '.hugo-cache'],
      output: 'public',
      write: hugoSite,
    })
  else console.error('Hugo: not found, skipped (Debian: apt-get install -y hugo, 0.111.3)')
  const eleventy = eleventyCommand()
  if (eleventy)
    peers.push({
      name: 'eleventy',
      label: `Eleventy ${ELEVENTY_VERSION}`,
      command: () => ({ file: process.execPath, args: [eleventy, '--quiet'] }),
      state: ['_site', '.cache'],
      output: '_site',
      write: eleventySite,
    })
  return peers
}

function hugoVersion(): string | undefined {
  try {
    const out = execFileSync('hugo', ['version'], { encoding: 'utf8', stdio: 'pipe' })
    return /v(\d+\.\d+\.\d+)/.exec(out)?.[1] ?? 'unknown version'
  } catch {
    return undefined
  }
}

/** Eleventy's command-line script, installed into the temp dir if it is not there yet. */
function eleventyCommand(): string | undefined {
  const dir = join(tmpdir(), `bench-peers-eleventy-${ELEVENTY_VERSION}`)
  const cmd = join(dir, 'node_modules/@11ty/eleventy/cmd.cjs')
  const install = `npm install --prefix ${dir} @11ty/eleventy@${ELEVENTY_VERSION}`
  if (existsSync(cmd)) return cmd
  console.error(
    `Eleventy: installing ${ELEVENTY_VERSION} into ${dir} (not a project dependency)...`,
  )
  try {
    mkdirSync(dir, { recursive: true })
    execFileSync(
      'npm',
      ['install', '--prefix', dir, '--no-audit', '--no-fund', `@11ty/eleventy@${ELEVENTY_VERSION}`],
      {
        cwd: dir,
        stdio: 'pipe',
      },
    )
  } catch {
    // Left to the line below.
  }
  if (existsSync(cmd)) return cmd
  console.error(`Eleventy: could not be installed, skipped (needs the npm registry: ${install})`)
  return undefined
}

/**
 * Builds the pages of a copy with `extra` pages per language by each peer, cold then warm, `runs`
 * times. A peer whose build fails (or writes fewer pages than the copy has) is left out.
 */
export async function measurePeers(
  codeRoot: string,
  extra: number,
  peers: Peer[],
  runs = 3,
): Promise<Partial<Record<PeerName, PeerRuns>>> {
  const root = scaledCopy(codeRoot, extra)
  // The content check's cache in the copy, as for our build (scale.ts): not the code tree's.
  const cache = process.env.CONTENT_CHECK_CACHE
  process.env.CONTENT_CHECK_CACHE = join(root, 'node_modules', '.cache', 'content-check')
  try {
    const content = loadContent(projectDirs(root))
    const pages = peerPages(content).length
    const result: Partial<Record<PeerName, PeerRuns>> = {}
    for (const peer of peers) {
      const site = join(root, `peer-${peer.name}`)
      writeSite(site, peer.write(content))
      try {
        const cold: PeerPoint[] = []
        const warm: PeerPoint[] = []
        for (let run = 0; run < runs; run++) {
          for (const dir of peer.state) rmSync(join(site, dir), { recursive: true, force: true })
          cold.push(await timeBuild(peer, site, extra, pages))
          const built = countHtml(join(site, peer.output))
          if (built !== pages) throw new Error(`wrote ${built} pages of ${pages}`)
          warm.push(await timeBuild(peer, site, extra, pages))
        }
        result[peer.name] = { cold: medianOf(cold), warm: medianOf(warm) }
      } catch (error) {
        console.error(`${peer.label}: ${(error as Error).message.split('\n')[0]}; left out`)
      }
    }
    return result
  } finally {
    if (cache === undefined) delete process.env.CONTENT_CHECK_CACHE
    else process.env.CONTENT_CHECK_CACHE = cache
    rmSync(root, { recursive: true, force: true })
  }
}

function writeSite(dir: string, files: Map<string, string>): void {
  for (const [path, text] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
}

/** One build's wall time (process start to exit) and CPU time. */
function timeBuild(peer: Peer, site: string, extra: number, pages: number): Promise<PeerPoint> {
  const { file, args, env } = peer.command(site)
  const cpuBefore = waitedChildrenCpuMs()
  const started = performance.now()
  return new Promise((done, fail) => {
    execFile(
      file,
      args,
      { cwd: site, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const wallMs = Math.round(performance.now() - started)
        if (error) fail(new Error(`build failed: ${`${stderr}${stdout}`.trim() || error.message}`))
        else done({ extra, pages, wallMs, cpuMs: Math.round(waitedChildrenCpuMs() - cpuBefore) })
      },
    )
  })
}

const countHtml = (dir: string): number => listFiles(dir).filter((f) => f.endsWith('.html')).length
