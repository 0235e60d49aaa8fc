// Typed access to the catalogue data files (content/data/ratings.yaml, specs.yaml, sme.yaml).
// The shapes mirror schemas/data/{ratings,specs}.schema.json, which validate the files first.

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

export type RatingsTable =
  | {
      id: string
      kind: 'three-phase'
      indicative: boolean
      source: string
      rows: ThreePhaseRating[]
    }
  | {
      id: string
      kind: 'single-phase'
      indicative: boolean
      source: string
      rows: SinglePhaseRating[]
    }

export type SpecRow = {
  id: string
  values?: number[]
  unit?: string
  join?: 'list' | 'or' | 'slash' | 'range'
  code?: string
  text?: string
}

export type SpecSheet = { id: string; rows: SpecRow[] }

/** The data files that hold fact sheets (specTable blocks look in each). */
export const SHEET_FILES = ['specs', 'sme'] as const

export function ratingsTableById(data: Record<string, unknown>, id: string): RatingsTable {
  const tables = (data.ratings as { tables?: RatingsTable[] } | undefined)?.tables ?? []
  const table = tables.find((t) => t.id === id)
  if (!table) throw new Error(`No ratings table "${id}" in content/data/ratings.yaml`)
  return table
}

export function specSheetById(data: Record<string, unknown>, id: string): SpecSheet {
  for (const file of SHEET_FILES) {
    const sheets = (data[file] as { sheets?: SpecSheet[] } | undefined)?.sheets ?? []
    const sheet = sheets.find((s) => s.id === id)
    if (sheet) return sheet
  }
  throw new Error(`No fact sheet "${id}" in content/data/${SHEET_FILES.join('.yaml or ')}.yaml`)
}
