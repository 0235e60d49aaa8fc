// The rules of an upload that need no disk (uploadRules.ts), as the browser runs them on the
// repository it read: clean name, checked bytes, a free name beside the files already there.
import { describe, expect, it } from 'vitest'
import { memorySource } from '../../templates/core/content/source.ts'
import { MediaError } from '../../templates/core/editor/mediaNames.ts'
import { planUpload } from '../../templates/core/editor/uploadRules.ts'

// A 1×1 PNG.
const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
)
const PDF = new TextEncoder().encode('%PDF-1.7\n')
const source = memorySource(
  [
    [
      'content/data/documents.yaml',
      'documents:\n  - { id: tarifs, file: /docs/tarifs-2026.pdf, formerly: [/docs/tarifs.pdf], title: { fr: T, en: T } }\n',
    ],
  ],
  ['/images/news/portes-ouvertes.png', '/docs/tarifs-2026.pdf'],
)
const never = () => false

describe('planUpload', () => {
  it('an image lands in its folder under a clean name', () => {
    expect(planUpload(source, 'Usine Été.png', PNG, never, 'news')).toEqual({
      path: 'public/images/news/usine-ete.png',
      publicUrl: '/images/news/usine-ete.png',
    })
  })

  it('a name taken by other bytes is numbered; by the same bytes, it is the file’s own', () => {
    const name = 'Portes ouvertes.png'
    expect(planUpload(source, name, PNG, never, 'news').path).toBe(
      'public/images/news/portes-ouvertes-2.png',
    )
    expect(planUpload(source, name, PNG, () => true, 'news').path).toBe(
      'public/images/news/portes-ouvertes.png',
    )
  })

  it('a PDF never takes an old document URL (it must stay absent: a redirect)', () => {
    expect(planUpload(source, 'Tarifs.pdf', PDF, never).publicUrl).toBe('/docs/tarifs-2.pdf')
  })

  it('refuses bytes that are not what the name says, and a folder out of public/images', () => {
    expect(() => planUpload(source, 'photo.jpg', PNG, never)).toThrow(
      /« photo\.jpg » n’est pas une image JPG lisible \(c’est du png\)/,
    )
    expect(() => planUpload(source, 'x.pdf', PNG, never)).toThrow(MediaError)
    expect(() => planUpload(source, 'x.png', PNG, never, '../docs')).toThrow(
      'Le dossier « ../docs » n’est pas un dossier d’images valable.',
    )
  })
})
