import type { SiteSettings } from '../content.ts'

export type Address = SiteSettings['addresses'][number]

/** An address as the pages print it: street, then postal code and locality, then the country. */
export const addressLines = (a: Address, country: string): string[] => [
  a.street,
  `${a.postalCode} ${a.locality}`,
  country,
]
