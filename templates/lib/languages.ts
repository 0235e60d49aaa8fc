// The site's languages, defined once: every reader (content loader, route helpers, build steps,
// templates) takes the list, the other language and the locales from here.
// The schemas spell the same two codes (routes.schema.json, documents' titles): keep them in step.

export const LANGS = ['fr', 'en'] as const
export type Lang = (typeof LANGS)[number]

/**
 * The language the site is written in first: language-neutral settings of a page's blocks (a
 * tone, a column count, a data id) are written once, in its page files; the others hold words.
 */
export const SOURCE_LANG: Lang = 'fr'

/** The language a page's switch links to. */
export const otherLang = (lang: Lang): Lang => (lang === 'fr' ? 'en' : 'fr')

/** BCP 47 locale for numbers and dates (Intl). */
export const LOCALES: Record<Lang, string> = { fr: 'fr-FR', en: 'en-GB' }

/** Open Graph locale (og:locale). */
export const OG_LOCALES: Record<Lang, string> = { fr: 'fr_FR', en: 'en_GB' }
