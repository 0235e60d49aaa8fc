import i18next, { type TFunction } from 'i18next'
import { createContext, useContext } from 'react'
import type { Image } from '../content.ts'
import type { Lang } from '../lib/languages.ts'
import { documentsOf, resolveDocumentHref } from './documents.ts'
import type { SizedImage } from './picture.ts'
import { type PageModel, resolveHref, sizedImage } from './siteModel.ts'

export type SiteContextValue = PageModel & {
  t: TFunction
  /** Resolves page:<id> links for the current language and doc:<id> links to their file. */
  href: (link: string) => string
  /** Replaces {{group.name}} facts in a content string. */
  fill: (text: string) => string
  /** An image with its intrinsic size and variants, for <Picture>. */
  sized: (image: Image) => SizedImage
}

const Ctx = createContext<SiteContextValue | null>(null)
export const SiteProvider = Ctx.Provider

export function useSite(): SiteContextValue {
  const v = useContext(Ctx)
  if (!v) throw new Error('useSite() outside of <SiteProvider>')
  return v
}

/** One instance per language's strings object: every page of a build shares it. */
const instances = new WeakMap<Record<string, unknown>, TFunction>()

/**
 * An i18next instance whose missing keys fail the render (and so the build). Made once per
 * strings object (per language in a build; a new one after the dev server reloads the strings).
 */
export function createT(lang: Lang, resources: Record<string, unknown>): TFunction {
  let t = instances.get(resources)
  if (!t) {
    t = rememberPlainKeys(newT(lang, resources))
    instances.set(resources, t)
  }
  return t
}

/**
 * A page asks for the same menu, footer and form strings as every other page: a call is looked
 * up once per strings object (i18next's lookup costs about 2 ms a page; with interpolation,
 * about 0.7 ms more, profiled at 1,000 pages). Remembered: a key alone, or a key with options
 * whose values are all strings, numbers or booleans (the footer's year, a network's name): the
 * same call gives the same text. Other calls (objects in the options, a count that picks a
 * plural in another way) and missing keys (they throw) go to i18next each time.
 */
function rememberPlainKeys(t: TFunction): TFunction {
  const seen = new Map<string, unknown>()
  const call = t as unknown as (...args: unknown[]) => unknown
  return ((...args: unknown[]) => {
    const [key, options] = args
    const id = typeof key === 'string' ? callId(key, args.length, options) : undefined
    if (id === undefined) return call(...args)
    if (!seen.has(id)) seen.set(id, call(...args))
    return seen.get(id)
  }) as unknown as TFunction
}

const PRIMITIVE = new Set(['string', 'number', 'boolean'])

/** The call's identity, when remembering it is safe; undefined otherwise. */
function callId(key: string, count: number, options: unknown): string | undefined {
  if (count === 1) return key
  if (count !== 2 || !options || typeof options !== 'object' || Array.isArray(options)) return
  const entries = Object.entries(options)
  if (!entries.every(([, v]) => PRIMITIVE.has(typeof v))) return
  return `${key}\u0000${JSON.stringify(entries)}`
}

function newT(lang: Lang, resources: Record<string, unknown>): TFunction {
  const instance = i18next.createInstance()
  instance.init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { translation: resources } },
    interpolation: { escapeValue: false },
    saveMissing: true,
    initAsync: false,
    missingKeyHandler: (_lngs, _ns, key) => {
      throw new Error(`Missing UI string "${key}" in content/i18n/${lang}.yaml`)
    },
  })
  return instance.t
}

export function makeSiteContext(
  model: PageModel,
  fill: (text: string) => string,
): SiteContextValue {
  return {
    ...model,
    t: createT(model.lang, model.translations),
    href: (link) =>
      resolveHref(model.routes, resolveDocumentHref(documentsOf(model.data), link), model.lang),
    fill,
    sized: (image) => sizedImage(model, image),
  }
}
