// The editor's French is whole: every phrase Decap's English has, the French the editor
// registers has too (Decap shows its English phrase otherwise), with the same %{placeholders};
// and what frenchPhrases.ts adds is a phrase Decap has (a mistyped key would never show).
import { en, fr } from 'decap-cms-locales/dist/esm/index.js'
import { describe, expect, it } from 'vitest'
import { FRENCH_ADDITIONS, withMissing } from '../../templates/admin/decap/frenchPhrases.ts'
import type { LocalePhrases as Phrases } from '../../templates/admin/decap/types.ts'

/** Every phrase of a locale, by its dotted key. */
function flat(phrases: Phrases, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(phrases)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(path, value)
    else for (const [k, v] of flat(value, path)) out.set(k, v)
  }
  return out
}
const placeholders = (phrase: string) => [...phrase.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort()

const english = flat(en as Phrases)
const french = flat(withMissing(fr as Phrases, FRENCH_ADDITIONS))

describe("the editor's French", () => {
  it('has every phrase of the English', () => {
    expect([...english.keys()].filter((key) => !french.has(key))).toEqual([])
  })

  it('keeps the placeholders of each phrase it adds', () => {
    const wrong = [...flat(FRENCH_ADDITIONS)]
      .filter(
        ([key, phrase]) =>
          placeholders(phrase).join() !== placeholders(english.get(key) ?? '').join(),
      )
      .map(([key]) => key)
    expect(wrong).toEqual([])
  })

  it("adds only phrases Decap has, and none Decap's French already gives", () => {
    const own = flat(fr as Phrases)
    const added = [...flat(FRENCH_ADDITIONS).keys()]
    expect(added.filter((key) => !english.has(key))).toEqual([])
    expect(added.filter((key) => own.has(key))).toEqual([])
  })
})
