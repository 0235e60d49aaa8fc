// Shapes of content/data/timeline.yaml and certificates.yaml (validated against
// schemas/data/*.schema.json before any template runs, so the casts below are safe).

export type TimelineData = { entries: { id: string; year: number }[] }

export type CertificateEntry = { id: string; label: string; thumbnail: string; image: string }
export type CertificatesData = {
  groups: { id: string; label: string; certificates: CertificateEntry[] }[]
  policies: { id: string; language: string; thumbnail: string; image: string }[]
}

export function timelineData(data: Record<string, unknown>): TimelineData {
  return data.timeline as TimelineData
}

export function certificatesData(data: Record<string, unknown>): CertificatesData {
  return data.certificates as CertificatesData
}

/** The entry with this id; the schemas' x-data keyword already checked that it exists. */
export function byId<T extends { id: string }>(list: T[], id: string, what: string): T {
  const found = list.find((x) => x.id === id)
  if (!found) throw new Error(`Unknown ${what} "${id}"`)
  return found
}
