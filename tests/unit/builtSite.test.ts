// The built site the HTML check and the accessibility audit run on (scripts/testing/builtSite.ts).
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { builtSiteDir, builtSiteProblem } from '../../scripts/testing/builtSite.ts'

const repo = resolve(import.meta.dirname, '../..')
const scratch = mkdtempSync(join(tmpdir(), 'built-site-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('the built site of a check', () => {
  it('is dist/client, or the folder --dir= names (from the working directory)', () => {
    expect(builtSiteDir(['node', 'x.ts'], '/project')).toBe('/project/dist/client')
    expect(builtSiteDir(['node', 'x.ts', '/contact', '--dir=/tmp/b'], '/p')).toBe('/tmp/b')
    expect(builtSiteDir(['node', 'x.ts', '--dir=out/client'], '/p')).toBe(resolve('out/client'))
  })

  it('must hold an index.html, else one line says to build', () => {
    const empty = join(scratch, 'empty')
    mkdirSync(empty)
    expect(builtSiteProblem(empty)).toBe(`No built site in ${empty}: run \`npm run build\` first.`)
    writeFileSync(join(empty, 'index.html'), '<!DOCTYPE html><title>x</title>')
    expect(builtSiteProblem(empty)).toBeNull()
  })

  it.each(['htmlCheck.ts', 'a11y.ts'])(
    '%s refuses a folder with nothing built',
    { timeout: 30_000 },
    (script) => {
      const nothing = join(scratch, `nothing-${script}`)
      mkdirSync(nothing)
      const run = spawnSync('npx', ['tsx', `scripts/${script}`, `--dir=${nothing}`], {
        cwd: repo,
        encoding: 'utf8',
      })
      expect(run.status).toBe(1)
      expect(run.stderr.trim().split('\n').at(-1)).toBe(
        `No built site in ${nothing}: run \`npm run build\` first.`,
      )
    },
  )
})
