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
import { isObject } from '../../lib/isObject.ts'
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

/** What the check takes from the code, not the content (ARCHITECTURE.md, "The check"). */
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
  const reader = contentReader(source, problems)
  // Read in this order, which is the order of their problems.
  const routes = readRoutes(source, reader)
  const data = readData(source, reader)
  const site = reader.readRequired('site.yaml', 'site')
  const strings = readStrings(reader)
  const pages = readPages(source, reader, routes)
  const files: ContentFiles = { routes, data, site, strings, pages }
  const ownedKeys = copyNeutralSettings(rules.schemas, pages.files, reader)
  const links = linkChecker(source, pages, routes.file, reader)
  const validator = rules.validator({
    public: source.public,
    pageIds: pages.known,
    dataIds: data.ids,
    facts: data.facts,
    unreadable: reader.unreadable,
    checkLink: links.check,
    linkTargets: links.targets,
    documents: documentsOf(data.values), // a2-writeonce
  })
  validateSharedFiles(source, rules, files, validator, links, reader)
  const checked = checkPages(source, files, ownedKeys, validator, links, reader)
  checkAcrossFiles(files, checked.yaml, rules.needs, reader)
  mergeRetypedBlocks(pages.files, problems)
  addStructureGaps(pages.files, problems)
  return {
    content: {
      routes: routes.file?.value as RouteTable,
      site: site?.value as SiteSettings,
      i18n: strings.values,
      facts: data.facts,
      data: data.values as Partial<SiteData> as SiteData,
      pages: checked.content,
    },
    problems,
  }
}

/** The content files, as read: parsed, the other languages' pages with the French neutral settings. */
type ContentFiles = {
  routes: Routes
  data: DataFiles
  site: YamlFile | undefined
  strings: Strings
  pages: PageFiles
}

/** Reads the files of a content source. */
type Reader = {
  /** Every problem found so far, in order: each file's when it is read, then the checks'. */
  problems: ContentProblem[]
  /**
   * The files that could not be read, by name (`routes`, `news`, `fr/home`): a file with a
   * syntax error is reported once; what depends on it is not checked (no cascade).
   */
  unreadable: Set<string>
  /** The file at `path`, parsed; undefined when it is absent or cannot be read. */
  read(path: string, name: string): YamlFile | undefined
  /** content/`rel`, which must exist: its absence is a problem. */
  readRequired(rel: string, name: string): YamlFile | undefined
  /** A problem of a whole file, at its first line. */
  missing(file: string, text: Text): void
}

function contentReader(source: ContentSource, problems: ContentProblem[]): Reader {
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
  return { problems, unreadable, read, readRequired, missing }
}

const pageFileNames = (source: ContentSource, lang: Lang) => yamlFilesIn(source, `content/${lang}`)

type Routes = {
  file: YamlFile | undefined
  /** Whether the route table could be read. */
  known: boolean
  /** The pages' ids: the routes', or the page files' names when the route table is unknown. */
  pageIds: Set<string>
}

/** content/routes.yaml and the page ids it gives. */
function readRoutes(source: ContentSource, reader: Reader): Routes {
  const file = reader.readRequired('routes.yaml', 'routes')
  const routeList = (file?.value as { routes?: { id?: unknown }[] } | undefined)?.routes
  // Without a readable route table, the pages are the files (and links to pages are not judged).
  const known = Array.isArray(routeList)
  const pageIds = new Set(
    known
      ? routeList.map((r) => String(r?.id))
      : LANGS.flatMap((l) => pageFileNames(source, l).map(basename)),
  )
  if (!known) reader.unreadable.add('routes')
  return { file, known, pageIds }
}

type DataFiles = {
  /** content/data/<name>.yaml, parsed, by name. */
  files: Map<string, YamlFile>
  /** Their values, by name. */
  values: Record<string, unknown>
  /** `<name>.<key>` -> the ids of that list's entries (`news.articles`). */
  ids: Map<string, Set<string>>
  facts: Facts
}

/** content/data: every file is validated by schemas/data/<name>.schema.json. */
function readData(source: ContentSource, reader: Reader): DataFiles {
  const files = new Map<string, YamlFile>()
  for (const f of yamlFilesIn(source, 'content/data')) {
    const name = basename(f)
    const y = reader.read(`content/data/${f}`, name)
    if (y) files.set(name, y)
  }
  const values: Record<string, unknown> = {}
  const ids = new Map<string, Set<string>>()
  for (const [name, y] of files) {
    values[name] = y.value
    if (y.value && typeof y.value === 'object')
      for (const [key, v] of Object.entries(y.value as Record<string, unknown>))
        if (Array.isArray(v)) {
          const given = v.map((item) => (item as { id?: unknown })?.id)
          ids.set(`${name}.${key}`, new Set(given.map((id) => String(id ?? ''))))
          // A duplicate id (reported by the schema) is most often an entry whose id was changed
          // by mistake: the references to its old id are not reported as unknown besides.
          const named = given.filter((id) => id !== undefined)
          if (new Set(named).size < named.length) reader.unreadable.add(`${name}.${key}`)
        }
  }
  return { files, values, ids, facts: (values.facts ?? {}) as Facts }
}

type Strings = {
  files: Record<Lang, YamlFile | undefined>
  values: Record<Lang, I18nResources>
}

/** content/i18n/<lang>.yaml, the UI strings of each language. */
function readStrings(reader: Reader): Strings {
  const values = {} as Record<Lang, I18nResources>
  const files = {} as Record<Lang, YamlFile | undefined>
  for (const lang of LANGS) {
    const y = reader.readRequired(`i18n/${lang}.yaml`, `i18n/${lang}`)
    files[lang] = y
    values[lang] = (y?.value ?? {}) as I18nResources
  }
  return { files, values }
}

type PageFiles = {
  /** pageId -> its file, by language. */
  files: Record<Lang, Map<string, YamlFile>>
  /** The ids of the routes and of the pages that have files but no route. */
  known: Set<string>
}

/** Page files: one per route and language, none without a route (routeFiles.ts). */
function readPages(source: ContentSource, reader: Reader, routes: Routes): PageFiles {
  const { pageIds } = routes
  const files = { fr: new Map(), en: new Map() } as Record<Lang, Map<string, YamlFile>>
  const gaps: RouteFileGaps = { unrouted: new Map(), lacking: new Map() }
  for (const lang of LANGS) {
    if (routes.known)
      for (const f of pageFileNames(source, lang)) {
        const id = basename(f)
        if (!pageIds.has(id))
          gaps.unrouted.set(id, [...(gaps.unrouted.get(id) ?? []), `content/${lang}/${f}`])
      }
    for (const [i, id] of [...pageIds].entries()) {
      const path = `content/${lang}/${id}.yaml`
      if (!source.content.has(path)) {
        if (!routes.known) continue
        const lacking = gaps.lacking.get(id) ?? { index: i, langs: [] }
        gaps.lacking.set(id, { ...lacking, langs: [...lacking.langs, lang] })
        continue
      }
      const y = reader.read(path, `${lang}/${id}`)
      if (y) files[lang].set(id, y)
    }
  }
  reader.problems.push(...routeFileProblems(gaps, routes.file, LANGS))
  // What names a page that has files but no route is not reported besides.
  return { files, known: new Set([...pageIds, ...gaps.unrouted.keys()]) }
}

/**
 * d5-neutral: the other languages' pages get the French file's neutral settings (neutral.ts),
 * in `pageFiles`; what the French file owns is validated there only. Returns the keys each
 * merged file does not own.
 */
function copyNeutralSettings(
  schemas: SchemaSet,
  pageFiles: Record<Lang, Map<string, YamlFile>>,
  reader: Reader,
): Map<YamlFile, Set<string>> {
  const { problems, unreadable } = reader
  const ownedKeys = new Map<YamlFile, Set<string>>()
  for (const lang of LANGS)
    if (lang !== SOURCE_LANG)
      for (const [id, y] of pageFiles[lang]) {
        const french = pageFiles[SOURCE_LANG].get(id)
        const blocks = isObject(french?.value) ? french.value.blocks : undefined
        if (
          !french ||
          !isObject(french.value) ||
          (blocks !== undefined && !Array.isArray(blocks))
        ) {
          // The French file has a syntax error, or is no page at all (empty, a list), or its
          // blocks are no list: its schema says so, there; the neutral settings it would give
          // are not missing here. The English file's own problems still are reported.
          if (french || unreadable.has(`${SOURCE_LANG}/${id}`))
            ownedKeys.set(y, neutralPage(schemas, y, y).owned)
          continue
        }
        const merged = neutralPage(schemas, french, y)
        pageFiles[lang].set(id, merged.yaml)
        ownedKeys.set(merged.yaml, merged.owned)
        problems.push(...merged.problems)
      }
  return ownedKeys
}

type LinkChecker = {
  /** What is wrong with a link of the file being checked, or undefined. */
  check: (link: string) => Text | undefined
  /** The file being checked from now on: a page of `lang` (its #anchors), or none (French). */
  readFrom: (lang: Lang, pageId?: string) => void
  /** What `check` reads besides the validator's context: each page's anchors, the site's paths. */
  targets: { anchors: Record<Lang, Map<string, Set<string>>>; paths: Set<string> }
}

/** The link check, with the indexes it shares: anchors per language and page, every site path. */
function linkChecker(
  source: ContentSource,
  pageFiles: PageFiles,
  routesFile: YamlFile | undefined,
  reader: Reader,
): LinkChecker {
  const { problems, unreadable } = reader
  const anchors = { fr: new Map(), en: new Map() } as Record<Lang, Map<string, Set<string>>>
  for (const lang of LANGS)
    for (const [id, y] of pageFiles.files[lang]) {
      const found = anchorsOf(y)
      anchors[lang].set(id, found.anchors)
      problems.push(...found.problems)
    }
  const paths = sitePaths(routesFile?.value, LANGS)
  const linkContext = (lang: Lang, pageId?: string): LinkContext => ({
    pageIds: pageFiles.known,
    anchors: anchors[lang],
    paths,
    public: source.public,
    pageId,
  })
  let current = linkContext('fr')
  return {
    check: (link) =>
      unreadable.has('routes') && /^(page:|\/|#)/.test(link) ? undefined : checkLink(link, current),
    readFrom: (lang, pageId) => {
      current = linkContext(lang, pageId)
    },
    targets: { anchors, paths },
  }
}

/** The schema's check of every file but the pages, and the UI strings' checks. */
function validateSharedFiles(
  source: ContentSource,
  rules: CheckRules,
  { routes, data, site, strings }: ContentFiles,
  validator: Validator,
  links: LinkChecker,
  reader: Reader,
): void {
  const { problems } = reader
  const check = (schema: string, y: YamlFile | undefined) => {
    if (y) problems.push(...validator.validate(schema, y))
  }
  check('routes.schema.json', routes.file)
  for (const [name, y] of data.files) {
    const schema = name === 'facts' ? 'facts.schema.json' : `data/${name}.schema.json`
    if (!rules.schemas.files.has(schema))
      reader.missing(y.file, {
        en: `no schema for this data file: expected schemas/${schema}`,
        fr: `aucun schéma pour ce fichier de données : schemas/${schema} est attendu`,
      })
    else check(schema, y)
    problems.push(...checkTextLinks(y, links.check))
  }
  check('site.schema.json', site)
  if (site) problems.push(...checkTextLinks(site, links.check))
  for (const lang of LANGS) check('i18n.schema.json', strings.files[lang])
  // The translation records (translations.ts): a malformed one is a problem at its line; what
  // their entries name is never checked (an entry of a removed value is dropped by the next write).
  for (const folder of RECORD_FOLDERS)
    for (const f of yamlFilesIn(source, folder))
      check(
        RECORD_SCHEMA,
        reader.read(`${folder}/${f}`, `${folder.slice('content/'.length)}/${basename(f)}`),
      )
  problems.push(...compareKeys(strings.files))
  problems.push(
    ...checkTemplateKeys(
      LANGS.map((lang) => strings.files[lang]),
      rules.needs.strings,
    ),
  )
}

/** Each page file, validated, as the templates get it; and the files, for the checks after. */
function checkPages(
  source: ContentSource,
  { pages, data }: ContentFiles,
  ownedKeys: Map<YamlFile, Set<string>>,
  validator: Validator,
  links: LinkChecker,
  reader: Reader,
): { content: Record<Lang, Record<string, PageContent>>; yaml: PageFile[] } {
  const { problems, unreadable } = reader
  const pageFiles = pages.files
  const content = { fr: {}, en: {} } as Record<Lang, Record<string, PageContent>>
  const imagePaths = imagePathsOf(data.files.get('images')?.value)
  const pageYaml: PageFile[] = [] // a2-writeonce: for checkNewsWords
  for (const lang of LANGS)
    for (const [id, y] of pageFiles[lang]) {
      links.readFrom(lang, id)
      const owned = ownedKeys.get(y)
      if (owned)
        problems.push(
          ...validator.validate('page.schema.json', y).filter((p) => !ownedByOther(owned, p.key)),
        )
      else problems.push(...validator.validate('page.schema.json', y))
      // The links, facts and documents a page names: what they read is the validator's
      // cross-file context, so their problems are kept as long as its validation's.
      problems.push(
        ...validator.kept('page references', y, () => [
          ...checkTextLinks(y, links.check),
          ...(unreadable.has('facts') ? [] : checkFactRefs(y, data.facts)),
          // a2-writeonce: [label](doc:<id>) in running text.
          ...checkDocumentLinksInText(y, {
            public: source.public,
            documents: documentsOf(data.values),
          }),
        ]),
      )
      pageYaml.push({ lang, id, yaml: y })
      // d1-images: each image's path, written once in content/data/images.yaml, beside its alt.
      const naming = lang === 'fr' ? undefined : pageFiles.fr.get(id)?.value
      content[lang][id] = withImagePaths(y.value as PageContent, imagePaths[id], naming)
    }
  return { content, yaml: pageYaml }
}

type PageFile = { lang: Lang; id: string; yaml: YamlFile }

/** The checks between files: news words, image paths, routes, labels. */
function checkAcrossFiles(
  { routes, data, site, strings, pages }: ContentFiles,
  pageYaml: PageFile[],
  needs: TemplateNeeds,
  reader: Reader,
): void {
  const { problems, unreadable } = reader
  const i18nFiles = strings.files
  problems.push(...checkNewsWords(data.files.get('news'), pageYaml)) // a2-writeonce
  if (!unreadable.has('images'))
    problems.push(...checkImagePaths(data.files.get('images'), pageYaml, pages.known)) // d1-images
  const routesFile = routes.file
  if (routesFile && routes.known) {
    problems.push(...checkRoutePaths(routesFile, LANGS))
    problems.push(...checkMenuLabels(routesFile, i18nFiles, LANGS, routes.pageIds))
    problems.push(...checkFrameLabels(routesFile, i18nFiles, LANGS))
    problems.push(...checkTemplatePages(routesFile, routes.pageIds, needs.pages))
  }
  problems.push(...checkTableLabels(data.files, i18nFiles, LANGS))
  problems.push(...checkNamedLabels(site, data.files.get('news'), i18nFiles, LANGS))
}

/**
 * A block given another type in one file: one message at its type, not one per key
 * (blockTypes.ts); the messages it replaces leave `problems`, the new ones go at its end.
 */
function mergeRetypedBlocks(
  pageFiles: Record<Lang, Map<string, YamlFile>>,
  problems: ContentProblem[],
): void {
  for (const [id, fr] of pageFiles.fr) {
    const en = pageFiles.en.get(id)
    if (!en) continue
    const { drop, add } = retypedBlocks(fr, en, problems)
    if (!add.length) continue
    const kept = problems.filter((p) => !drop.has(p))
    problems.splice(0, problems.length, ...kept, ...add)
  }
}

/**
 * FR/EN structure last: a gap already reported at the same place (a required key) is not
 * repeated. Compared by line: the gap and the other problem are one mistake (a wrong block type,
 * an extra image whose file is missing...).
 */
function addStructureGaps(
  pageFiles: Record<Lang, Map<string, YamlFile>>,
  problems: ContentProblem[],
): void {
  const taken = new Set(problems.map((p) => `${p.file}:${p.line}`))
  // A key missing where the schema found an unknown one is most often that key, misspelt.
  const misspelt = new Set(
    problems
      .filter((q) => q.keyword === 'additionalProperties')
      .map((q) => `${q.file}\0${parentKey(q.key)}`),
  )
  for (const [id, fr] of pageFiles.fr) {
    const en = pageFiles.en.get(id)
    if (!en) continue
    for (const { source, itemId, missingKey, ...p } of compareStructure(fr, en)) {
      const where = `${p.file}:${p.line}`
      if (taken.has(where) || taken.has(`${source.file}:${source.line}`)) continue
      // An item another check already names (a news article without its words) is one mistake.
      if (itemId && problems.some((q) => q.itemId === itemId)) continue
      if (missingKey && misspelt.has(`${p.file}\0${p.key}`)) continue
      taken.add(where)
      problems.push(p)
    }
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
