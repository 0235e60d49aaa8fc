// Language-neutral block settings are written once, in the French page file; the English page
// gets them from there (templates/core/content/neutral.ts). The schemas say which keys are neutral.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { readYamlFile } from '../../scripts/lib/content/diskSource.ts'
import { collectContent, projectDirs } from '../../scripts/lib/content/load.ts'
import { readSchemaSet } from '../../scripts/lib/content/schemasDisk.ts'
import { isNeutral, mergeNeutral } from '../../templates/core/content/neutral.ts'
import type { YamlFile } from '../../templates/core/content/yamlFile.ts'
import type { Json } from '../../templates/lib/isObject.ts'
import { SOURCE_LANG } from '../../templates/lib/languages.ts'
import { removeTree, repo, treeFrom } from './fixtureTree.ts'

const schemas = readSchemaSet(join(repo, 'schemas'))

/** Every property of every schema: file, dotted path, the property's schema. */
function properties(): { file: string; path: string; key: string; node: Json }[] {
  const out: { file: string; path: string; key: string; node: Json }[] = []
  const walk = (node: unknown, path: string, file: string) => {
    if (!node || typeof node !== 'object') return
    const n = node as Json
    for (const [key, child] of Object.entries((n.properties as Json | undefined) ?? {})) {
      out.push({ file, path: `${path}${key}`, key, node: child as Json })
      walk(child, `${path}${key}.`, file)
    }
    if (n.items) walk(n.items, `${path}[].`, file)
    for (const [name, def] of Object.entries((n.$defs as Json | undefined) ?? {}))
      walk(def, `$defs.${name}.`, file)
  }
  for (const [file, schema] of schemas.files) walk(schema, '', file)
  return out
}

const neutral = () => properties().filter((p) => isNeutral(schemas, { node: p.node, file: p.file }))

describe('which settings are neutral: the schemas say it, once', () => {
  it('every x-neutral key is a value, not words: an enum, a number, a boolean, a code or a data reference', () => {
    const found = neutral()
    expect(found.length).toBeGreaterThan(20)
    for (const { file, path, node } of found) {
      const resolved = schemas.resolve({ node, file }).node
      const kind =
        Array.isArray(resolved.enum) ||
        ['number', 'integer', 'boolean'].includes(String(resolved.type)) ||
        ['x-data', 'x-fact', 'x-page'].some((k) => k in resolved) ||
        (Array.isArray(resolved.anyOf) && resolved.anyOf.every((o) => 'x-data' in (o as Json))) ||
        (resolved.type === 'string' && typeof resolved.pattern === 'string') ||
        (resolved.type === 'array' && Array.isArray((resolved.items as Json | undefined)?.enum))
      expect(kind, `${file} ${path}`).toBe(true)
      expect(String(resolved.$ref ?? ''), `${file} ${path}`).not.toMatch(/text|richText|href/)
    }
  })

  it('ids, types, links and image words are left to each language', () => {
    for (const { file, path, key } of neutral())
      expect(['id', 'type', 'href', 'alt', 'label', 'text'], `${file} ${path}`).not.toContain(key)
  })

  it('pins the neutral keys (a new one is a visible decision)', () => {
    expect([...new Set(neutral().map((p) => p.key))].sort()).toEqual([
      'address',
      'autoplay',
      'code',
      'columns',
      'contact',
      'count',
      'download',
      'fact',
      'follow',
      'group',
      'imageSide',
      'layout',
      'limit',
      'logos',
      'numbered',
      'openFirst',
      'page',
      'perView',
      'policy',
      'sheet',
      'style',
      'table',
      'tone',
      'variant',
    ])
  })
})

describe('the English pages get them from the French files', () => {
  it('no English page file writes one, and each English page has the French values', () => {
    const dirs = projectDirs(repo)
    const { content, problems } = collectContent(dirs)
    expect(problems).toEqual([])
    const fr = readYamlFile(join(dirs.content, 'fr', 'home.yaml'), repo).yaml.value as {
      blocks: Json[]
    }
    const en = content.pages?.en.home as unknown as { blocks: Json[] }
    const raw = readFileSync(join(dirs.content, 'en', 'home.yaml'), 'utf8')
    // The certifications carousel: perView and tone come from the French file only.
    const i = fr.blocks.findIndex((b) => b.id === 'certifications')
    expect(fr.blocks[i]).toMatchObject({ logos: 'certificates', perView: 3, tone: 'muted' })
    expect(en.blocks[i]).toMatchObject({ logos: 'certificates', perView: 3, tone: 'muted' })
    expect(raw).not.toMatch(/^\s+(perView|tone|logos):/m)
    expect(SOURCE_LANG).toBe('fr')
  })
})

describe('pairing, as the structure check pairs', () => {
  const file = (name: string, value: unknown): YamlFile => ({
    file: name,
    value,
    positionOf: (path) => ({ line: path.length, col: 1 }),
  })
  const fr = file('content/fr/x.yaml', {
    blocks: [
      {
        type: 'section',
        id: 'a',
        tone: 'muted',
        heading: 'A',
        buttons: [{ label: 'L', href: '/', style: 'secondary' }],
      },
      {
        type: 'salesContacts',
        columns: 3,
        items: [
          { id: 'one', contact: 'p1', role: 'Un' },
          { id: 'two', contact: 'p2', role: 'Deux' },
        ],
      },
    ],
  })

  it('blocks by id (a translated id by place), list items by id (whatever their order), buttons by position', () => {
    const en = file('content/en/x.yaml', {
      blocks: [
        { type: 'section', id: 'a-en', heading: 'A', buttons: [{ label: 'L', href: '/en' }] },
        {
          type: 'salesContacts',
          items: [
            { id: 'two', role: 'Two' },
            { id: 'one', role: 'One' },
          ],
        },
      ],
    })
    const { yaml, problems } = mergeNeutral(schemas, fr, en)
    expect(problems).toEqual([])
    expect(yaml.value).toEqual({
      blocks: [
        {
          type: 'section',
          id: 'a-en',
          tone: 'muted',
          heading: 'A',
          buttons: [{ label: 'L', href: '/en', style: 'secondary' }],
        },
        {
          type: 'salesContacts',
          columns: 3,
          items: [
            { id: 'two', contact: 'p2', role: 'Two' },
            { id: 'one', contact: 'p1', role: 'One' },
          ],
        },
      ],
    })
  })

  it('a block added to the French file only: each English block still takes its own French settings', () => {
    const added = file('content/fr/x.yaml', {
      blocks: [
        { type: 'section', id: 'new', tone: 'plain', heading: 'Nouveau' },
        { type: 'section', id: 'a', tone: 'muted', heading: 'A' },
        { type: 'section', id: 'b', imageSide: 'left', heading: 'B' },
      ],
    })
    const en = file('content/en/x.yaml', {
      blocks: [
        { type: 'section', id: 'a', heading: 'A' },
        { type: 'section', id: 'b', heading: 'B' },
      ],
    })
    expect(mergeNeutral(schemas, added, en).yaml.value).toEqual({
      blocks: [
        { type: 'section', id: 'a', tone: 'muted', heading: 'A' },
        { type: 'section', id: 'b', imageSide: 'left', heading: 'B' },
      ],
    })
  })

  it('a block of another type takes nothing (the structure check reports it)', () => {
    const en = file('content/en/x.yaml', { blocks: [{ type: 'cards', items: [] }] })
    expect(mergeNeutral(schemas, fr, en).yaml.value).toEqual({
      blocks: [{ type: 'cards', items: [] }],
    })
  })
})

describe("VS Code's schema for English page files (schemas/page.en.json, generated)", () => {
  // As the YAML language server reads it: plain JSON Schema, the project's x- keywords unknown.
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  const validate = ajv.compile(JSON.parse(readFileSync(join(repo, 'schemas/page.en.json'), 'utf8')))
  const en = (f: string) => readFileSync(join(repo, 'content/en', f), 'utf8')

  it('accepts every English page file as it is (no neutral setting asked for)', () => {
    for (const f of readdirSync(join(repo, 'content/en'))) {
      expect(en(f).split('\n')[0], f).toBe(
        '# yaml-language-server: $schema=../../schemas/page.en.json',
      )
      expect(validate(parse(en(f))), `${f}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(
        true,
      )
    }
  })

  it('flags a neutral setting written in an English file', () => {
    const page = parse(en('services.yaml'))
    page.blocks[1].columns = 2
    expect(validate(page)).toBe(false)
    expect(validate.errors?.some((e) => e.instancePath === '/blocks/1/columns')).toBe(true)
  })
})

describe('live dev: an edit of a French setting reaches the English page', () => {
  const dir = treeFrom('real')
  const previous = process.env.SITE_ROOT
  afterAll(() => {
    if (previous === undefined) delete process.env.SITE_ROOT
    else process.env.SITE_ROOT = previous
    removeTree(dir)
  })

  it('re-reading after the French file changed gives the English page the new value', async () => {
    process.env.SITE_ROOT = dir
    const model = await import('../../scripts/lib/content/model.ts')
    model.keepValidations()
    model.invalidateContent()
    const columns = () => {
      const page = model.getContent().pages.en.services as unknown as { blocks: Json[] }
      return page.blocks.find((b) => b.type === 'cards')?.columns
    }
    expect(columns()).toBe(2)
    const file = join(dir, 'content', 'fr', 'services.yaml')
    writeFileSync(file, readFileSync(file, 'utf8').replace('    columns: 2\n', '    columns: 4\n'))
    model.invalidateContent([file])
    expect(columns()).toBe(4)
    // A mistake in the English file after that is caught on the next read too.
    const en = join(dir, 'content', 'en', 'services.yaml')
    writeFileSync(
      en,
      readFileSync(en, 'utf8').replace(
        '    heading: "Our services"\n',
        '    heading: "Our services"\n    columns: 3\n',
      ),
    )
    model.invalidateContent([en])
    expect(model.contentState().problems.map((p) => p.message)).toEqual([
      'columns is set once, in content/fr/services.yaml (line 16); remove it here',
    ])
  })
})
