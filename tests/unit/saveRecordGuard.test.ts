// A save in the dev editor depends on more files than it writes: the translation record of the
// page's English is computed from the record read with the form, and left out of the write when
// its text comes out the same. Such a save, planned on a snapshot whose record is no longer the
// disk's (a reset putting files back one by one around the editor's read, a record rewritten on
// its own), must not write the words without their record: the store refuses it (409) and the
// backend plans it again on the files as they are now. The editor's own backend (SiteSaves,
// proxyHost) with the real planner (saveRules.ts), over the dev endpoint's actions on a copy of
// the site.
import { cpSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parse, stringify } from 'yaml'
import { action } from '../../scripts/lib/cms/devEditor.ts'
import { StoreError } from '../../scripts/lib/cms/fileStore.ts'
import { checkRules, projectDirs } from '../../scripts/lib/content/load.ts'
import { proxyHost } from '../../templates/admin/backend/hosts.ts'
import { planEntrySave } from '../../templates/admin/backend/saveRules.ts'
import { SiteSaves } from '../../templates/admin/backend/saves.ts'
import type { SiteBackendDeps } from '../../templates/admin/backend/types.ts'
import { memorySource } from '../../templates/core/content/source.ts'
import { textHash } from '../../templates/core/content/textHash.ts'
import { readEntryFrom } from '../../templates/core/editor/entryPlan.ts'
import { removeTree, repo, treeFrom } from './fixtureTree.ts'

const TRAINING = 'content/pages/training.yaml'
const FR = 'content/fr/training.yaml'
const EN = 'content/en/training.yaml'
const RECORD = 'content/translations/en/training.yaml'
const MESSAGE = { commitMessage: 'Update training' }

let root: string
beforeEach(() => {
  root = treeFrom('real')
})
afterEach(() => removeTree(root))

const read = (rel: string) => readFileSync(join(root, rel), 'utf8')
/** A file of the copy put back as the repository has it (a reset, a checkout). */
const putBack = (rel: string) => cpSync(join(repo, rel), join(root, rel))

/** The editor's backend over the dev endpoint on the copy, each request's action noted. */
function devEditor() {
  const rules = checkRules(projectDirs(root).schemas)
  const requests: { action: string; status: number }[] = []
  const host = proxyHost({
    async request(payload) {
      // Decap's proxy backend throws an answer's error with its status (APIError).
      const answer = await action(root, payload).catch((e: Error) => {
        if (e instanceof StoreError) return { status: e.status, body: { error: e.message } }
        throw e
      })
      requests.push({ action: payload.action, status: answer.status })
      if (answer.status !== 200) throw Object.assign(new Error('refused'), answer)
      return answer.body
    },
  })
  const saved: { toReview: number }[] = []
  const deps: SiteBackendDeps = {
    memorySource,
    readEntry: (source, path) => readEntryFrom(source, path).data,
    planSave: (source, path, raw, uploads, base) =>
      planEntrySave(rules, source, path, raw, uploads, base),
    merges: true,
    onSaved: (_path, result) => saved.push(result),
  }
  return { saves: new SiteSaves(deps, host), requests, saved }
}

type Page = Record<string, unknown> & { title: string }

/** Opens the page's form and publishes it with `change` applied to its value. */
async function saveTitles(saves: SiteSaves, titles: { fr?: string; en?: string }) {
  const entry = await saves.getEntry(TRAINING)
  const value = parse(entry.data) as { fr: Page; en: Page }
  return async () => {
    if (titles.fr) value.fr.title = titles.fr
    if (titles.en) value.en.title = titles.en
    await saves.persistEntry(
      { dataFiles: [{ path: TRAINING, raw: stringify(value) }], assets: [] },
      MESSAGE,
    )
  }
}

const titleLine = (fr: string, en: string) => `\ntitle: { fr: "${fr}", en: "${textHash(en)}" }\n`

describe('a save whose translation record changed on the disk after its form was read', {
  timeout: 60_000,
}, () => {
  it('is planned again on the disk as it is, and writes the record with the words', async () => {
    const words = { fr: 'Formation continue', en: 'Further training' }
    // An earlier save of the same words: the two files and their record.
    const earlier = devEditor()
    await (await saveTitles(earlier.saves, words))()
    expect(read(RECORD)).toContain(titleLine(words.fr, words.en))

    // A reset puts the files back one by one, the editor reading the site in between: its form
    // has the language files as they were and the record of the earlier save.
    putBack(FR)
    putBack(EN)
    const editor = devEditor()
    const publish = await saveTitles(editor.saves, words)
    putBack(RECORD)

    await publish()
    expect(parse(read(FR)).title).toBe(words.fr)
    expect(parse(read(EN)).title).toBe(words.en)
    expect(read(RECORD)).toContain(titleLine(words.fr, words.en))
    // Refused once (the record is no longer the one read), then planned on the disk as it is.
    expect(editor.requests.filter((r) => r.action === 'persistEntry')).toEqual([
      { action: 'persistEntry', status: 409 },
      { action: 'persistEntry', status: 200 },
    ])

    // So a later change of the French title alone is an English title « à revoir ».
    await (await saveTitles(editor.saves, { fr: 'Formations' }))()
    expect(editor.saved.at(-1)?.toReview).toBe(1)
  })
})
