import { existsSync, readdirSync } from 'node:fs'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type {
  I18nResources,
  PageContent,
  RouteTable,
  SiteSettings,
} from '../../../templates/content.ts'
import { documentsOf } from '../../../templates/lib/documents.ts'
import { formatValue } from '../../../templates/lib/format.ts'
import { checkDocumentLinksInText } from './documentKeywords.ts'
import { checkImageDrift } from './imageDrift.ts'
import { checkNewsWords } from './newsChecks.ts'
import { ContentError, type ContentProblem, keyPath } from './problems.ts'
import { createValidator } from './validator.ts'
import { readYamlFile, type YamlFile } from './yamlFile.ts'

export const LANGS = ['fr', 'en'] as const
export type Lang = (typeof LANGS)[number]

export type Facts = Record<string, Record<string, number | string>>

/** Everything the templates render, validated. */
export type SiteContent = {
  routes: RouteTable
  site: SiteSettings
  i18n: Record<Lang, I18nResources>
  facts: Facts
  /** content/data/<name>.yaml, by name. */
  data: Record<string, unknown>
  /** pages[lang][pageId] */
  pages: Record<Lang, Record<string, PageContent>>
}

export type ContentDirs = { root: string; content: string; schemas: string; public: string }

/** This repository's schemas/: a content tree without its own (test fixtures) uses them. */
const REPO_SCHEMAS = fileURLToPath(new URL('../../../schemas', import.meta.url))

export function projectDirs(root: string): ContentDirs {
  const schemas = join(root, 'schemas')
  return {
    root,
    content: join(root, 'content'),
    schemas: existsSync(schemas) ? schemas : REPO_SCHEMAS,
    public: join(root, 'public'),
  }
}

/**
 * Reads and validates every content file; returns the content or throws a ContentError that
 * lists every problem of every file at once.
 */
export function loadContent(dirs: ContentDirs): SiteContent {
  const { content, problems } = collectContent(dirs)
  if (problems.length) throw new ContentError(problems)
  return content as SiteContent
}

export function collectContent(dirs: ContentDirs): {
  content: Partial<SiteContent>
  problems: ContentProblem[]
} {
  const problems: ContentProblem[] = []
  const read = (path: string): YamlFile | undefined => {
    if (!existsSync(path)) return undefined
    const r = readYamlFile(path, dirs.root)
    problems.push(...r.problems)
    return r.problems.some((p) => p.message.startsWith('YAML') || p.message.startsWith('duplicate'))
      ? undefined
      : r.yaml
  }
  const missing = (file: string, message: string) =>
    problems.push({ file, line: 1, col: 1, key: '(file)', message })

  const routesFile = read(join(dirs.content, 'routes.yaml'))
  if (!routesFile) missing('content/routes.yaml', 'file is missing or unreadable')
  const routeList = ((routesFile?.value as { routes?: { id?: unknown }[] } | undefined)?.routes ??
    []) as { id?: unknown }[]
  const pageIds = new Set(routeList.map((r) => String(r.id)))

  // content/data: every file is validated by schemas/data/<name>.schema.json.
  const dataDir = join(dirs.content, 'data')
  const dataFiles = existsSync(dataDir)
    ? readdirSync(dataDir).filter((f) => f.endsWith('.yaml'))
    : []
  const dataYaml = new Map<string, YamlFile>()
  for (const f of dataFiles) {
    const y = read(join(dataDir, f))
    if (y) dataYaml.set(basename(f, '.yaml'), y)
  }
  const data: Record<string, unknown> = {}
  const dataIds = new Map<string, Set<string>>()
  for (const [name, y] of dataYaml) {
    data[name] = y.value
    if (y.value && typeof y.value === 'object')
      for (const [key, v] of Object.entries(y.value as Record<string, unknown>))
        if (Array.isArray(v))
          dataIds.set(
            `${name}.${key}`,
            new Set(v.map((item) => String((item as { id?: unknown })?.id ?? ''))),
          )
  }
  const facts = (data.facts ?? {}) as Facts

  const validator = createValidator(dirs.schemas, {
    publicDir: dirs.public,
    pageIds,
    dataIds,
    facts,
    documents: documentsOf(data), // a2-writeonce
  })
  const check = (schema: string, y: YamlFile | undefined) => {
    if (y) problems.push(...validator.validate(schema, y))
  }
  check('routes.schema.json', routesFile)
  for (const [name, y] of dataYaml) {
    const schema = name === 'facts' ? 'facts.schema.json' : `data/${name}.schema.json`
    if (!existsSync(join(dirs.schemas, schema)))
      missing(y.file, `no schema for this data file: expected schemas/${schema}`)
    else check(schema, y)
  }
  const siteFile = read(join(dirs.content, 'site.yaml'))
  if (!siteFile) missing('content/site.yaml', 'file is missing or unreadable')
  check('site.schema.json', siteFile)

  const i18n = {} as Record<Lang, I18nResources>
  const i18nFiles = {} as Record<Lang, YamlFile | undefined>
  for (const lang of LANGS) {
    const y = read(join(dirs.content, 'i18n', `${lang}.yaml`))
    if (!y) missing(`content/i18n/${lang}.yaml`, 'file is missing or unreadable')
    check('i18n.schema.json', y)
    i18nFiles[lang] = y
    i18n[lang] = (y?.value ?? {}) as I18nResources
  }
  problems.push(...compareKeys(i18nFiles))

  const pages = { fr: {}, en: {} } as Record<Lang, Record<string, PageContent>>
  const pageYaml: { lang: Lang; yaml: YamlFile }[] = [] // a2-writeonce: for checkNewsWords
  for (const lang of LANGS) {
    const dir = join(dirs.content, lang)
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.yaml')) : []
    for (const f of files) {
      const id = basename(f, '.yaml')
      if (!pageIds.has(id)) {
        missing(
          `content/${lang}/${f}`,
          `no route for page id "${id}": add it to content/routes.yaml or remove the file`,
        )
      }
    }
    for (const [i, id] of [...pageIds].entries()) {
      const path = join(dir, `${id}.yaml`)
      if (!existsSync(path)) {
        const pos = routesFile?.positionOf(['routes', i, 'id']) ?? { line: 1, col: 1 }
        problems.push({
          file: 'content/routes.yaml',
          ...pos,
          key: `routes[${i}].id`,
          message: `page "${id}" has no ${lang === 'fr' ? 'French' : 'English'} content: expected content/${lang}/${id}.yaml`,
        })
        continue
      }
      const y = read(path)
      check('page.schema.json', y)
      if (y) {
        problems.push(...checkFactRefs(y, facts))
        // a2-writeonce: [label](doc:<id>) in running text.
        pageYaml.push({ lang, yaml: y })
        problems.push(
          ...checkDocumentLinksInText(y, { publicDir: dirs.public, documents: documentsOf(data) }),
        )
        pages[lang][id] = y.value as PageContent
      }
    }
  }

  problems.push(...checkNewsWords(dataYaml.get('news'), pageYaml)) // a2-writeonce
  problems.push(...checkImageDrift(pageYaml, dirs.public)) // a2-writeonce

  return {
    content: {
      routes: routesFile?.value as RouteTable,
      site: siteFile?.value as SiteSettings,
      i18n,
      facts,
      data,
      pages,
    },
    problems,
  }
}

/** Every UI key must exist in both languages. */
function compareKeys(files: Record<Lang, YamlFile | undefined>): ContentProblem[] {
  const out: ContentProblem[] = []
  const flat = (v: unknown, prefix: string[] = []): string[][] =>
    v && typeof v === 'object'
      ? Object.entries(v as Record<string, unknown>).flatMap(([k, x]) => flat(x, [...prefix, k]))
      : [prefix]
  for (const lang of LANGS) {
    const other = lang === 'fr' ? 'en' : 'fr'
    const mine = files[lang]
    const theirs = files[other]
    if (!mine || !theirs) continue
    const theirKeys = new Set(flat(theirs.value).map((p) => p.join('.')))
    for (const path of flat(mine.value)) {
      if (theirKeys.has(path.join('.'))) continue
      out.push({
        file: mine.file,
        ...mine.positionOf(path, true),
        key: path.join('.'),
        message: `UI string has no ${other === 'fr' ? 'French' : 'English'} translation in content/i18n/${other}.yaml`,
      })
    }
  }
  return out
}

const FACT_REF = /\{\{\s*([^}]*?)\s*\}\}/g

/** Every {{group.name}} quoted in a page must exist in content/data/facts.yaml. */
function checkFactRefs(y: YamlFile, facts: Facts): ContentProblem[] {
  const out: ContentProblem[] = []
  const walk = (v: unknown, path: (string | number)[]) => {
    if (typeof v === 'string') {
      for (const m of v.matchAll(FACT_REF)) {
        if (lookupFact(facts, m[1] ?? '') === undefined)
          out.push({
            file: y.file,
            ...y.positionOf(path),
            key: keyPath(path),
            message: `unknown fact {{${m[1]}}}: add it to content/data/facts.yaml`,
          })
      }
    } else if (Array.isArray(v)) {
      for (const [i, x] of v.entries()) walk(x, [...path, i])
    } else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) walk(x, [...path, k])
  }
  walk(y.value, [])
  return out
}

export function lookupFact(facts: Facts, path: string): number | string | undefined {
  const [group, name] = path.split('.')
  return facts[group ?? '']?.[name ?? '']
}

/** Replaces {{group.name}} with the fact, numbers formatted for the language. */
export function fillFacts(text: string, facts: Facts, lang: Lang): string {
  return text.replace(FACT_REF, (_, path: string) => {
    const v = lookupFact(facts, path)
    return typeof v === 'number' ? formatValue(v, lang) : String(v ?? '')
  })
}
