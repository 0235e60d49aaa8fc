// The French change of an outdated translation, word by word: only what changed is
// marked, and a rewrite is not diffed at all.
import { describe, expect, it } from 'vitest'
import { plainWordDiff, wordDiff } from '../../templates/core/content/wordDiff.ts'

describe('wordDiff', () => {
  it('marks the words removed and added, keeping the rest', () => {
    const parts = wordDiff(
      'Des formations pratiques, dans nos locaux ou sur votre site.',
      'Des formations pratiques, dans nos locaux ou sur votre site, désormais jusqu’à 72 kV.',
    )
    expect(plainWordDiff(parts ?? [])).toBe(
      'Des formations pratiques, dans nos locaux ou sur votre [-site.-]{+site, désormais jusqu’à 72 kV.+}',
    )
    expect(plainWordDiff(wordDiff('Nos deux formules', 'Nos trois formules') ?? [])).toBe(
      'Nos [-deux-]{+trois+} formules',
    )
  })

  it('gives nothing for a rewrite (less than half the words shared) or equal texts diff as one part', () => {
    expect(wordDiff('Énergie', 'Énergies renouvelables')).toBeUndefined()
    expect(wordDiff('Le même texte', 'Le même texte')).toEqual([
      { kind: 'same', text: 'Le même texte' },
    ])
  })
})
