import type { RatingsTable, ThreePhaseRating } from './catalogueData.ts'

/** A data column of a ratings table: its key in ratings.yaml and how many decimals it shows. */
export type RatingsColumn = { key: keyof ThreePhaseRating; digits: number }

/** Columns side by side under one heading (Losses (W), Dimensions (mm)...), or a single column. */
export type RatingsGroup = { id: string; columns: RatingsColumn[] }

const col = (key: keyof ThreePhaseRating, digits = 0): RatingsColumn => ({ key, digits })

/** Spec section 3: the columns of the three-phase tables, grouped as the catalogue shows them. */
const THREE_PHASE: RatingsGroup[] = [
  { id: 'losses', columns: [col('noLoadLoss'), col('loadLoss')] },
  { id: 'noLoadCurrent', columns: [col('noLoadCurrent', 1)] },
  { id: 'impedance', columns: [col('impedance', 1)] },
  { id: 'voltageDrop', columns: [col('dropPf08', 2), col('dropPf1', 2)] },
  {
    id: 'efficiency',
    columns: [col('efficiency50', 2), col('efficiency75', 2), col('efficiency100', 2)],
  },
  { id: 'dimensions', columns: [col('length'), col('width'), col('height'), col('wheelBase')] },
  { id: 'weights', columns: [col('oilWeight'), col('totalWeight')] },
]

/** Single-phase tables: dimensions and weights only (no wheel base). */
const SINGLE_PHASE: RatingsGroup[] = [
  { id: 'dimensions', columns: [col('length'), col('width'), col('height')] },
  { id: 'weights', columns: [col('oilWeight'), col('totalWeight')] },
]

export function groupsOf(kind: RatingsTable['kind']): RatingsGroup[] {
  return kind === 'three-phase' ? THREE_PHASE : SINGLE_PHASE
}
