// The field-level three-way merge of a save over an entry changed meanwhile (merge.ts).
import { describe, expect, it } from 'vitest'
import { mergeValues } from '../../templates/core/editing/merge.ts'

describe('mergeValues', () => {
  it('takes each side’s own changes', () => {
    const base = { title: 'A', text: 'x', tags: ['a'] }
    const mine = { title: 'B', text: 'x', tags: ['a'] }
    const theirs = { title: 'A', text: 'y', tags: ['a', 'b'] }
    expect(mergeValues(base, mine, theirs)).toEqual({
      value: { title: 'B', text: 'y', tags: ['a', 'b'] },
      conflicts: [],
    })
  })

  it('a value both changed alike is no conflict; differently, one conflict at its path', () => {
    const base = { a: { b: 1, c: 1 } }
    expect(mergeValues(base, { a: { b: 2, c: 1 } }, { a: { b: 2, c: 1 } }).conflicts).toEqual([])
    expect(mergeValues(base, { a: { b: 2, c: 1 } }, { a: { b: 3, c: 1 } }).conflicts).toEqual([
      { field: ['a', 'b'], mine: 2, theirs: 3 },
    ])
  })

  it('merges lists of items with ids item by item, new items at their place', () => {
    const base = {
      blocks: [
        { id: 'a', t: 1 },
        { id: 'b', t: 1 },
      ],
    }
    const mine = {
      blocks: [
        { id: 'a', t: 2 },
        { id: 'n', t: 0 },
        { id: 'b', t: 1 },
      ],
    }
    const theirs = {
      blocks: [
        { id: 'a', t: 1 },
        { id: 'b', t: 3 },
        { id: 'z', t: 9 },
      ],
    }
    expect(mergeValues(base, mine, theirs)).toEqual({
      value: {
        blocks: [
          { id: 'a', t: 2 },
          { id: 'n', t: 0 },
          { id: 'b', t: 3 },
          { id: 'z', t: 9 },
        ],
      },
      conflicts: [],
    })
  })

  it('an item removed on one side and changed on the other is a conflict', () => {
    const base = {
      items: [
        { id: 'a', t: 1 },
        { id: 'b', t: 1 },
      ],
    }
    const mine = { items: [{ id: 'a', t: 1 }] }
    const theirs = {
      items: [
        { id: 'a', t: 1 },
        { id: 'b', t: 2 },
      ],
    }
    expect(mergeValues(base, mine, theirs).conflicts).toEqual([
      { field: ['items', 1], mine: undefined, theirs: { id: 'b', t: 2 } },
    ])
  })

  it('lists without ids: index by index at the same length, else one conflict', () => {
    expect(mergeValues(['a', 'b'], ['A', 'b'], ['a', 'B']).value).toEqual(['A', 'B'])
    expect(mergeValues(['a'], ['a', 'b'], ['a', 'c']).conflicts).toEqual([
      { field: [], mine: ['a', 'b'], theirs: ['a', 'c'] },
    ])
  })
})
