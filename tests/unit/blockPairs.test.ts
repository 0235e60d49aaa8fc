// How the French and English blocks of a page are paired (templates/core/content/blockPairs.ts):
// what the FR/EN structure check compares, and where an English block takes its neutral
// settings and image names from.
import { describe, expect, it } from 'vitest'
import { pairBlocks, pairItems } from '../../templates/core/content/blockPairs.ts'

/** `section#intro` is a section block with id intro; `section` one without an id. */
const blocks = (...specs: string[]) =>
  specs.map((spec) => {
    const [type, id] = spec.split('#')
    return id === undefined ? { type } : { type, id }
  })

const CASES: { name: string; fr: string[]; en: string[]; partner: (number | undefined)[] }[] = [
  {
    name: 'the same ids: each with its own',
    fr: ['hero#top', 'section#intro', 'cards#offer'],
    en: ['hero#top', 'section#intro', 'cards#offer'],
    partner: [0, 1, 2],
  },
  {
    name: 'a block added to the French file only: the others keep their partners',
    fr: ['hero#top', 'section#new', 'section#intro', 'cards#offer'],
    en: ['hero#top', 'section#intro', 'cards#offer'],
    partner: [0, undefined, 1, 2],
  },
  {
    name: 'a block added to the English file only',
    fr: ['hero#top', 'cards#offer'],
    en: ['hero#top', 'section#more', 'cards#offer'],
    partner: [0, 2],
  },
  {
    name: 'translated ids (careers: nos-valeurs / our-values): by place',
    fr: ['section#nos-valeurs', 'contactForm#postuler'],
    en: ['section#our-values', 'contactForm#apply'],
    partner: [0, 1],
  },
  {
    name: 'blocks without an id (not-found): by place',
    fr: ['section', 'cards#links'],
    en: ['section', 'cards#links'],
    partner: [0, 1],
  },
  {
    name: 'a translated id beside an added block: by type, the earliest first',
    fr: ['hero#top', 'cards#new', 'section#nos-valeurs', 'cards#offer'],
    en: ['hero#top', 'section#our-values', 'cards#offer'],
    partner: [0, undefined, 1, 2],
  },
  {
    name: 'a duplicate id pairs nothing by id (the schema reports it): by place',
    fr: ['section#a', 'section#a', 'cards#b'],
    en: ['section#a', 'section#c', 'cards#b'],
    partner: [0, 1, 2],
  },
]

describe('French and English blocks, paired by id', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const pairs = pairBlocks(blocks(...c.fr), blocks(...c.en))
    expect(pairs.partner).toEqual(c.partner)
    // The same pairs read from the English side.
    for (const [i, j] of pairs.partner.entries())
      if (j !== undefined) expect(pairs.partnerOf[j]).toBe(i)
    expect(pairs.partnerOf.filter((i) => i !== undefined)).toHaveLength(
      c.partner.filter((j) => j !== undefined).length,
    )
    expect(pairs.moved).toEqual(new Set())
  })

  it('a block moved in one file stays paired with its own, and is the one said to be moved', () => {
    const pairs = pairBlocks(
      blocks('hero#top', 'section#choice', 'section#intro', 'cards#offer'),
      blocks('hero#top', 'section#intro', 'cards#offer', 'section#choice'),
    )
    expect(pairs.partner).toEqual([0, 3, 1, 2])
    expect(pairs.moved).toEqual(new Set([1]))
  })
})

describe('list items, paired by id', () => {
  const items = (...ids: string[]) => ids.map((id) => ({ id }))

  it('whatever their order; an id changed in one file by place; a removed item alone', () => {
    expect(pairItems(items('a', 'b', 'c'), items('c', 'a', 'b')).partner).toEqual([1, 2, 0])
    expect(pairItems(items('a', 'b', 'c'), items('a', 'b2', 'c')).partner).toEqual([0, 1, 2])
    // b's place holds c, which the first list has: b has no partner.
    expect(pairItems(items('a', 'b', 'c'), items('a', 'c')).partner).toEqual([0, undefined, 1])
  })
})
