// A quiet install: `npm ci`, the full one and a host's `--omit=dev`, prints no
// warning: no peer range left unresolved (the editor's old dependencies' React and slate ranges are
// settled by package.json's `overrides`), no EBADENGINE, no install script left unreviewed
// (`allowScripts`). npm prints these while it reads the lockfile's tree, so a dry run in a copy of
// the three files shows them without installing anything.
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const repo = resolve(import.meta.dirname, '../..')
const scratch = mkdtempSync(join(tmpdir(), 'install-'))
for (const file of ['package.json', 'package-lock.json', '.npmrc'])
  copyFileSync(join(repo, file), join(scratch, file))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** The lines npm prints as warnings (or errors) for `npm ci <args> --dry-run` in the copy. */
function npmWarnings(args: string[]): string[] {
  const npmArgs = ['ci', ...args, '--dry-run', '--prefer-offline', '--prefix', scratch]
  const run = spawnSync('npm', npmArgs, {
    cwd: scratch,
    encoding: 'utf8',
    // Not the settings `npm run` passes down for this project (its folder, what it omits).
    env: Object.fromEntries(
      Object.entries(process.env).filter(
        ([k]) => !/^npm_config_(local_prefix|prefix|omit|include|dry_run)$/i.test(k),
      ),
    ),
  })
  expect(run.status, run.stderr).toBe(0)
  return `${run.stdout}\n${run.stderr}`
    .split('\n')
    .filter((l) => /^npm (warn|error|WARN|ERR)/.test(l))
}

describe('npm ci', () => {
  it('prints no warning: the full install', { timeout: 120_000 }, () => {
    expect(npmWarnings([])).toEqual([])
  })

  it("prints no warning: a host's install without the dev tools", { timeout: 120_000 }, () => {
    expect(npmWarnings(['--omit=dev'])).toEqual([])
  })
})
