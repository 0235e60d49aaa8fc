import type { ComponentType } from 'react'
import type { Block, BlockOf } from '../content.ts'
import { Cards } from './Cards.tsx'
import { Counters } from './Counters.tsx'
import { PromoBanner } from './PromoBanner.tsx'
import { RatingsTable } from './RatingsTable.tsx'
import { Section } from './Section.tsx'
import { SpecTable } from './SpecTable.tsx'

/** One component per block type of schemas/blocks/; the type checker enforces the pairing. */
export const blockComponents: { [T in Block['type']]: ComponentType<{ block: BlockOf<T> }> } = {
  cards: Cards,
  counters: Counters,
  promoBanner: PromoBanner,
  ratingsTable: RatingsTable,
  section: Section,
  specTable: SpecTable,
}
