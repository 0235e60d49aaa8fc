// The content check (what `npm run validate` runs): every file of a content source (source.ts)
// parsed with its positions, validated against its schema, indexed, and checked across files.
// Pure: the files come from the source, the schemas and what the templates need from the rules
// (both made at the edge: load.ts on the disk); the result is the content and every problem.
import type {
  I18nResources,
  PageContent,
  RouteTable,
  SiteData,
  SiteSettings,
} from '../../content.ts'
import { documentsOf } from '../../lib/documents.ts'
import { formatValue } from '../../lib/format.ts'
import { LANGS, type Lang, otherLang } from '../../lib/languages.ts'
import { retypedBlocks } from './blockTypes.ts'
import {
  anchorsOf,
  checkFrameLabels,
  checkLink,
  checkMenuLabels,
  checkNamedLabels,
  checkRoutePaths,
  checkTableLabels,
  checkTextLinks,
  type LinkContext,
  langName,
  langNameFr,
  sitePaths,
} from './checks.ts'
import { checkDocumentLinksInText } from './documentKeywords.ts'
import { checkImagePaths, imagePathsOf, withImagePaths } from './imageSlots.ts'
import { neutralPage, ownedByOther, type SchemaSet, SOURCE_LANG } from './neutral.ts'
import { checkNewsWords } from './newsChecks.ts'
import { type ContentProblem, keyPath, type Text, worded } from './problems.ts'
import { type RouteFileGaps, routeFileProblems } from './routeFiles.ts'
import { type ContentSource, yamlFilesIn } from './source.ts'
import { compareStructure } from './structure.ts'
import { checkTemplateKeys, checkTemplatePages, type TemplateNeeds } from './templateNeeds.ts'
import { RECORD_FOLDERS, RECORD_SCHEMA } from './translationRecords.ts'
import type { CrossFileContext, Validator } from './validator.ts'
import { parseYaml, type YamlFile } from './yamlFile.ts'

export { LANGS, type Lang }

export type Facts = Record<string, Record<string, number | string>>

/** Everything the templates render, validated. */
export type SiteContent = {
  routes: RouteTable
  site: SiteSettings
  i18n: Record<Lang, I18nResources>
  facts: Facts
  /** content/data/<name>.yaml, by name (validated: a file that is absent is absent here too). */
  data: SiteData
  /** pages[lang][pageId] */
  pages: Record<Lang, Record<string, PageContent>>
}

/** What the check takes from the code, not the content (ARCHITECTURE.md, "The check's inputs"). */
export type CheckRules = {
  /** The schemas, compiled, checking against this run's cross-file context. */
  validator: (ctx: CrossFileContext) => Validator
  /** The schema files, parsed: the language-neutral keys, which data files have a schema. */
  schemas: SchemaSet
  /** The UI strings and pages the templates name. */
  needs: TemplateNeeds
}

export type CheckResult = { content: Partial<SiteContent>; problems: ContentProblem[] }

/** `routes.yaml` -> `routes`. */
const basename = (name: string) => name.replace(/\.yaml$/, '')

/**
 * Validates and indexes every content file of `source` against `rules`: a pure function of the
 * two (parsing is cached per file text by parseYaml). Returns what could be read and every
 * problem of every file at once, each once, at the offending value.
 */
export function checkContent(source: ContentSource, rules: CheckRules): CheckResult {
  const problems: ContentProblem[] = []
  // A file with a syntax error is reported once; what depends on it is not checked (no cascade).
  const unreadable = new Set<string>()
  const read = (path: string, name: string): YamlFile | undefined => {
    const text = source.content.get(path)
    if (text === undefined) return undefined
    const r = parseYaml(path, text)
    problems.push(...r.problems)
    if (r.yaml.value === undefined) {
      unreadable.add(name)
      return undefined
    }
    return r.yaml
  }
  const missing = (file: string, text: Text) =>
    problems.push({ file, line: 1, col: 1, key: '(file)', ...worded(text) })
  const readRequired = (rel: string, name: string) => {
    const y = read(`content/${rel}`, name)
    if (!y && !unreadable.has(name))
      missing(`content/${rel}`, {
        en: `file is missing: expected content/${rel}`,
        fr: `fichier manquant : content/${rel} est attendu`,
      })
    return y
  }

  const routesFile = readRequired('routes.yaml', 'routes')
  const routeList = (routesFile?.value as { routes?: { id?: unknown }[] } | undefined)?.routes
  const pageFileNames = (lang: Lang) => yamlFilesIn(source, `content/${lang}`)
  // Without a readable route table, the pages are the files (and links to pages are not judged).
  const routesKnown = Array.isArray(routeList)
  const pageIds = new Set(
    routesKnown
      ? routeList.map((r) => String(r?.id))
      : LANGS.flatMap((l) => pageFileNames(l).map(basename)),
  )
  if (!routesKnown) unreadable.add('routes')

  // content/data: every file is validated by schemas/data/<name>.schema.json.
  const dataYaml = new Map<string, YamlFile>()
  for (const f of yamlFilesIn(source, 'content/data')) {
    const name = basename(f)
    const y = read(`content/data/${f}`, name)
    if (y) dataYaml.set(name, y)
  }
  const data: Record<string, unknown> = {}
  const dataIds = new Map<string, Set<string>>()
  for (const [name, y] of dataYaml) {
    data[name] = y.value
    if (y.value && typeof y.value === 'object')
      for (const [key, v] of Object.entries(y.value as Record<string, unknown>))
        if (Array.isArray(v)) {
          const ids = v.map((item) => (item as { id?: unknown })?.id)
          dataIds.set(`${name}.${key}`, new Set(ids.map((id) => String(id ?? ''))))
          // A duplicate id (reported by the schema) is most often an entry whose id was changed
          // by mistake: the references to its old id are not reported as unknown besides.
          const given = ids.filter((id) => id !== undefined)
          if (new Set(given).size < given.length) unreadable.add(`${name}.${key}`)
        }
  }
  const facts = (data.facts ?? {}) as Facts

  const siteFile = readRequired('site.yaml', 'site')
  const i18n = {} as Record<Lang, I18nResources>
  const i18nFiles = {} as Record<Lang, YamlFile | undefined>
  for (const lang of LANGS) {
    const y = readRequired(`i18n/${lang}.yaml`, `i18n/${lang}`)
    i18nFiles[lang] = y
    i18n[lang] = (y?.value ?? {}) as I18nResources
  }

  // Page files: one per route and language, none without a route (routeFiles.ts).
  const pageFiles = { fr: new Map(), en: new Map() } as Record<Lang, Map<string, YamlFile>>
  const gaps: RouteFileGaps = { unrouted: new Map(), lacking: new Map() }
  for (const lang of LANGS) {
    if (routesKnown)
      for (const f of pageFileNames(lang)) {
        const id = basename(f)
        if (!pageIds.has(id))
          gaps.unrouted.set(id, [...(gaps.unrouted.get(id) ?? []), `content/${lang}/${f}`])
      }
    for (const [i, id] of [...pageIds].entries()) {
      const path = `content/${lang}/${id}.yaml`
      if (!source.content.has(path)) {
        if (!routesKnown) continue
        const lacking = gaps.lacking.get(id) ?? { index: i, langs: [] }
        gaps.lacking.set(id, { ...lacking, langs: [...lacking.langs, lang] })
        continue
      }
      const y = read(path, `${lang}/${id}`)
      if (y) pageFiles[lang].set(id, y)
    }
  }
  problems.push(...routeFileProblems(gaps, routesFile, LANGS))
  // What names a page that has files but no route is not reported besides.
  const knownPages = new Set([...pageIds, ...gaps.unrouted.keys()])

  // d5-neutral: the other languages' pages get the French file's neutral settings (neutral.ts);
  // what the French file owns is validated there only.
  const ownedKeys = new Map<YamlFile, Set<string>>()
  for (const lang of LANGS)
    if (lang !== SOURCE_LANG)
      for (const [id, y] of pageFiles[lang]) {
        const french = pageFiles[SOURCE_LANG].get(id)
        if (!french) {
          // The French file has a syntax error (reported there): the neutral settings it would
          // give are not missing here. The English file's own problems still are reported.
          if (unreadable.has(`${SOURCE_LANG}/${id}`))
            ownedKeys.set(y, neutralPage(rules.schemas, y, y).owned)
          continue
        }
        const merged = neutralPage(rules.schemas, french, y)
        pageFiles[lang].set(id, merged.yaml)
        ownedKeys.set(merged.yaml, merged.owned)
        problems.push(...merged.problems)
      }

  // Indexes the checks share: anchors per language and page, every site path.
  const anchors = { fr: new Map(), en: new Map() } as Record<Lang, Map<string, Set<string>>>
  for (const lang of LANGS)
    for (const [id, y] of pageFiles[lang]) {
      const found = anchorsOf(y)
      anchors[lang].set(id, found.anchors)
      problems.push(...found.problems)
    }
  const paths = sitePaths(routesFile?.value, LANGS)
  const linkContext = (lang: Lang, pageId?: string): LinkContext => ({
    pageIds: knownPages,
    anchors: anchors[lang],
    paths,
    public: source.public,
    pageId,
  })
  let current = linkContext('fr')
  const linkCheck = (link: string) =>
    unreadable.has('routes') && /^(page:|\/|#)/.test(link) ? undefined : checkLink(link, current)

  const validator = rules.validator({
    public: source.public,
    pageIds: knownPages,
    dataIds,
    facts,
    unreadable,
    checkLink: linkCheck,
    linkTargets: { anchors, paths },
    documents: documentsOf(data), // a2-writeonce
  })
  const check = (schema: string, y: YamlFile | undefined) => {
    if (y) problems.push(...validator.validate(schema, y))
  }
  check('routes.schema.json', routesFile)
  for (const [name, y] of dataYaml) {
    const schema = name === 'facts' ? 'facts.schema.json' : `data/${name}.schema.json`
    if (!rules.schemas.files.has(schema))
      missing(y.file, {
        en: `no schema for this data file: expected schemas/${schema}`,
        fr: `aucun schéma pour ce fichier de données : schemas/${schema} est attendu`,
      })
    else check(schema, y)
    problems.push(...checkTextLinks(y, linkCheck))
  }
  check('site.schema.json', siteFile)
  if (siteFile) problems.push(...checkTextLinks(siteFile, linkCheck))
  for (const lang of LANGS) check('i18n.schema.json', i18nFiles[lang])
  // The translation records (translations.ts): a malformed one is a problem at its line; what
  // their entries name is never checked (an entry of a removed value is dropped by the next write).
  for (const folder of RECORD_FOLDERS)
    for (const f of yamlFilesIn(source, folder))
      check(
        RECORD_SCHEMA,
        read(`${folder}/${f}`, `${folder.slice('content/'.length)}/${basename(f)}`),
      )
  problems.push(...compareKeys(i18nFiles))
  const { needs } = rules
  problems.push(
    ...checkTemplateKeys(
      LANGS.map((lang) => i18nFiles[lang]),
      needs.strings,
    ),
  )

  const pages = { fr: {}, en: {} } as Record<Lang, Record<string, PageContent>>
  const imagePaths = imagePathsOf(dataYaml.get('images')?.value)
  const pageYaml: { lang: Lang; id: string; yaml: YamlFile }[] = [] // a2-writeonce: for checkNewsWords
  for (const lang of LANGS)
    for (const [id, y] of pageFiles[lang]) {
      current = linkContext(lang, id)
      const owned = ownedKeys.get(y)
      if (owned)
        problems.push(
          ...validator.validate('page.schema.json', y).filter((p) => !ownedByOther(owned, p.key)),
        )
      else check('page.schema.json', y)
      // The links, facts and documents a page names: what they read is the validator's
      // cross-file context, so their problems are kept as long as its validation's.
      problems.push(
        ...validator.kept('page references', y, () => [
          ...checkTextLinks(y, linkCheck),
          ...(unreadable.has('facts') ? [] : checkFactRefs(y, facts)),
          // a2-writeonce: [label](doc:<id>) in running text.
          ...checkDocumentLinksInText(y, { public: source.public, documents: documentsOf(data) }),
        ]),
      )
      pageYaml.push({ lang, id, yaml: y })
      // d1-images: each image's path, written once in content/data/images.yaml, beside its alt.
      const naming = lang === 'fr' ? undefined : pageFiles.fr.get(id)?.value
      pages[lang][id] = withImagePaths(y.value as PageContent, imagePaths[id], naming)
    }
  problems.push(...checkNewsWords(dataYaml.get('news'), pageYaml)) // a2-writeonce
  if (!unreadable.has('images'))
    problems.push(...checkImagePaths(dataYaml.get('images'), pageYaml, knownPages)) // d1-images

  if (routesFile && routesKnown) {
    problems.push(...checkRoutePaths(routesFile, LANGS))
    problems.push(...checkMenuLabels(routesFile, i18nFiles, LANGS, pageIds))
    problems.push(...checkFrameLabels(routesFile, i18nFiles, LANGS))
    problems.push(...checkTemplatePages(routesFile, pageIds, needs.pages))
  }
  problems.push(...checkTableLabels(dataYaml, i18nFiles, LANGS))
  problems.push(...checkNamedLabels(siteFile, dataYaml.get('news'), i18nFiles, LANGS))

  // A block given another type in one file: one message at its type, not one per key (blockTypes.ts).
  for (const [id, fr] of pageFiles.fr) {
    const en = pageFiles.en.get(id)
    if (!en) continue
    const { drop, add } = retypedBlocks(fr, en, problems)
    if (!add.length) continue
    const kept = problems.filter((p) => !drop.has(p))
    problems.splice(0, problems.length, ...kept, ...add)
  }

  // FR/EN structure last: a gap already reported at the same place (a required key) is not repeated.
  // Compared by line: the gap and the other problem are one mistake (a wrong block type, an
  // extra image whose file is missing...).
  const taken = new Set(problems.map((p) => `${p.file}:${p.line}`))
  // A key missing where the schema found an unknown one is most often that key, misspelt.
  const misspelt = new Set(
    problems
      .filter((q) => q.message.startsWith('unknown key ('))
      .map((q) => `${q.file}\0${parentKey(q.key)}`),
  )
  for (const [id, fr] of pageFiles.fr) {
    const en = pageFiles.en.get(id)
    if (!en) continue
    for (const { source, itemId, missingKey, ...p } of compareStructure(fr, en)) {
      const where = `${p.file}:${p.line}`
      if (taken.has(where) || taken.has(`${source.file}:${source.line}`)) continue
      // An item another check already names (a news article without its words) is one mistake.
      if (itemId && problems.some((q) => q.message.includes(`"${itemId}"`))) continue
      if (missingKey && misspelt.has(`${p.file}\0${p.key}`)) continue
      taken.add(where)
      problems.push(p)
    }
  }

  return {
    content: {
      routes: routesFile?.value as RouteTable,
      site: siteFile?.value as SiteSettings,
      i18n,
      facts,
      data: data as Partial<SiteData> as SiteData,
      pages,
    },
    problems,
  }
}

/** The key path of the mapping holding `key`: `blocks[2]` for `blocks[2].headline`. */
function parentKey(key: string): string {
  const cut = key.lastIndexOf('.')
  return cut < 0 ? '(document)' : key.slice(0, cut)
}

/** Every UI key must exist in both languages. */
function compareKeys(files: Record<Lang, YamlFile | undefined>): ContentProblem[] {
  const out: ContentProblem[] = []
  const flat = (v: unknown, prefix: string[] = []): string[][] =>
    v && typeof v === 'object'
      ? Object.entries(v as Record<string, unknown>).flatMap(([k, x]) => flat(x, [...prefix, k]))
      : [prefix]
  for (const lang of LANGS) {
    const other = otherLang(lang)
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
        ...worded({
          en: `UI string has no ${langName(other)} translation: add it to content/i18n/${other}.yaml`,
          fr: `texte d'interface sans traduction en ${langNameFr(other)} : ajoutez-le à content/i18n/${other}.yaml`,
        }),
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
            ...worded({
              en: `unknown fact {{${m[1]}}}: add it to content/data/facts.yaml`,
              fr: `chiffre {{${m[1]}}} inconnu : ajoutez-le à content/data/facts.yaml`,
            }),
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
