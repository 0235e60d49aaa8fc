import type { Lang } from '../lib/languages.ts'
import { LOCALES } from './languages.ts'

export const localeOf = (lang: Lang): string => LOCALES[lang]

const formatters = new Map<string, Intl.NumberFormat>()

/**
 * One Intl.NumberFormat per locale and options, made once per process: building one costs far
 * more than formatting with it, and a ratings table formats thousands of cells.
 */
export function numberFormat(lang: Lang, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}|${options ? JSON.stringify(options) : ''}`
  let format = formatters.get(key)
  if (!format) {
    format = new Intl.NumberFormat(localeOf(lang), options)
    formatters.set(key, format)
  }
  return format
}

export function formatValue(n: number, lang: Lang): string {
  return numberFormat(lang).format(n)
}

const fixed = new Map<string, Intl.NumberFormat>()

/** numberFormat() with exactly `digits` decimals, found without serialising options per cell. */
export function fixedDigits(lang: Lang, digits: number): Intl.NumberFormat {
  const key = `${lang}|${digits}`
  let format = fixed.get(key)
  if (!format) {
    format = numberFormat(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits })
    fixed.set(key, format)
  }
  return format
}
