// The images the build makes for the site: a share image per page and language, the icons, and
// the AVIF/WebP variants of the photos under public/.
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fillFacts, LANGS, type SiteContent } from '../content/load.ts'
import { writeImageVariants } from '../images/variants.ts'
import { writeIcons, writeSocialImages } from './socialImages.ts'

/**
 * Where drawn images are kept between builds of `root` (outside dist/, which each build replaces),
 * or the folder SITE_IMAGES_CACHE names; undefined when SITE_IMAGES_CACHE=off.
 */
export function siteImagesCacheDir(
  root: string,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const dir = env.SITE_IMAGES_CACHE
  if (dir === 'off') return undefined
  return dir || join(root, 'node_modules', '.cache', 'site-images')
}

export async function writeSiteImages(
  clientDir: string,
  root: string,
  content: SiteContent,
): Promise<void> {
  // libvips' operation cache (up to 50 MB) never hits here: every card and variant is drawn once.
  ;(await import('sharp')).default.cache(false)
  // SITE_IMAGES_CACHE=off: every image is drawn into a folder beside clientDir, removed once they
  // are drawn (an image in clientDir is that folder's file under a second name, lib/outputFiles.ts,
  // so it stays) or when drawing fails: nothing of it reaches dist/ or a later build.
  const kept = siteImagesCacheDir(root)
  const cacheDir = kept ?? `${clientDir}.uncached`
  try {
    await writeAll(clientDir, root, content, cacheDir)
  } finally {
    if (!kept) rmSync(cacheDir, { recursive: true, force: true })
  }
}

async function writeAll(
  clientDir: string,
  root: string,
  content: SiteContent,
  cacheDir: string,
): Promise<void> {
  const { routes, site, pages, facts } = content
  const host = new URL(site.siteUrl).host
  const cards = routes.routes.flatMap((r) =>
    LANGS.flatMap((lang) => {
      const page = pages[lang][r.id]
      if (!page) return []
      return [
        {
          pageId: r.id,
          lang,
          title: fillFacts(page.title, facts, lang),
          description: fillFacts(page.description, facts, lang),
          company: site.company.name,
          host,
        },
      ]
    }),
  )
  await writeSocialImages(clientDir, cards, cacheDir)
  await writeImageVariants(clientDir, join(root, 'public'), cacheDir)
  const icon = join(root, 'public', 'favicon.svg')
  if (!existsSync(icon))
    throw new Error('public/favicon.svg is missing: the site icons are drawn from it')
  await writeIcons(
    clientDir,
    icon,
    { name: site.company.name, shortName: site.company.name, themeColor: '#0b4f8a', startUrl: '/' },
    cacheDir,
  )
}
