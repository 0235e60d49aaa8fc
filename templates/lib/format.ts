import type { Lang } from '../content.ts'
import { LOCALES } from './languages.ts'

export function formatValue(n: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALES[lang]).format(n)
}
