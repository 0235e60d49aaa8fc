// Home, presentation and news content: the news dates as a visitor reads them, the typed word's
// timing, the logo groups, and the content rules the templates rely on (same article ids in
// both languages, figures quoted from facts.yaml, the auto-closing popup on /en only).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import type { BlockOf, LogosData, NewsData, PageContent } from '../../templates/content.ts'
import { nextTypingStep, type TypingState } from '../../templates/islands/TypedWord.tsx'
import { logoImages } from '../../templates/lib/logos.ts'
import { formatNewsDate } from '../../templates/lib/newsDate.ts'
import { newsItemsOf } from '../../templates/lib/newsItems.ts'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const readYaml = <T>(file: string): T => parse(readFileSync(join(repo, file), 'utf8')) as T
const page = (lang: 'fr' | 'en', id: string) => readYaml<PageContent>(`content/${lang}/${id}.yaml`)
const block = <T extends PageContent['blocks'][number]['type']>(p: PageContent, type: T) =>
  p.blocks.find((b): b is BlockOf<T> => b.type === type)

describe('news dates', () => {
  it.each([
    ['2025-06-02', 'fr', undefined, '2 juin 2025'],
    ['2025-06-02', 'en', undefined, '2 June 2025'],
    ['2025-06', 'fr', undefined, 'juin 2025'],
    ['2025-06', 'en', undefined, 'June 2025'],
    ['2023-10-11', 'fr', '2023-10-15', '11–15 octobre 2023'],
    ['2024-12-02', 'en', undefined, '2 December 2024'],
  ] as const)('%s (%s, until %s) reads "%s"', (date, lang, end, expected) => {
    expect(formatNewsDate(date, lang, end).replace(/\s+/g, ' ')).toBe(expected)
  })

  it('an English range names both days and the month once', () => {
    expect(formatNewsDate('2023-10-11', 'en', '2023-10-15')).toMatch(/^11\s?–\s?15 October 2023$/)
  })
})

describe('typed word', () => {
  const words = ['Respect', 'Innovation']
  const periodMs = 2500
  /** Runs the loop from the first word shown in full until `word` is shown in full. */
  function timeUntilTyped(word: string, start: TypingState) {
    let state = start
    let elapsed = 0
    for (let i = 0; i < 1000; i++) {
      const step = nextTypingStep(state, words, periodMs)
      elapsed += step.delayMs
      state = step.state
      if (words[state.index] === word && state.shown === word.length) return { elapsed, state }
    }
    throw new Error('never typed')
  }

  it('starts on the first word, then erases it and types the next one letter by letter', () => {
    const start: TypingState = { index: 0, shown: 7, phase: 'hold' }
    const { elapsed, state } = timeUntilTyped('Innovation', start)
    expect(state.index).toBe(1)
    // Each word lasts about one period: Innovation is complete before the next period ends.
    expect(elapsed).toBeGreaterThan(periodMs / 2)
    expect(elapsed).toBeLessThan(periodMs + 500)
  })

  it('cycles back to the first word', () => {
    const start: TypingState = { index: 1, shown: 10, phase: 'hold' }
    expect(timeUntilTyped('Respect', start).state.index).toBe(0)
  })
})

describe('content of the home, presentation and news pages', () => {
  it('the two news pages list the same article ids, newest first', () => {
    const data = { news: readYaml('content/data/news.yaml') as NewsData }
    const fr = newsItemsOf(page('fr', 'news'), data)
    const en = newsItemsOf(page('en', 'news'), data)
    expect(fr).toHaveLength(12)
    expect(en.map((a) => a.id)).toEqual(fr.map((a) => a.id))
    // By month: a month-only date ("2025-06") may come before a day of the same month.
    const months = fr.map((a) => a.date.slice(0, 7))
    expect([...months].sort().reverse()).toEqual(months)
    for (const a of [...fr, ...en]) {
      expect(a.images.length).toBeLessThanOrEqual(3)
      for (const image of a.images) expect(image.alt).not.toBe('')
    }
  })

  it('only the English home page closes the award popup by itself', () => {
    expect(block(page('fr', 'home'), 'awardPopup')?.autoClose).toBe(false)
    expect(block(page('en', 'home'), 'awardPopup')?.autoClose).toBe(true)
  })

  it('company figures are quoted from facts.yaml, never written out', () => {
    for (const lang of ['fr', 'en'] as const) {
      const figures = block(page(lang, 'presentation'), 'cards')
      expect(figures?.id).toBe('key-figures')
      for (const card of figures?.items ?? []) expect(card.title).toMatch(/\{\{company\.\w+\}\}/)
    }
  })

  it('logo groups: 3 ISO certificates and 50 customers, named for their text alternative', () => {
    const data = { logos: readYaml('content/data/logos.yaml') as LogosData }
    expect(logoImages(data, 'certificates').map((l) => l.alt)).toEqual([
      'ISO 9001:2015',
      'ISO 14001:2015',
      'ISO 45001:2018',
    ])
    expect(logoImages(data, 'clients')).toHaveLength(50)
    expect(logoImages(data, 'clients', 40)).toHaveLength(40)
    expect(logoImages(data, 'clients')[49]?.alt).toBe('Client 50')
  })
})
