// One code build of a code tree at a time: vike runs each `+` file of pages/ from a temporary file
// named by its code's hash, so two builds of one tree at once remove each other's file (a build
// of the editor's guide failed so on Node 22, beside another test's build).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { oneBuildAtATime } from '../../scripts/lib/pipeline/codeBuild.ts'

const roots: string[] = []
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})
const codeRoot = () => {
  const root = mkdtempSync(join(tmpdir(), 'code-lock-'))
  roots.push(root)
  return root
}
const lockOf = (root: string) => join(root, 'node_modules', '.cache', 'code-build.lock')
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('one code build of a tree at a time', () => {
  it('runs two builds of one tree one after the other, and frees the lock after each', async () => {
    const root = codeRoot()
    const events: string[] = []
    const build = (name: string) => async () => {
      events.push(`${name} start`)
      await pause(150)
      events.push(`${name} end`)
      return name
    }
    const results = await Promise.all([
      oneBuildAtATime(root, build('a')),
      oneBuildAtATime(root, build('b')),
    ])
    expect(results).toEqual(['a', 'b'])
    expect(events).toEqual(['a start', 'a end', 'b start', 'b end'])
    expect(existsSync(lockOf(root))).toBe(false)
  })

  it('frees the lock when the build fails', async () => {
    const root = codeRoot()
    await expect(
      oneBuildAtATime(root, async () => {
        throw new Error('bundles failed')
      }),
    ).rejects.toThrow('bundles failed')
    expect(existsSync(lockOf(root))).toBe(false)
  })

  it("takes over a lock whose process is gone, and waits for a living one's", async () => {
    const root = codeRoot()
    const lock = lockOf(root)
    mkdirSync(lock, { recursive: true })
    // The pid of a process that has ended.
    const gone = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid
    writeFileSync(join(lock, 'pid'), String(gone))
    expect(await oneBuildAtATime(root, async () => 'built')).toBe('built')

    mkdirSync(lock, { recursive: true })
    writeFileSync(join(lock, 'pid'), String(process.pid))
    let done = false
    const waiting = oneBuildAtATime(root, async () => {
      done = true
    })
    await pause(300)
    expect(done).toBe(false)
    rmSync(lock, { recursive: true })
    await waiting
    expect(done).toBe(true)
  })
})
