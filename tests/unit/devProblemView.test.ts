// What the dev server's overlay shows for content problems (scripts/lib/dev/problemView.ts).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { codeFrame, overlayError } from '../../scripts/lib/dev/problemView.ts'

// Vite's overlay (vite/dist/client/client.mjs) shows `frame` only when a line matches this,
// and turns absolute `path:line:col` in `stack` into links to /__open-in-editor.
const VITE_CODEFRAME = /^(?:>?\s*\d+\s+\|.*|\s+\|\s*\^.*)\r?\n/gm
const VITE_FILE_LINK = /(?:file:\/\/)?(?:[a-zA-Z]:\\|\/).*?:\d+:\d+/g

describe('codeFrame', () => {
  it('shows the lines around the problem, marks its line and points at its column', () => {
    const source = ['a: 1', 'b: 2', 'c: [3', 'd: 4', 'e: 5', 'f: 6'].join('\n')
    expect(codeFrame(source, 3, 4)).toBe(
      ['  1 | a: 1', '  2 | b: 2', '> 3 | c: [3', '    |    ^', '  4 | d: 4', '  5 | e: 5'].join(
        '\n',
      ),
    )
  })

  it('pads line numbers to the widest shown', () => {
    const source = Array.from({ length: 12 }, (_, i) => `k${i + 1}: v`).join('\n')
    expect(codeFrame(source, 10, 1).split('\n')).toEqual([
      '   8 | k8: v',
      '   9 | k9: v',
      '> 10 | k10: v',
      '     | ^',
      '  11 | k11: v',
      '  12 | k12: v',
    ])
  })
})

describe('overlayError', () => {
  const root = mkdtempSync(join(tmpdir(), 'overlay-'))
  mkdirSync(join(root, 'content', 'fr'), { recursive: true })
  writeFileSync(join(root, 'content', 'site.yaml'), 'siteUrl: 12\ncompany:\n  name: X\n')
  writeFileSync(join(root, 'content', 'fr', 'home.yaml'), 'title: ""\nblocks: []\n')
  const err = overlayError(root, [
    {
      file: 'content/site.yaml',
      line: 1,
      col: 10,
      key: 'siteUrl',
      message: 'must be a string',
      fr: 'doit être un texte',
    },
    {
      file: 'content/fr/home.yaml',
      line: 1,
      col: 8,
      key: 'title',
      message: 'must be a non-empty string',
      fr: 'ne doit pas être vide',
    },
  ])

  it('lists every problem, sorted, in the message', () => {
    expect(err.message.split('\n')).toEqual([
      '2 content problems. Fix and save: this page reloads by itself.',
      '',
      'content/fr/home.yaml:1:8  title  must be a non-empty string',
      'content/site.yaml:1:10  siteUrl  must be a string',
    ])
  })

  it('gives a code frame per problem, in the form Vite shows', () => {
    expect(err.frame.match(VITE_CODEFRAME)?.length).toBeGreaterThan(0)
    expect(err.frame).toContain(
      'content/site.yaml:1:10  siteUrl\n> 1 | siteUrl: 12\n    |          ^',
    )
    expect(err.frame).toContain('content/fr/home.yaml:1:8  title\n> 1 | title: ""')
  })

  it('has one editor link per problem, and the first as the location', () => {
    expect(err.stack.match(VITE_FILE_LINK)).toEqual([
      `${root}/content/fr/home.yaml:1:8`,
      `${root}/content/site.yaml:1:10`,
    ])
    expect(err.loc).toEqual({ file: `${root}/content/fr/home.yaml`, line: 1, column: 8 })
  })
})
