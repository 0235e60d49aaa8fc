// The HTML check (npm run test:html) on small built sites: it names the file, line and column
// of an invalid page and fails; a valid page passes; the checker's info notes are not findings.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const page = (body: string) =>
  `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"/><title>t</title></head><body>${body}</body></html>`

const dirs: string[] = []
function check(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'html-check-'))
  dirs.push(dir)
  for (const [name, html] of Object.entries(files)) writeFileSync(join(dir, name), html)
  const run = spawnSync('npx', ['tsx', 'scripts/htmlCheck.ts', `--dir=${dir}`], {
    encoding: 'utf8',
    cwd: join(import.meta.dirname, '../..'),
  })
  return { status: run.status, out: run.stdout.replaceAll(`${dir}/`, '') }
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

describe('npm run test:html', () => {
  // One run for both findings (each run starts Java: about 3 s of CPU).
  it('fails on an invalid datetime and on a heading-less section, naming page, line and column', () => {
    const { status, out } = check({
      'index.html': page('<main><h1>x</h1></main>'),
      'news.html': page('<main><h1>x</h1><time datetime="2023-10-11/2023-10-15">x</time></main>'),
      'about.html': page('<main><h1>x</h1><section><p>no heading</p></section></main>'),
    })
    expect(status).toBe(1)
    expect(out).toMatch(/news\.html:1:\d+ {2}error {2}Bad value “2023-10-11\/2023-10-15”/)
    // A warning counts and fails too.
    expect(out).toMatch(/about\.html:1:\d+ {2}warning {2}Section lacks heading/)
    expect(out).not.toMatch(/index\.html/)
    expect(out).toContain('html: 1 error, 1 warning')
  }, 30_000)

  it('passes a valid page, trailing slashes of void elements included (info only)', () => {
    const { status, out } = check({ 'index.html': page('<main><h1>x</h1><br/></main>') })
    expect(status).toBe(0)
    expect(out).toContain('html: 0 errors, 0 warnings')
  }, 30_000)
})
