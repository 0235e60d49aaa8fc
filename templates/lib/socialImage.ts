import type { Lang } from '../lib/languages.ts'

/** The share image (og:image) of a page, written by the build for every page and language. */
export const SOCIAL_IMAGE = { width: 1200, height: 630, type: 'image/jpeg' } as const

export const socialImagePath = (pageId: string, lang: Lang): string => `/og/${lang}/${pageId}.jpg`

/** Icons the build derives from public/favicon.svg (writeIcons, scripts/lib/pipeline/socialImages.ts). */
export const ICONS = {
  svg: '/favicon.svg',
  ico: '/favicon.ico',
  appleTouch: '/apple-touch-icon.png',
  manifest: '/site.webmanifest',
} as const
