// The share-image card's text layout and the .ico container, without drawing anything.
import { describe, expect, it } from 'vitest'
import { icoFile, socialCardSvg, wrapText } from '../../scripts/lib/build/socialImages.ts'

describe('share image text', () => {
  it('wraps by words and ends a cut text with an ellipsis', () => {
    expect(wrapText('Transformateur de distribution triphasé, classe 24 kV', 26, 3)).toEqual([
      'Transformateur de',
      'distribution triphasé,',
      'classe 24 kV',
    ])
    expect(wrapText('one two three four five six', 9, 2)).toEqual(['one two', 'three…'])
  })

  it('escapes the page text it draws', () => {
    const svg = socialCardSvg({
      pageId: 'x',
      lang: 'en',
      title: 'Tom & Jerry <script>',
      description: 'Say "hi"',
      company: "O'Brien",
      host: 'www.example.com',
    })
    expect(svg).toContain('Tom &#38; Jerry &#60;script&#62;')
    expect(svg).toContain('Say &#34;hi&#34;')
    expect(svg).toContain('O&#39;Brien')
    expect(svg).not.toContain('<script>')
  })
})

describe('favicon.ico', () => {
  it('is an icon directory pointing at each PNG in turn', () => {
    const a = Buffer.from('PNG-A')
    const b = Buffer.from('PNG-BB')
    const ico = icoFile([
      { size: 16, data: a },
      { size: 256, data: b },
    ])
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 2])
    // entry 1: 16 px, 5 bytes at offset 38 (6 + 2 * 16); entry 2: 256 px is written as 0
    expect([ico.readUInt8(6), ico.readUInt32LE(14), ico.readUInt32LE(18)]).toEqual([16, 5, 38])
    expect([ico.readUInt8(22), ico.readUInt32LE(30), ico.readUInt32LE(34)]).toEqual([0, 6, 43])
    expect(ico.subarray(38).toString()).toBe('PNG-APNG-BB')
  })
})
