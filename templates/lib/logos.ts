// Shape of content/data/logos.yaml (validated by schemas/data/logos.schema.json before any
// template runs, so the cast is safe).
import type { Image } from '../content.ts'

export type Logo = { id: string; name: string; src: string }
export type LogoGroup = 'certificates' | 'clients' | 'trainingClients'
export type LogosData = Partial<Record<LogoGroup, Logo[]>>

/** The logos of a group as images whose text alternative is the name. */
export function logoImages(
  data: Record<string, unknown>,
  group: LogoGroup,
  limit?: number,
): Image[] {
  const logos = (data.logos as LogosData | undefined)?.[group]
  if (!logos) throw new Error(`content/data/logos.yaml has no group "${group}"`)
  return logos.slice(0, limit).map((l) => ({ src: l.src, alt: l.name }))
}
