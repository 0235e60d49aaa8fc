// Image paths written once (content/data/images.yaml), the words (alt) in each language file:
// how an image is named there, and how the loader puts each path back beside its alt. The
// mistakes an editor can make with it are planted in tests/unit/mistakes.test.ts.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { collectContent, projectDirs } from '../../scripts/lib/content/load.ts'
import { imageUses, withImagePaths } from '../../templates/core/content/imageSlots.ts'
import { repo } from './fixtureTree.ts'

const french = {
  banner: { alt: 'Bannière' },
  blocks: [
    { type: 'section', id: 'intro', image: { alt: 'Usine' } },
    {
      type: 'detailModals',
      id: 'en-detail',
      items: [{ id: 'a', image: { alt: 'A' }, details: { image: { alt: 'A, détail' } } }],
    },
    { type: 'carousel', id: 'galerie', images: [{ alt: 'Un' }, { alt: 'Deux' }] },
    { type: 'newsList', items: [{ id: 'n', images: [{ alt: 'news' }] }] },
    { type: 'gallery', id: 'plans', items: [{ id: 'p1', image: { alt: 'Plan' }, caption: 'P' }] },
  ],
}
// The English page translates one block id: it is paired with the French block at its place
// (blocks are paired by id, templates/core/content/blockPairs.ts) and named in French.
const english = structuredClone(french)
english.blocks[2] = { type: 'carousel', id: 'gallery', images: [{ alt: 'One' }, { alt: 'Two' }] }

describe('image slots', () => {
  it('names each image by block id, item id and key, the French ids naming both languages', () => {
    const slots = (page: unknown, naming?: unknown) =>
      imageUses(page, naming).map((u) => [u.slot, u.kind, u.objects.length])
    const expected = [
      ['banner', 'one', 1],
      ['intro', 'one', 1],
      ['en-detail/a', 'one', 1],
      ['en-detail/a/details', 'one', 1],
      ['galerie', 'list', 2],
      ['plans/p1', 'one', 1],
    ]
    expect(slots(french)).toEqual(expected)
    expect(slots(english, french)).toEqual(expected)
    // A block added to the French file only names no English image (blocks paired by id).
    const added = structuredClone(french)
    added.blocks.unshift({ type: 'section', id: 'new', image: { alt: 'Nouveau' } })
    expect(slots(english, added)).toEqual(expected)
  })

  it('puts each path beside its alt, src first, without changing the page read', () => {
    const paths = {
      banner: '/b.svg',
      intro: '/i.svg',
      'en-detail/a': '/a.svg',
      'en-detail/a/details': '/a-large.svg',
      galerie: ['/1.svg', '/2.svg'],
      'plans/p1': '/p1.svg',
      'plans/p1/large': '/p1-large.jpg',
    }
    const before = JSON.stringify(english)
    const merged = withImagePaths(english, paths, french)
    expect(JSON.stringify(english)).toBe(before)
    expect(JSON.stringify(merged.banner)).toBe('{"src":"/b.svg","alt":"Bannière"}')
    expect(merged.blocks[1]).toEqual({
      type: 'detailModals',
      id: 'en-detail',
      items: [
        {
          id: 'a',
          image: { src: '/a.svg', alt: 'A' },
          details: { image: { src: '/a-large.svg', alt: 'A, détail' } },
        },
      ],
    })
    expect(merged.blocks[2]).toMatchObject({
      images: [
        { src: '/1.svg', alt: 'One' },
        { src: '/2.svg', alt: 'Two' },
      ],
    })
    // A news article's images come from content/data/news.yaml, not from here.
    expect(merged.blocks[3]).toEqual(english.blocks[3])
    // A gallery item's larger version, <slot>/large.
    expect(merged.blocks[4]).toMatchObject({
      items: [{ id: 'p1', image: { src: '/p1.svg', alt: 'Plan' }, large: '/p1-large.jpg' }],
    })
  })
})

// Validates the whole site: seconds on a busy machine.
describe('the site content as committed', { timeout: 60_000 }, () => {
  it('writes no image path in a language file, and every page image gets its path', () => {
    for (const lang of ['fr', 'en'])
      for (const file of readdirSync(join(repo, 'content', lang)))
        expect(readFileSync(join(repo, 'content', lang, file), 'utf8')).not.toMatch(/\bsrc:/)
    const { content, problems } = collectContent(projectDirs(repo))
    expect(problems).toEqual([])
    const data = parse(readFileSync(join(repo, 'content/data/images.yaml'), 'utf8'))
    let count = 0
    for (const lang of ['fr', 'en'] as const)
      for (const [id, page] of Object.entries(content.pages?.[lang] ?? {}))
        for (const use of imageUses(page, content.pages?.fr[id])) {
          const given = data[id]?.[use.slot ?? '']
          expect(use.objects.map((o) => o.value.src)).toEqual(
            Array.isArray(given) ? given : [given],
          )
          count += use.objects.length
        }
    expect(count).toBe(2 * 74)
  })
})
