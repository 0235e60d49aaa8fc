// The production editor's configuration (a git backend: Decap reads and writes the repository's
// files itself): every entry is a real file, each page and the UI strings one entry per language
// file, the English ones without the neutral settings, no i18n left; the dev configuration (the
// dev server's endpoint maps its bilingual entries) stays as it is.

import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import type { GitBackend } from '../../scripts/lib/cms/cmsSettings.ts'
import { cmsConfig } from '../../scripts/lib/cms/config.ts'
import { gitBackendConfig } from '../../scripts/lib/cms/gitConfig.ts'
import type {
  DecapCollection,
  DecapConfig,
  DecapField,
  DecapFile,
} from '../../templates/core/editor/decapConfig.ts'
import {
  NEWS_DATA,
  PAGE_ENTRY_FOLDER,
  STRINGS_ENTRY,
} from '../../templates/core/editor/entryPaths.ts'
import { REVIEW_FIELD } from '../../templates/core/editor/translationReview.ts'
import { decapProblems } from './decapProblems.ts'
import { repo } from './fixtureTree.ts'

// Bitbucket (as Azure, git-gateway): Decap's own backend, real files only. GitHub, Gitea and
// GitLab run the editor's own backend and get the dev server's configuration (below, and
// cmsProduction.test.ts).
const backend: GitBackend = { name: 'bitbucket', repo: 'acme/site', branch: 'main' }
const routeIds = (
  parse(readFileSync(join(repo, 'content/routes.yaml'), 'utf8')) as { routes: { id: string }[] }
).routes.map((r) => r.id)

let dev: DecapConfig
let git: DecapConfig
beforeAll(() => {
  dev = cmsConfig(repo, { proxyUrl: '/api/cms' })
  git = cmsConfig(repo, { backend })
})

/** The file collections (the dev config also has the folder collection of new pages). */
const fileCollections = (c: DecapConfig) =>
  c.collections.filter((x): x is DecapCollection => Array.isArray(x.files))
const files = (c: DecapConfig) => fileCollections(c).flatMap((col) => col.files)
const entry = (name: string) => files(git).find((f) => f.name === name) as DecapFile
const field = (fields: DecapField[] | undefined, name: string) =>
  fields?.find((f) => f.name === name)
const blockType = (f: DecapFile, type: string) =>
  field(f.fields, 'blocks')?.types?.find((t) => t.name === type)

/** The dev collection of a page (a menu group's folder, or the news page's own) and its label. */
function devEntry(id: string): { group?: string; label?: string } {
  for (const c of dev.collections) {
    const page = 'folder' in c ? dev.site_pages?.[c.folder]?.find((p) => p.id === id) : undefined
    const file = c.files?.find((f) => f.name === id)
    if (page || file) return { group: c.name, label: page?.label ?? file?.label }
  }
  return {}
}

/** A page's fields in the dev configuration: its folder collection's, or its file's. */
function devFields(id: string): DecapField[] {
  const { group } = devEntry(id)
  const c = dev.collections.find((x) => x.name === group)
  return (c && 'folder' in c ? c.fields : c?.files?.find((f) => f.name === id)?.fields) ?? []
}

/** Every field path under `fields` (`blocks(section).buttons.style`), with its i18n. */
function paths(fields: DecapField[] | undefined, at = ''): Map<string, boolean | undefined> {
  const out = new Map<string, boolean | undefined>()
  for (const f of fields ?? []) {
    // The review of translations is the editor's own save's (translationReview.ts): not a file's.
    if (f.name === REVIEW_FIELD) continue
    const p = at ? `${at}.${f.name}` : f.name
    out.set(p, f.i18n)
    for (const [k, v] of paths(f.fields, p)) out.set(k, v)
    if (f.field) for (const [k, v] of paths([f.field], `${p}[]`)) out.set(k, v)
    for (const t of f.types ?? [])
      for (const [k, v] of paths(t.fields, `${p}(${t.name})`)) out.set(k, v)
  }
  return out
}

/** Where an `i18n` key is, anywhere in a value. */
function i18nKeys(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => i18nKeys(v, `${at}[${i}]`))
  if (!value || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([k, v]) => [
    ...(k === 'i18n' ? [`${at}.i18n`] : []),
    ...i18nKeys(v, `${at}.${k}`),
  ])
}

describe('the configuration for a git backend', () => {
  it('names only files that exist in the repository', () => {
    const missing = files(git)
      .map((f) => f.file)
      .filter((file) => !existsSync(join(repo, file)))
    expect(missing).toEqual([])
    const paths = files(git).map((f) => f.file)
    expect(
      paths.filter((p) => p.startsWith(`${PAGE_ENTRY_FOLDER}/`) || p === STRINGS_ENTRY),
    ).toEqual([])
    expect(new Set(paths).size).toBe(paths.length)
  })

  it('has no i18n anywhere, nor the top-level block (no entry is bilingual)', () => {
    expect(i18nKeys(git)).toEqual([])
    expect(git.i18n).toBeUndefined()
  })

  it('keeps what Decap requires: unique names, fields everywhere, the git backend', () => {
    expect(decapProblems(git)).toEqual([])
    expect(git.backend).toEqual(backend)
  })

  it.each(routeIds)(
    'page %s: a French and an English entry, in the group of its dev entry',
    (id) => {
      const { group: devGroup, label: devLabel } = devEntry(id)
      const group = fileCollections(git).find((c) => c.name === devGroup)
      expect(group?.files.find((f) => f.name === `${id}-fr`)).toMatchObject({
        label: `${devLabel} — français`,
        file: `content/fr/${id}.yaml`,
      })
      expect(group?.files.find((f) => f.name === `${id}-en`)).toMatchObject({
        label: `${devLabel} — anglais`,
        file: `content/en/${id}.yaml`,
      })
      expect(group?.files.some((f) => f.name === id)).toBe(false)
    },
  )

  it('the UI strings: one entry per language file, every key of the French file in both', () => {
    const strings = fileCollections(git).find((c) => c.name === 'strings')
    expect(strings?.files.map((f) => [f.name, f.file])).toEqual([
      ['strings-fr', 'content/i18n/fr.yaml'],
      ['strings-en', 'content/i18n/en.yaml'],
    ])
    const devStrings = fileCollections(dev).find((c) => c.name === 'strings')?.files[0]
    for (const f of strings?.files ?? [])
      expect([...paths(f.fields).keys()]).toEqual([...paths(devStrings?.fields).keys()])
  })

  it('French entries have every field of the page, neutral settings included', () => {
    const devHome = devFields('home')
    expect([...paths(entry('home-fr').fields).keys()]).toEqual([...paths(devHome).keys()])
    expect(field(blockType(entry('home-fr'), 'section')?.fields, 'tone')?.widget).toBe('select')
  })

  it('English entries have only the words: no neutral setting at any depth', () => {
    const devHome = devFields('home')
    const all = paths(devHome)
    const neutral = [...all].filter(([, i18n]) => i18n === false).map(([p]) => p)
    const english = [...paths(entry('home-en').fields).keys()]
    // Known neutral keys (x-neutral in schemas/): a block's tone, a button's style, a column count.
    expect(neutral).toEqual(
      expect.arrayContaining([
        'blocks(section).tone',
        'blocks(section).buttons.style',
        'blocks(cards).columns',
      ]),
    )
    const isNeutral = (p: string) =>
      neutral.some((n) => p === n || p.startsWith(`${n}.`) || p.startsWith(`${n}[]`))
    expect(english.filter(isNeutral)).toEqual([])
    // And every field of words is there.
    expect(english).toEqual([...all.keys()].filter((p) => !isNeutral(p)))
    expect(field(blockType(entry('home-en'), 'section')?.fields, 'heading')).toBeDefined()
    expect(field(blockType(entry('home-en'), 'section')?.fields, 'tone')).toBeUndefined()
  })

  it("the news page has no articles field: news.yaml's own entry edits them", () => {
    const news = files(dev).find((f) => field(f.fields, NEWS_DATA.key))
    expect(news, 'the dev news page carries the articles').toBeDefined()
    for (const lang of ['fr', 'en'])
      expect(field(entry(`${news?.name}-${lang}`).fields, NEWS_DATA.key)).toBeUndefined()
    const settings = fileCollections(git).find((c) => c.name === 'settings')
    expect(settings?.files.find((f) => f.file === NEWS_DATA.file)).toBeDefined()
  })

  it('the settings files are the dev ones, less their i18n (they had none)', () => {
    const settings = (c: DecapConfig) => fileCollections(c).find((col) => col.name === 'settings')
    expect(settings(git)?.files).toEqual(settings(dev)?.files)
  })

  it('gives each collection the sort options Decap infers for a git host (commit date, author)', () => {
    // A file collection has no fields of its own: Decap would infer these, converting each
    // collection to Immutable at every start (config.ts fileCollectionSort); the dev proxy none.
    for (const c of fileCollections(git))
      expect(c.sortable_fields, c.name).toEqual(['commit_date', 'commit_author'])
    for (const c of fileCollections(dev)) expect(c.sortable_fields, c.name).toEqual([])
  })
})

describe('the dev configuration stays as it was', () => {
  it('is the input of the transform, which it does not change', () => {
    const before = structuredClone(dev)
    const transformed = gitBackendConfig({ ...dev, backend })
    expect(dev).toEqual(before)
    expect(transformed).toEqual(git)
  })

  it('keeps its single_file entries, which only the dev endpoint maps', () => {
    expect(dev.backend).toEqual({ name: 'proxy', proxy_url: '/api/cms' })
    expect(dev.i18n).toEqual({
      structure: 'single_file',
      locales: ['fr', 'en'],
      default_locale: 'fr',
    })
    expect(files(dev).find((f) => f.name === 'news')).toMatchObject({
      file: `${PAGE_ENTRY_FOLDER}/news.yaml`,
      i18n: true,
    })
    expect(dev.collections.find((c) => c.name === 'menu')).toMatchObject({
      folder: `${PAGE_ENTRY_FOLDER}/menu`,
      i18n: true,
    })
    expect(dev.site_pages?.[`${PAGE_ENTRY_FOLDER}/menu`]?.map((p) => p.id)).toContain('home')
    expect(git.site_pages).toBeUndefined()
    expect(files(dev).find((f) => f.name === 'strings')?.file).toBe(STRINGS_ENTRY)
  })
})

describe('what only the dev endpoint can save', () => {
  it('the folder collection of new pages is left out (its save writes five files)', () => {
    expect(dev.collections.some((c) => !Array.isArray(c.files))).toBe(true)
    expect(git.collections.every((c) => Array.isArray(c.files))).toBe(true)
  })
})

describe('the hosts the editor runs its own backend over', () => {
  it.each(['github', 'gitea', 'gitlab'])(
    '%s gets the dev configuration, bilingual entries and all, but for its backend and sort',
    (name) => {
      const own = cmsConfig(repo, { backend: { name, repo: 'acme/site', branch: 'main' } })
      expect(own.backend).toEqual({ name, repo: 'acme/site', branch: 'main' })
      // The sort options Decap infers for a git host's file collections (fileCollectionSort).
      const devSort = (c: DecapConfig) => ({
        ...c,
        backend: dev.backend,
        collections: c.collections.map((col) =>
          col.sortable_fields
            ? { ...col, sortable_fields: col.sortable_fields.filter((f) => f === 'title') }
            : col,
        ),
      })
      expect(devSort(own)).toEqual(dev)
      for (const col of fileCollections(own))
        expect(col.sortable_fields).toEqual(['commit_date', 'commit_author'])
    },
  )
})
