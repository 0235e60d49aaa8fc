// The schemas compiled by ajv, with the project's keywords, and ajv's errors as located problems.
// Pure (the check runs in the browser too): the schema files come in parsed, by name; on the disk
// schemasDisk.ts reads them and hands in the code of an earlier compilation (validatorCache.ts).
import {
  Ajv2020,
  type ErrorObject,
  type KeywordDefinition,
  type ValidateFunction,
} from 'ajv/dist/2020.js'
import * as equalModule from 'ajv/dist/runtime/equal.js'
import * as ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js'
// ajv's own messages in French, by the ajv team (for the keywords worded by ajv, not by us).
import * as localizeFrModule from 'ajv-i18n/localize/fr/index.js'
import type { DocumentEntry } from '../../lib/documents.ts'
import { documentKeywords, documentLinkError } from './documentKeywords.ts'
import type { ContentProblem, Text } from './problems.ts'
import { keyPath } from './problems.ts'
import type { PublicFiles } from './source.ts'
import type { YamlFile } from './yamlFile.ts'

/** What the custom keywords need to know about the rest of the content. */
export type CrossFileContext = {
  /** The files under public/. */
  public: PublicFiles
  pageIds: Set<string>
  /** `collection` -> ids, e.g. `ratings` -> {dist24, dist36, ...} (from content/data). */
  dataIds: Map<string, Set<string>>
  facts: Record<string, Record<string, number | string>>
  /**
   * Checks one link (`page:<id>[#anchor]`, `/path`, `#anchor`, URL) from the file being validated;
   * returns what is wrong, or undefined. Default: only the form and the page id.
   */
  checkLink?: (link: string) => Text | undefined
  /**
   * Data files and facts that could not be read, and collections with a duplicate id
   * (`news.articles`): references to them are not reported.
   */
  unreadable?: Set<string>
  // a2-writeonce: the documents registry (content/data/documents.yaml), for doc:<id> links.
  documents?: DocumentEntry[]
  /**
   * What `checkLink` reads besides the fields above (each page's anchors, the site's paths):
   * results kept across runs (rememberValidations) are reused only while it is unchanged too.
   */
  linkTargets?: unknown
}

export const SCHEMA_ROOT = 'https://transfo.example.com/schemas/'

/** The schema files, parsed, by their path under schemas/ (`blocks/hero.schema.json`). */
export type SchemaFiles = ReadonlyMap<string, Record<string, unknown>>

/**
 * Code of an earlier compilation of the same schemas (validatorCache.ts, on the disk): `load`
 * gives the validators of the top-level schemas by file, or undefined; `store` keeps the code of
 * a compilation for next time.
 */
export type CompiledCode = {
  load(keywords: KeywordDefinition[]): Record<string, ValidateFunction> | undefined
  store(ajv: Ajv2020, keywords: KeywordDefinition[], schemaRoot: string): void
}

/**
 * Builds one ajv instance holding every schema of `schemas`, with the project's keywords:
 * - `x-asset`: the string is a path under `public/` that must exist (`image`, `pdf`, `file`);
 * - `x-page`: the string is a page id from routes.yaml;
 * - `x-link`: `page:<id>[#fragment]`, a site path, or an external/mailto/tel URL;
 * - `x-data`: the string is the id of an entry in a `content/data` collection;
 * - `x-fact`: the string names a number in content/data/facts.yaml (`group.name`);
 * - `x-unique-by`: the array's objects have distinct values for that key.
 * Compiled on the first validation, not before.
 */
function compileValidator(schemas: SchemaFiles, ctx: CrossFileContext, code?: CompiledCode) {
  const keywords = keywordDefinitions(ctx)
  // Compiling takes about half a second: the code of the last compilation of these exact
  // schemas is reused when there is one (validatorCache.ts); ajv compiles only when there is none.
  let cached: Record<string, ValidateFunction> | undefined | null = null
  let ajv: Ajv2020 | undefined
  const live = () => {
    if (ajv) return ajv
    ajv = new Ajv2020({
      allErrors: true,
      strict: true,
      strictRequired: false,
      discriminator: true,
      allowUnionTypes: true,
      // Errors then carry the offending value and the schema: messages quote both.
      verbose: true,
      // The generated code is kept for the next process (validatorCache.ts).
      code: { source: !!code },
    })
    for (const keyword of keywords) ajv.addKeyword(keyword)
    for (const [file, schema] of schemas) ajv.addSchema({ ...schema, $id: SCHEMA_ROOT + file })
    if (!cached) code?.store(ajv, keywords, SCHEMA_ROOT)
    return ajv
  }
  return {
    validate(schemaFile: string, yaml: YamlFile): ContentProblem[] {
      if (cached === null) cached = code?.load(keywords)
      const fn =
        cached?.[schemaFile] ??
        (live().getSchema(SCHEMA_ROOT + schemaFile) as ValidateFunction | undefined)
      if (!fn) throw new Error(`No schema ${schemaFile} under schemas/`)
      if (fn(yaml.value)) return []
      return toProblems(fn.errors ?? [], yaml)
    },
    /**
     * The problems `check` finds in `yaml` (a check that reads only the file and the cross-file
     * context), named `name`: kept like a validation's while both are unchanged.
     */
    kept(_name: string, _yaml: YamlFile, check: () => ContentProblem[]): ContentProblem[] {
      return check()
    },
  }
}

/**
 * The keywords' functions by keyword (`x-asset`): what standalone code calls (`kw["x-asset"]`).
 * By the keyword, not the function's name, which a minifier changes (the editor's bundle).
 */
export function keywordFunctions(keywords: KeywordDefinition[]): Map<string, unknown> {
  const byKeyword = new Map<string, unknown>()
  for (const k of keywords)
    if ('validate' in k && typeof k.validate === 'function' && typeof k.keyword === 'string')
      byKeyword.set(k.keyword, k.validate)
  return byKeyword
}

/** A CommonJS module's `exports.default`, however the module system wrapped it. */
const defaultOf = (m: unknown): unknown => {
  const d = (m as { default?: unknown }).default
  return typeof m === 'function'
    ? m
    : typeof d === 'function'
      ? d
      : (d as { default?: unknown })?.default
}

/** The runtime of ajv that its standalone code requires, as `require` returns it. */
const AJV_RUNTIME: Record<string, unknown> = {
  'ajv/dist/runtime/equal': { default: defaultOf(equalModule) },
  'ajv/dist/runtime/ucs2length': { default: defaultOf(ucs2lengthModule) },
}

/**
 * The validators of the top-level schemas by file, from ajv's standalone code of these schemas
 * (made in Node: validatorCache.ts), calling the project's `keywords`; undefined when the code
 * cannot run here (a runtime module neither AJV_RUNTIME nor `requireModule` gives: Node's
 * `require` on the disk, none in the browser): ajv compiles then.
 */
export function standaloneValidators(
  code: string,
  keywords: KeywordDefinition[],
  requireModule?: (name: string) => unknown,
): Record<string, ValidateFunction> | undefined {
  const kw = keywordFunctions(keywords)
  const load = (name: string) => {
    if (name in AJV_RUNTIME) return AJV_RUNTIME[name]
    if (requireModule) return requireModule(name)
    throw new Error(`ajv's standalone code requires ${name}`)
  }
  const exports: Record<string, ValidateFunction> = {}
  try {
    // `self` is the ajv instance in ajv's own code (the keywords are called with it as `this`;
    // ours do not use it).
    new Function('exports', 'require', 'kw', 'self', code)(
      exports,
      load,
      Object.fromEntries(kw),
      {},
    )
  } catch {
    return undefined
  }
  return exports
}

/** The project's keywords (see compileValidator), reading the cross-file context `ctx`. */
function keywordDefinitions(ctx: CrossFileContext): KeywordDefinition[] {
  return [
    {
      keyword: 'x-asset',
      type: 'string',
      schemaType: 'string',
      validate: function xAsset(kind: string, data: string) {
        const ok = data.startsWith('/') && ctx.public.has(data)
        const path = `public${data.startsWith('/') ? '' : '/'}${data}`
        if (!ok)
          (xAsset as unknown as { errors: unknown[] }).errors = [
            keywordError('x-asset', {
              en: `${kind} file not found: expected ${path} to exist`,
              fr: `fichier introuvable (${ASSET_KIND_FR[kind] ?? kind}) : ${path} devrait exister`,
            }),
          ]
        return ok
      },
      errors: true,
    },
    {
      keyword: 'x-page',
      type: 'string',
      schemaType: 'boolean',
      validate: function xPage(_: boolean, data: string) {
        const ok = ctx.pageIds.has(data) || !!ctx.unreadable?.has('routes')
        if (!ok) (xPage as unknown as { errors: unknown[] }).errors = [unknownPage(data, ctx)]
        return ok
      },
      errors: true,
    },
    {
      keyword: 'x-link',
      type: 'string',
      schemaType: 'boolean',
      validate: function xLink(_: boolean, data: string) {
        // a2-writeonce: doc:<id> links and links to registered documents.
        const docError = documentLinkError(data, {
          public: ctx.public,
          documents: ctx.documents ?? [],
        })
        if (docError !== null) {
          if (docError) (xLink as unknown as { errors: unknown[] }).errors = [docError]
          return !docError
        }
        const wrong = (ctx.checkLink ?? ((link: string) => linkForm(link, ctx)))(data)
        if (wrong)
          (xLink as unknown as { errors: unknown[] }).errors = [keywordError('x-link', wrong)]
        return !wrong
      },
      errors: true,
    },
    {
      keyword: 'x-data',
      type: 'string',
      schemaType: 'string',
      validate: function xData(collection: string, data: string) {
        const ids = ctx.dataIds.get(collection) ?? new Set()
        const ok =
          ids.has(data) ||
          !!ctx.unreadable?.has(collection) ||
          !!ctx.unreadable?.has(collection.split('.')[0] ?? '')
        if (!ok)
          (xData as unknown as { errors: unknown[] }).errors = [
            keywordError(
              'x-data',
              {
                en: `unknown ${collection} id "${data}" (known: ${[...ids].join(', ') || 'none'})`,
                fr: `id ${collection} « ${data} » inconnu (connus : ${[...ids].join(', ') || 'aucun'})`,
              },
              // For toProblems, which joins the alternatives of an anyOf into one message.
              { collection, known: [...ids] },
            ),
          ]
        return ok
      },
      errors: true,
    },
    {
      keyword: 'x-fact',
      type: 'string',
      schemaType: 'boolean',
      validate: function xFact(_: boolean, data: string) {
        const [group, name] = data.split('.')
        const ok =
          typeof ctx.facts[group ?? '']?.[name ?? ''] === 'number' || !!ctx.unreadable?.has('facts')
        if (!ok)
          (xFact as unknown as { errors: unknown[] }).errors = [
            keywordError('x-fact', {
              en: `unknown figure "${data}": expected a number at ${data} in content/data/facts.yaml`,
              fr: `chiffre « ${data} » inconnu : un nombre est attendu à ${data} dans content/data/facts.yaml`,
            }),
          ]
        return ok
      },
      errors: true,
    },
    {
      keyword: 'x-unique-by',
      type: 'array',
      schemaType: 'string',
      validate: function xUnique(
        key: string,
        data: unknown[],
        _parent: unknown,
        cxt?: { instancePath: string },
      ) {
        const seen = new Map<unknown, number>()
        const errors: unknown[] = []
        for (const [i, item] of data.entries()) {
          const id = (item as Record<string, unknown> | null)?.[key]
          if (id === undefined) continue
          const first = seen.get(id)
          if (first !== undefined)
            // Located at the duplicate itself, not at its list.
            errors.push({
              ...keywordError('x-unique-by', {
                en: `duplicate ${key} "${String(id)}": item ${first + 1} of this list already has it; give this one another ${key}`,
                fr: `${key} « ${String(id)} » en double : l'élément ${first + 1} de cette liste l'a déjà ; donnez-en un autre à celui-ci`,
              }),
              instancePath: `${cxt?.instancePath ?? ''}/${i}/${key}`,
            })
          else seen.set(id, i)
        }
        ;(xUnique as unknown as { errors: unknown[] }).errors = errors
        return errors.length === 0
      },
      errors: true,
    },
    // d1-images: keys the loader adds before rendering (an image's path, from
    // content/data/images.yaml); the types have them, the YAML must not (imageSlots.ts says so).
    { keyword: 'x-rendered', schemaType: 'object' },
    // d5-neutral: a setting written once, in the French page file (neutral.ts copies it).
    { keyword: 'x-neutral', schemaType: 'boolean' },
    // The CMS's French label and help beside `title` and `description` (the editors
    // read French; scripts/lib/cms/fields.ts). Annotations only: nothing to check in the content.
    { keyword: 'x-title-fr', schemaType: 'string' },
    { keyword: 'x-description-fr', schemaType: 'string' },
    // and the French label of each value of an enum (`{ "plain": "Fond blanc" }`).
    { keyword: 'x-enum-fr', schemaType: 'object' },
    // a2-writeonce: x-absent (old document URLs). Read through getters: the context is refilled
    // for each run of a cached validator.
    ...documentKeywords({
      get public() {
        return ctx.public
      },
      get documents() {
        return ctx.documents ?? []
      },
    }),
  ]
}

// --- Compiled once (a3-dev): compiling every schema takes about a second, which the dev
// server would otherwise pay on each edit. The validator of a set of schemas is reused (the
// disk's keeps it while its schema files are unchanged, schemasDisk.ts; the browser's for the
// editor's session); each call hands it the current cross-file context.
export type Validator = ReturnType<typeof compileValidator>
type Results = WeakMap<YamlFile, Map<string, ContentProblem[]>>
type KeptValidator = {
  /** The keywords read this object: later calls update it in place. */
  ctx: CrossFileContext
  validator: Validator
  /**
   * The kept results by the cross-file context (as JSON) they were computed in, the last
   * KEPT_CONTEXTS, the latest last: a save that breaks a file changes the context (its anchors
   * are gone, it is unreadable), the fix most often brings the one before back.
   */
  contexts: Map<string, Results>
  generation: number
  /** Those of this run's context. */
  results: Results
}
const KEPT_CONTEXTS = 3
let remember = false
/** Moves on when the kept results are dropped (forgetValidations). */
let generation = 0

/**
 * The dev server re-reads the content on each save: from now on, the problems of each parsed
 * file are kept while the file (the same parsed object, see yamlFile.ts) and the cross-file
 * context (the names under public/, the pages' anchors and paths included) are unchanged, so
 * only what changed is validated again.
 */
export function rememberValidations(): void {
  remember = true
}

export function forgetValidations(): void {
  generation++
}

const contextKey = (ctx: CrossFileContext) =>
  JSON.stringify(ctx, (_, v) => (v instanceof Set || v instanceof Map ? [...v] : v))

/**
 * The validator of `schemas`, compiled once (at its first validation) and given each run's
 * cross-file context: what CheckRules.validator is. `code`: the disk's compiled code, if any.
 */
export function schemaValidator(
  schemas: SchemaFiles,
  code?: CompiledCode,
): (ctx: CrossFileContext) => Validator {
  let kept: KeptValidator | undefined
  return (ctx) => {
    if (kept) {
      // Replace the context in place, optional fields included (the keywords hold this object).
      const target = kept.ctx as Partial<CrossFileContext>
      for (const key of Object.keys(target) as (keyof CrossFileContext)[]) delete target[key]
      Object.assign(target, ctx)
      if (remember) {
        if (kept.generation !== generation) kept.contexts.clear()
        kept.generation = generation
        kept.results = resultsIn(kept.contexts, contextKey(ctx))
      }
      return kept.validator
    }
    const shared = { ...ctx }
    const inner = compileValidator(schemas, shared, code)
    const contexts = new Map<string, Results>()
    const entry: KeptValidator = {
      ctx: shared,
      contexts,
      generation,
      results: remember ? resultsIn(contexts, contextKey(ctx)) : new WeakMap(),
      validator: {
        ...inner,
        validate(schemaFile: string, yaml: YamlFile): ContentProblem[] {
          return entry.validator.kept(schemaFile, yaml, () => inner.validate(schemaFile, yaml))
        },
        kept(name: string, yaml: YamlFile, check: () => ContentProblem[]): ContentProblem[] {
          if (!remember) return check()
          const byFile = entry.results.get(yaml) ?? new Map<string, ContentProblem[]>()
          entry.results.set(yaml, byFile)
          const problems = byFile.get(name) ?? check()
          byFile.set(name, problems)
          return problems
        },
      },
    }
    kept = entry
    return entry.validator
  }
}

/** The results kept for `context` (new ones if none), now the latest of `contexts`. */
function resultsIn(contexts: Map<string, Results>, context: string): Results {
  const results = contexts.get(context) ?? new WeakMap()
  contexts.delete(context)
  contexts.set(context, results)
  for (const old of contexts.keys()) if (contexts.size > KEPT_CONTEXTS) contexts.delete(old)
  return results
}
// --- end of compiled-once

function unknownPage(id: string, ctx: CrossFileContext) {
  return keywordError('x-page', unknownPageMessage(id, ctx.pageIds))
}

export function unknownPageMessage(id: string, pageIds: Set<string>): Text {
  const some = [...pageIds].slice(0, 4).join(', ')
  return {
    en: `unknown page id "${id}" (see content/routes.yaml; e.g. ${some})`,
    fr: `id de page « ${id} » inconnu (voir content/routes.yaml ; par exemple ${some})`,
  }
}

/**
 * A keyword's error as ajv keeps it: `message` in English, the French in `params.fr` (ajv copies
 * a keyword's errors as they are, in compiled and in standalone code alike).
 */
export function keywordError(keyword: string, text: Text, params: object = {}) {
  return { keyword, message: text.en, params: { ...params, fr: text.fr } }
}

/** The kinds of file of `x-asset`, as the French message names them. */
const ASSET_KIND_FR: Record<string, string> = { image: 'image', pdf: 'PDF', file: 'fichier' }

const LINK_FORM = /^(page:|doc:|\/|#|https?:\/\/|mailto:|tel:)/

/** The form of a link and, for page:<id>, that the page exists. */
export function linkForm(link: string, ctx: Pick<CrossFileContext, 'pageIds'>): Text | undefined {
  const m = /^page:([^#]*)/.exec(link)
  if (m)
    return ctx.pageIds.has(m[1] ?? '') ? undefined : unknownPageMessage(m[1] ?? '', ctx.pageIds)
  return LINK_FORM.test(link)
    ? undefined
    : {
        en: 'must be a link: page:<page-id>, doc:<document-id>, a path starting with /, #fragment, https://, mailto: or tel:',
        fr: 'doit être un lien : page:<id-de-page>, doc:<id-de-document>, un chemin commençant par /, #fragment, https://, mailto: ou tel:',
      }
}

function pointerToPath(pointer: string): (string | number)[] {
  if (!pointer) return []
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s))
}

/**
 * The x-data errors of one value that may name an entry of several collections (`anyOf` of
 * x-data: a sheet of specs.yaml or of sme.yaml), as one message naming every collection.
 */
function dataAlternatives(errors: ErrorObject[]): Map<string, Text> {
  const byValue = new Map<string, ErrorObject[]>()
  for (const e of errors)
    if (e.keyword === 'x-data' && /\/anyOf\/\d+\/x-data$/.test(e.schemaPath))
      byValue.set(e.instancePath, [...(byValue.get(e.instancePath) ?? []), e])
  const out = new Map<string, Text>()
  for (const [at, list] of byValue) {
    if (list.length < 2) continue
    const name = pointerToPath(at).findLast((k) => typeof k === 'string') ?? 'entry'
    const places = list.map((e) => {
      const { collection, known } = e.params as { collection: string; known: string[] }
      const [file, key] = collection.split('.')
      return { file: `content/data/${file}.yaml`, key, known }
    })
    const value = String(list[0]?.data)
    out.set(at, {
      en: `unknown ${name} "${value}": expected an id ${places.map((p) => `under ${p.key}: in ${p.file} (${p.known.join(', ') || 'none'})`).join(' or ')}`,
      fr: `${name} « ${value} » inconnu : un id est attendu ${places.map((p) => `sous ${p.key}: dans ${p.file} (${p.known.join(', ') || 'aucun'})`).join(' ou ')}`,
    })
  }
  return out
}

/** ajv-i18n's French localizer, however the module system wrapped its CommonJS export. */
const localizeFr = defaultOf(localizeFrModule) as (errors: ErrorObject[]) => void

/** ajv's own message of an error, in English and in French (ajv-i18n). */
function ajvWords(e: ErrorObject): Text {
  const copy = { ...e }
  localizeFr([copy])
  return { en: e.message ?? `fails ${e.keyword}`, fr: copy.message ?? `échoue à ${e.keyword}` }
}

/** Our words for ajv's error `e` at `path` (which it may extend), or null to drop it. */
function wordsOf(
  e: ErrorObject,
  path: (string | number)[],
  alternatives: Map<string, Text>,
): { text: Text; onKey?: boolean } | null {
  const params = e.params as Record<string, unknown>
  switch (e.keyword) {
    case 'x-data':
      // One message for the alternatives (the same text for each: kept once below).
      return { text: alternatives.get(e.instancePath) ?? keywordText(e) }
    case 'required':
      path.push(String(params.missingProperty))
      return { text: { en: 'is required but missing', fr: 'obligatoire, mais absent' } }
    case 'additionalProperties': {
      // A key the loader adds (an image's path): imageSlots.ts says where it belongs.
      const rendered = (e.parentSchema as { 'x-rendered'?: { properties?: object } } | undefined)?.[
        'x-rendered'
      ]?.properties
      if (rendered && String(params.additionalProperty) in rendered) return null
      path.push(String(params.additionalProperty))
      const allowed = Object.keys(
        ((e.parentSchema as { properties?: object } | undefined)?.properties ?? {}) as object,
      ).join(', ')
      return {
        text: {
          en: `unknown key (allowed here: ${allowed})`,
          fr: `clé inconnue (autorisées ici : ${allowed})`,
        },
        onKey: true,
      }
    }
    case 'type': {
      const type = String(params.type)
      return {
        text: {
          en: `must be ${article(type)} (got ${describeValue(e.data)})`,
          fr: `doit être ${typeFr(type)} (reçu : ${describeValueFr(e.data)})`,
        },
      }
    }
    case 'minLength':
      return {
        text:
          params.limit === 1
            ? { en: 'must be a non-empty string', fr: 'ne doit pas être vide' }
            : {
                en: `must have at least ${params.limit} characters`,
                fr: `doit compter au moins ${params.limit} caractères`,
              },
      }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')
      return {
        text: {
          en: `must be one of: ${allowed} (got ${describeValue(e.data)})`,
          fr: `doit être l'une de ces valeurs : ${allowed} (reçu : ${describeValueFr(e.data)})`,
        },
      }
    }
    case 'const': {
      const allowed = JSON.stringify(params.allowedValue)
      return { text: { en: `must be ${allowed}`, fr: `doit valoir ${allowed}` } }
    }
    case 'discriminator':
      if (params.error !== 'mapping')
        return {
          text: {
            en: `must have a "${String(params.tag)}" string`,
            fr: `doit avoir un texte « ${String(params.tag)} »`,
          },
        }
      path.push(String(params.tag))
      return {
        text: {
          en: `unknown block ${String(params.tag)} ${describeValue(params.tagValue)}: the known types are the files of schemas/blocks/`,
          fr: `bloc de ${String(params.tag)} ${describeValueFr(params.tagValue)} inconnu : les types connus sont les fichiers de schemas/blocks/`,
        },
      }
    case 'pattern': {
      const schema = e.parentSchema as { description?: string; 'x-description-fr'?: string }
      const hint = schema?.description
      const hintFr = schema?.['x-description-fr'] ?? hint
      return {
        text: {
          en: `does not have the expected form (pattern ${String(params.pattern)})${hint ? `: ${hint}` : ''}`,
          fr: `n'a pas la forme attendue (motif ${String(params.pattern)})${hintFr ? ` : ${hintFr}` : ''}`,
        },
      }
    }
    case 'minItems':
      return {
        text: {
          en: `must list at least ${params.limit} item${params.limit === 1 ? '' : 's'}`,
          fr: `doit compter au moins ${params.limit} élément${params.limit === 1 ? '' : 's'}`,
        },
      }
    case 'maxItems':
      return {
        text: {
          en: `must list at most ${params.limit} items`,
          fr: `doit compter au plus ${params.limit} éléments`,
        },
      }
    default:
      // Our keywords carry their French (keywordError); ajv's own are translated by ajv-i18n.
      return { text: e.keyword.startsWith('x-') ? keywordText(e) : ajvWords(e) }
  }
}

/** A keyword of ours: its English message and the French it carries in `params.fr`. */
function keywordText(e: ErrorObject): Text {
  const fr = (e.params as { fr?: unknown }).fr
  return { en: e.message ?? `fails ${e.keyword}`, fr: typeof fr === 'string' ? fr : '' }
}

/** Turns ajv's errors into located, readable problems; drops the noise of failed branches. */
function toProblems(errors: ErrorObject[], yaml: YamlFile): ContentProblem[] {
  const seen = new Set<string>()
  const problems: ContentProblem[] = []
  const alternatives = dataAlternatives(errors)
  for (const e of errors) {
    if (e.keyword === 'if' || e.keyword === 'oneOf' || e.keyword === 'anyOf') continue
    const path = pointerToPath(e.instancePath)
    const words = wordsOf(e, path, alternatives)
    if (!words) continue
    const { line, col } = yaml.positionOf(path, words.onKey)
    const key = keyPath(path)
    const id = `${line}:${col}:${key}:${words.text.en}`
    if (seen.has(id)) continue
    seen.add(id)
    problems.push({
      file: yaml.file,
      line,
      col,
      key,
      message: words.text.en,
      fr: words.text.fr,
      keyword: e.keyword,
    })
  }
  return problems
}

function article(type: string): string {
  if (type.includes(',')) return `one of ${type}`
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`
}

/** JSON Schema's type names, as the French messages say them. */
const TYPE_FR: Record<string, string> = {
  string: 'un texte',
  number: 'un nombre',
  integer: 'un nombre entier',
  boolean: 'un booléen (true ou false)',
  object: 'un objet (des clés et leurs valeurs)',
  array: 'une liste',
  null: 'null',
}

function typeFr(type: string): string {
  const names = type.split(',').map((t) => TYPE_FR[t] ?? t)
  return names.length > 1 ? `l'un de : ${names.join(', ')}` : (names[0] ?? type)
}

function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'a mapping'
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)
  return `${typeof value} ${String(value)}`
}

function describeValueFr(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'une liste'
  if (typeof value === 'object') return 'un objet'
  if (typeof value === 'string')
    return `« ${value.length > 40 ? `${value.slice(0, 40)}…` : value} »`
  if (typeof value === 'number') return `le nombre ${value}`
  if (typeof value === 'boolean') return `le booléen ${value}`
  return String(value)
}
