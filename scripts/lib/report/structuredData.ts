// The build report's check of the structured data (JSON-LD) of each page: each block is read by
// Adobe's extractor (@marbec/web-auto-extractor: parse errors, a missing @context or @type) and
// checked by Adobe's validator (@adobe/structured-data-validator: Google's rich-result rules for
// BreadcrumbList, ListItem, Organization, ImageObject...), to which the types it lacks are added
// through its own handler classes: Google's required and recommended properties of an article,
// a site name, an address and a contact point, and links on the site's address. An error fails
// the build, a warning is listed (and fails `--strict`). Offline: the schema.org vocabulary file
// the validator can also take is published by schema.org only, never fetched here; the property
// names and value kinds are schema-dts's types, checked when the templates are type-checked
// (templates/lib/structuredData.ts).
import Validator, { type Issue, type PathStep } from '@adobe/structured-data-validator'
import BaseValidator from '@adobe/structured-data-validator/src/types/base.js'
import WebAutoExtractor from '@marbec/web-auto-extractor'
import { error, type Finding, warning } from './findings.ts'
import type { BuiltPage } from './site.ts'
import { type NodeIssueCache, openStructuredDataCache } from './structuredDataCache.ts'

type Data = Record<string, unknown>

/** ISO 8601 date, with a time or not; a month alone (2025-06) is a date of that precision. */
const ISO_DATE =
  /^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01])(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?)?$/

/** A real date: the form, and a day that exists (2025-02-30 is not one). */
function isoDate(value: unknown): boolean {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false
  const day = value.slice(0, 10)
  if (day.length < 10) return true
  return new Date(`${day}T00:00:00Z`).toISOString().startsWith(day)
}

const list = (value: unknown): unknown[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value]
const urlOf = (value: unknown): unknown =>
  value && typeof value === 'object' ? ((value as Data).url ?? (value as Data)['@id']) : value

/** The handlers of the types Adobe's validator has none for, and the site's own rules. */
function handlers(origin: string) {
  /** A rule over one property: a message when `ok` fails on a value of it. */
  const each =
    (self: BaseValidator, name: string, ok: (v: unknown) => boolean, what: string) =>
    (data: Data): Issue[] =>
      list(data[name])
        .filter((v) => !ok(v))
        .map((v) => ({
          issueMessage: `"${name}" ${what} (got ${JSON.stringify(v)})`,
          severity: 'ERROR' as const,
          path: self.path,
          fieldNames: [name],
        }))
  const onSite = (v: unknown) => {
    const url = urlOf(v)
    return typeof url === 'string' && url.startsWith(`${origin}/`) ? isUrl(url) : false
  }
  const absolute = (v: unknown) => {
    const url = urlOf(v)
    return typeof url === 'string' && /^https?:\/\//.test(url) && isUrl(url)
  }
  const onSiteMessage = `must be an absolute URL on the site's address ${origin}`

  class NewsArticleRules extends BaseValidator {
    override getConditions() {
      return [
        this.required('headline', 'string'),
        this.required('datePublished', 'string'),
        each(this, 'datePublished', isoDate, 'must be an ISO 8601 date, e.g. 2025-06-02'),
        this.required('image'),
        each(this, 'image', absolute, 'must be an absolute URL'),
        this.required('url'),
        each(this, 'url', onSite, onSiteMessage),
        this.recommended('author'),
      ].map((c) => c.bind(this))
    }
  }
  class WebSiteRules extends BaseValidator {
    override getConditions() {
      return [
        this.required('name', 'string'),
        this.required('url'),
        each(this, 'url', onSite, onSiteMessage),
      ].map((c) => c.bind(this))
    }
  }
  class OrganizationRules extends BaseValidator {
    override getConditions() {
      return [
        this.required('url'),
        each(this, 'url', onSite, onSiteMessage),
        this.required('logo'),
        each(this, 'logo', absolute, 'must be an absolute URL'),
        each(this, 'sameAs', absolute, 'must be an absolute URL'),
      ].map((c) => c.bind(this))
    }
  }
  class PostalAddressRules extends BaseValidator {
    override getConditions() {
      return [
        this.required('streetAddress', 'string'),
        this.required('postalCode', 'string'),
        this.required('addressLocality', 'string'),
        this.required('addressCountry', 'string'),
        each(
          this,
          'addressCountry',
          (v) => typeof v === 'string' && /^[A-Z]{2}$/.test(v),
          'must be a two-letter ISO 3166-1 code, e.g. TN',
        ),
      ].map((c) => c.bind(this))
    }
  }
  class ContactPointRules extends BaseValidator {
    override getConditions() {
      return [
        this.required('contactType', 'string'),
        this.or(this.required('telephone', 'string'), this.required('email', 'string')),
        each(
          this,
          'telephone',
          (v) => typeof v === 'string' && /^\+[0-9 ]+$/.test(v),
          'must be in international form, +216 70 000 000',
        ),
      ].map((c) => c.bind(this))
    }
  }
  /** On top of Adobe's ListItem rules: the breadcrumb's links are the site's own pages. */
  class ListItemRules extends BaseValidator {
    override getConditions() {
      return [this.required('item'), each(this, 'item', onSite, onSiteMessage)].map((c) =>
        c.bind(this),
      )
    }
  }
  return {
    NewsArticle: NewsArticleRules,
    WebSite: WebSiteRules,
    Organization: OrganizationRules,
    PostalAddress: PostalAddressRules,
    ContactPoint: ContactPointRules,
    ListItem: ListItemRules,
  }
}

function isUrl(text: string): boolean {
  try {
    new URL(text)
    return true
  } catch {
    return false
  }
}

/** A validator with Google's rules and ours, for pages on `origin` (https://www.example.com). */
export function structuredDataValidator(origin: string): Validator {
  const validator = new Validator()
  for (const [type, handler] of Object.entries(handlers(origin)))
    validator.registeredHandlers[type] = [
      ...(validator.registeredHandlers[type] ?? []),
      async () => ({ default: handler }),
    ]
  return validator
}

/** `Organization.contactPoint[2]`: where in the data an issue is. */
function pathText(path: readonly PathStep[] = []): string {
  return path
    .map((s, i) => {
      const name = i === 0 ? (s.type ?? '') : `.${s.property ?? s.type ?? ''}`
      return s.length !== undefined && s.index !== undefined ? `${name}[${s.index}]` : name
    })
    .join('')
}

export type BlockIssue = { severity: 'error' | 'warning'; message: string }

async function validateText(text: string, validator: Validator): Promise<BlockIssue[]> {
  const extracted = new WebAutoExtractor().parse(
    `<script type="application/ld+json">${text}</script>`,
  )
  const issues = await validator.validate(extracted)
  return issues.map((i) => {
    const where = pathText(i.path)
    return {
      severity: i.severity === 'ERROR' ? 'error' : 'warning',
      message: `structured data: ${where ? `${where}: ` : ''}${i.issueMessage}`,
    }
  })
}

/**
 * The issues of one JSON-LD block's text, as `path: message` with their severity. The nodes of a
 * graph are checked one by one and remembered in `seen`: every page of a language carries the
 * same company and website (4 ms a page to check again, 4 s at 1,000 pages). `cache` keeps each
 * node's issues across builds (structuredDataCache.ts): a node found there is not checked again.
 */
export async function checkJsonLd(
  text: string,
  validator: Validator,
  seen = new Map<string, Promise<BlockIssue[]>>(),
  cache?: NodeIssueCache,
): Promise<BlockIssue[]> {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return validateText(text, validator) // the extractor words the parse error
  }
  const { '@context': context, '@graph': nodes } = (data ?? {}) as Data
  if (!context || !Array.isArray(nodes)) return validateText(text, validator)
  const each = nodes.map((node) => {
    const one = JSON.stringify({ '@context': context, '@graph': [node] })
    const known = seen.get(one)
    if (known) return known
    const stored = cache?.get(one)
    const issues = stored
      ? Promise.resolve(stored)
      : validateText(one, validator).then((found) => {
          cache?.set(one, found)
          return found
        })
    seen.set(one, issues)
    return issues
  })
  return (await Promise.all(each)).flat()
}

/**
 * Every issue of every page's JSON-LD, at the block's place in the built file. `cacheDir`: the
 * nodes' issues of the last builds (structuredDataCache.ts); the findings are the same without.
 */
export async function checkStructuredData(
  pages: readonly BuiltPage[],
  origin: string,
  cacheDir?: string,
): Promise<Finding[]> {
  const validator = structuredDataValidator(origin)
  const seen = new Map<string, Promise<BlockIssue[]>>()
  const cache = cacheDir ? openStructuredDataCache(cacheDir, origin) : undefined
  const findings: Finding[] = []
  for (const page of pages)
    for (const block of page.doc.jsonLd) {
      const issues = await checkJsonLd(block.text, validator, seen, cache)
      if (issues.length === 0) continue
      const at = { file: page.label, ...page.positionOf(block.offset) }
      for (const issue of issues)
        findings.push(
          (issue.severity === 'error' ? error : warning)('structured', at, issue.message),
        )
    }
  cache?.save()
  return findings
}
