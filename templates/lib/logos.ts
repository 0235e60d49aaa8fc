// content/data/logos.yaml (validated by schemas/data/logos.schema.json before any template
// runs; its type is generated from it).
import type { Image, LogosData, SiteData } from '../content.ts'

export type { LogosData }
export type LogoGroup = keyof Omit<LogosData, '$schema'>
export type Logo = NonNullable<LogosData[LogoGroup]>[number]

/** The logos of a group as images whose text alternative is the name. */
export function logoImages(data: Partial<SiteData>, group: LogoGroup, limit?: number): Image[] {
  const logos: Logo[] | undefined = data.logos?.[group]
  if (!logos) throw new Error(`content/data/logos.yaml has no group "${group}"`)
  return logos.slice(0, limit).map((l) => ({ src: l.src, alt: l.name }))
}
