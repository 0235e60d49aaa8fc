// Typed access to the catalogue data files (content/data/ratings.yaml, specs.yaml, sme.yaml).
// Their types are generated from schemas/data/{ratings,specs,sme}.schema.json (`npm run types`).
import type { RatingsData, SiteData, SpecsData } from '../content.ts'

// The schema picks a row's shape by the table's kind (if/then), which json-schema-to-typescript
// cannot express (rows come out as unknown[]): the two row shapes are spelled out here.

export type ThreePhaseRating = {
  kva: number
  noLoadLoss: number
  loadLoss: number
  noLoadCurrent: number
  impedance: number
  dropPf08: number
  dropPf1: number
  efficiency50: number
  efficiency75: number
  efficiency100: number
  length: number
  width: number
  height: number
  wheelBase: number
  oilWeight: number
  totalWeight: number
}

export type SinglePhaseRating = Pick<
  ThreePhaseRating,
  'kva' | 'length' | 'width' | 'height' | 'oilWeight' | 'totalWeight'
>

type GeneratedTable = RatingsData['tables'][number]
export type RatingsTable = Omit<GeneratedTable, 'kind' | 'rows'> &
  (
    | { kind: 'three-phase'; rows: ThreePhaseRating[] }
    | { kind: 'single-phase'; rows: SinglePhaseRating[] }
  )

export type SpecSheet = SpecsData['sheets'][number]
export type SpecRow = SpecSheet['rows'][number]

/** The data files that hold fact sheets (specTable blocks look in each). */
export const SHEET_FILES = ['specs', 'sme'] as const

export function ratingsTableById(data: Partial<SiteData>, id: string): RatingsTable {
  const tables: GeneratedTable[] = data.ratings?.tables ?? []
  const table = tables.find((t) => t.id === id)
  if (!table) throw new Error(`No ratings table "${id}" in content/data/ratings.yaml`)
  // The schema checked each row against the shape of the table's kind.
  return table as RatingsTable
}

export function specSheetById(data: Partial<SiteData>, id: string): SpecSheet {
  for (const file of SHEET_FILES) {
    const sheets: SpecSheet[] = data[file]?.sheets ?? []
    const sheet = sheets.find((s) => s.id === id)
    if (sheet) return sheet
  }
  throw new Error(`No fact sheet "${id}" in content/data/${SHEET_FILES.join('.yaml or ')}.yaml`)
}
