// The cache of drawn images (share cards, icons, photo variants), outside dist/: an image is
// drawn once for what it shows and what draws it, then linked into every build's site.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { linkOrCopy } from '../outputFiles.ts'

/** The file of the image cached under `key`. */
export const cachedFile = (cacheDir: string, key: string) =>
  join(cacheDir, createHash('sha256').update(key).digest('hex').slice(0, 24))

/**
 * Writes `out` from the cache when it holds `key` already, else renders it into the cache. Either
 * way `out` is the cache's file under another name (scripts/lib/outputFiles.ts): a cold build creates one
 * file per image instead of two, a warm build none.
 */
export async function cachedRender(
  key: string,
  out: string,
  cacheDir: string,
  render: () => Promise<Buffer>,
): Promise<void> {
  const cached = cachedFile(cacheDir, key)
  mkdirSync(dirname(out), { recursive: true })
  if (!existsSync(cached)) {
    const bytes = await render()
    mkdirSync(cacheDir, { recursive: true })
    // Written aside then renamed: a build killed mid-write must not leave a cut image that later
    // builds would take from the cache.
    writeFileSync(`${cached}.${process.pid}.tmp`, bytes)
    renameSync(`${cached}.${process.pid}.tmp`, cached)
  }
  linkOrCopy(cached, out)
}
