// The sizes (and variants) of the site's images for the preview, as the build knows them: the
// build reads each image's bytes from the disk (scripts/lib/images/imageIndex.ts); the preview
// fetches them from the site (the published site's files, or vite's public/ in `npm run dev`)
// and reads them with the same code (imageInfoOf), hashing with the browser's SubtleCrypto.
// Rendering is synchronous: an image not known yet renders as a plain <img>, and the preview
// renders again once the images it asked for are read (render.tsx); each is read once a visit.
import { imageInfoOf } from '../../core/images/imageInfoOf.ts'
import type { ImageInfo } from '../../lib/picture.ts'

export type ImageSizes = {
  /** What is known of `src` now; an unknown one is remembered as asked for. */
  info(src: string): ImageInfo | undefined
  /** Reads the images asked for and not known yet; true when any became known. */
  learn(): Promise<boolean>
}

export function siteImageSizes(fetcher: typeof fetch = (...a) => fetch(...a)): ImageSizes {
  const known = new Map<string, ImageInfo | undefined>()
  const asked = new Set<string>()
  const read = async (src: string): Promise<ImageInfo | undefined> => {
    try {
      const answer = await fetcher(src)
      if (!answer.ok) return undefined
      const bytes = new Uint8Array(await answer.arrayBuffer())
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))
      const hex = [...digest].map((b) => b.toString(16).padStart(2, '0')).join('')
      return imageInfoOf(bytes, src, hex)
    } catch {
      return undefined
    }
  }
  return {
    info(src) {
      if (known.has(src)) return known.get(src)
      // A path under public/ only, as the build's imageIndex takes.
      if (src.startsWith('/') && !src.includes('..')) asked.add(src)
      return undefined
    },
    async learn() {
      const batch = [...asked].filter((src) => !known.has(src))
      asked.clear()
      if (!batch.length) return false
      const infos = await Promise.all(batch.map(read))
      for (const [i, src] of batch.entries()) known.set(src, infos[i])
      return infos.some((info) => info !== undefined)
    },
  }
}
