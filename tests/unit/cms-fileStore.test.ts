// The dev server's file store (fileStore.ts): lists and reads content/ and public/, writes a
// save's files all or none and only when each is still as the editor read it.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  listStore,
  readStoreFile,
  StoreError,
  writeStore,
} from '../../scripts/lib/cms/fileStore.ts'
import { removeTree, treeFrom } from './fixtureTree.ts'

let root: string
beforeEach(() => {
  root = treeFrom('good')
})
afterEach(() => removeTree(root))

const FR = 'content/fr/home.yaml'
const EN = 'content/en/home.yaml'
const read = (rel: string) => readFileSync(join(root, rel), 'utf8')
const idOf = (rel: string) => readStoreFile(root, rel).file.id

function refusal(run: () => unknown): StoreError {
  try {
    run()
  } catch (error) {
    if (error instanceof StoreError) return error
    throw error
  }
  throw new Error('not refused')
}

describe('the file store', () => {
  it('lists content/ with the ids readStoreFile gives, and public/ with git blob ids', async () => {
    const content = await listStore(root, 'content')
    expect(content.find((f) => f.path === FR)?.id).toBe(idOf(FR))
    const site = await listStore(root, 'public')
    const pdf = site.find((f) => f.path === 'public/docs/catalogue-batteries.pdf')
    // The id git itself gives the file: the editor compares an upload's with it.
    const git = execFileSync('git', ['hash-object', join(root, pdf?.path ?? '')], {
      encoding: 'utf8',
    })
    expect(pdf?.id).toBe(git.trim())
  })

  it('writes several files and an upload at once when each is as read', () => {
    const written = writeStore(root, {
      files: [
        { path: FR, raw: 'title: Accueil\n' },
        { path: 'content/fr/new.yaml', raw: 'title: Nouveau\n' },
      ],
      assets: [{ path: 'public/images/x.png', bytes: new Uint8Array([1, 2, 3]) }],
      expected: { [FR]: idOf(FR), 'content/fr/new.yaml': null },
    })
    expect(written).toHaveLength(3)
    expect(read(FR)).toBe('title: Accueil\n')
    expect(read('content/fr/new.yaml')).toBe('title: Nouveau\n')
    expect(readFileSync(join(root, 'public/images/x.png'))).toEqual(Buffer.from([1, 2, 3]))
  })

  it('a file changed on the disk since the editor read it: 409, nothing written', () => {
    const frBefore = idOf(FR)
    const enBefore = idOf(EN)
    writeFileSync(join(root, EN), `${read(EN)}# edited in a text editor\n`)
    const enText = read(EN)
    const error = refusal(() =>
      writeStore(root, {
        files: [
          { path: FR, raw: 'title: A\n' },
          { path: EN, raw: 'title: B\n' },
        ],
        expected: { [FR]: frBefore, [EN]: enBefore },
      }),
    )
    expect(error.status).toBe(409)
    expect(error.message).toContain(EN)
    expect(idOf(FR)).toBe(frBefore)
    expect(read(EN)).toBe(enText)
  })

  it('a file the save read without writing it, changed or created since: 409, nothing written', () => {
    const RECORD = 'content/translations/en/home.yaml'
    const frBefore = idOf(FR)
    const save = (expected: Record<string, string | null>) => () =>
      writeStore(root, { files: [{ path: FR, raw: 'title: A\n' }], expected })
    // Its record, absent when the editor read the site, written by someone else since.
    mkdirSync(dirname(join(root, RECORD)), { recursive: true })
    writeFileSync(join(root, RECORD), '{}\n')
    const created = refusal(save({ [FR]: frBefore, [RECORD]: null }))
    expect([created.status, created.message]).toEqual([409, expect.stringContaining(RECORD)])
    // Its English file, changed since, though this save writes only the French one.
    const enBefore = idOf(EN)
    writeFileSync(join(root, EN), `${read(EN)}# edited in a text editor\n`)
    expect(refusal(save({ [FR]: frBefore, [EN]: enBefore })).status).toBe(409)
    expect(idOf(FR)).toBe(frBefore)
    // As read: written.
    expect(save({ [FR]: frBefore, [EN]: idOf(EN), [RECORD]: idOf(RECORD) })()).toEqual([FR])
    expect(read(FR)).toBe('title: A\n')
  })

  it('a file the editor did not read (no expected id) is refused', () => {
    expect(
      refusal(() => writeStore(root, { files: [{ path: FR, raw: 'a: 1\n' }], expected: {} }))
        .status,
    ).toBe(422)
  })

  it('writes nothing outside content/*.yaml and plainly named files under public/', () => {
    for (const path of ['content/../package.yaml', 'scripts/x.yaml', 'content/fr/x.txt'])
      expect(
        refusal(() =>
          writeStore(root, { files: [{ path, raw: 'a: 1\n' }], expected: { [path]: null } }),
        ).status,
      ).toBe(422)
    for (const path of ['public/.htaccess', 'public/../x.png', 'content/x.png', 'public'])
      expect(
        refusal(() =>
          writeStore(root, {
            files: [],
            assets: [{ path, bytes: new Uint8Array() }],
            expected: {},
          }),
        ).status,
      ).toBe(422)
    expect(existsSync(join(root, '.htaccess'))).toBe(false)
    expect(refusal(() => listStore(root, 'scripts')).status).toBe(422)
  })
})

describe('the dev endpoint’s proxy actions over the store', () => {
  it('listFiles, then a planned persistEntry of two files and an upload, then 409 when stale', async () => {
    const { action } = await import('../../scripts/lib/cms/devEditor.ts')
    const listed = await action(root, { action: 'listFiles', params: { folder: 'content' } })
    const ids = Object.fromEntries(
      (listed.body as { path: string; id: string }[]).map((f) => [f.path, f.id]),
    )
    const params = {
      dataFiles: [
        { path: FR, raw: 'title: Accueil\n' },
        { path: EN, raw: 'title: Home\n' },
      ],
      assets: [{ path: '/public/images/y.png', content: 'AQID', encoding: 'base64' }],
      expected: { [FR]: ids[FR], [EN]: ids[EN] },
    }
    // `version`: the time after the write, which the dev /build.json must reach before the
    // editor says « En ligne ».
    const before = Date.now()
    const saved = await action(root, { action: 'persistEntry', params })
    expect(saved).toEqual({
      status: 200,
      body: { written: [FR, EN, 'public/images/y.png'], version: expect.stringMatching(/^\d+$/) },
    })
    expect(Number((saved.body as { version: string }).version)).toBeGreaterThanOrEqual(before)
    expect(read(EN)).toBe('title: Home\n')
    // The same save again: the files are no longer as that editor read them.
    await expect(action(root, { action: 'persistEntry', params })).rejects.toMatchObject({
      status: 409,
    })
  })
})
