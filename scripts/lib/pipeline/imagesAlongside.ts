// The site's images (share cards, icons, photo variants) depend on the content and public/ only,
// not on the rendered HTML: they are drawn on the libvips threads while vike renders the pages on
// the main thread, so a build uses both cores, then moved into the rendered site.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { SiteContent } from '../content/load.ts'
import { writeSiteImages } from './siteImages.ts'

export type ImagesAlongside = {
  /** Waits for the images and moves them into `clientDir` (they replace same-named files). */
  moveInto: (clientDir: string) => Promise<void>
}

/** Starts drawing into `aside` (a folder of the staging build, outside vike's output folders). */
export function startSiteImages(
  aside: string,
  root: string,
  content: SiteContent,
  timings: Record<string, number>,
): ImagesAlongside {
  const started = performance.now()
  const drawn = writeSiteImages(aside, root, content).finally(() => {
    timings['images (alongside)'] = Math.round(performance.now() - started)
  })
  // Awaited in moveInto(); a failure while vike still renders must not end the process first.
  drawn.catch(() => {})
  return {
    moveInto: async (clientDir) => {
      await drawn
      moveTree(aside, clientDir)
    },
  }
}

/** Moves every file under `from` to the same place under `to`, then removes `from`. */
function moveTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true })
  for (const name of readdirSync(from)) {
    const source = join(from, name)
    const target = join(to, name)
    if (statSync(source).isDirectory() && existsSync(target)) moveTree(source, target)
    else renameSync(source, target)
  }
  rmSync(from, { recursive: true, force: true })
}
