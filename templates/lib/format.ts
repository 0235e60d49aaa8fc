import type { Lang } from '../content.ts'

export function formatValue(n: number, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-GB').format(n)
}
