// content/data/timeline.yaml and certificates.yaml; their types are generated from
// schemas/data/*.schema.json (`npm run types`), which validate the files before any template runs.
import type { CertificatesData, SiteData, TimelineData } from '../content.ts'

export type { CertificatesData, TimelineData }
export type CertificateEntry = CertificatesData['groups'][number]['certificates'][number]

export function timelineData(data: SiteData): TimelineData {
  return data.timeline
}

export function certificatesData(data: SiteData): CertificatesData {
  return data.certificates
}

/** The entry with this id; the schemas' x-data keyword already checked that it exists. */
export function byId<T extends { id: string }>(list: T[], id: string, what: string): T {
  const found = list.find((x) => x.id === id)
  if (!found) throw new Error(`Unknown ${what} "${id}"`)
  return found
}
