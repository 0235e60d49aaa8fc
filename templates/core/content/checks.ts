// Checks that span several content files, run by collectContent after each file passed its
// schema: route paths, menu and table labels, links (fields and running text) and their
// #anchors, block ids. Each mistake gives one problem, located at the offending value.
import { FRAME_PAGES } from '../../lib/framePages.ts'
import { inlineLinks } from '../../lib/inlineMarkup.ts'
import { isObject } from '../../lib/isObject.ts'
import { groupsOf } from '../../lib/ratingsColumns.ts'
import type { ContentProblem, Text } from './problems.ts'
import { keyPath, worded } from './problems.ts'
import type { PublicFiles } from './source.ts'
import { linkForm } from './validator.ts'
import type { YamlFile } from './yamlFile.ts'

type Path = (string | number)[]
const LANG_NAMES: Record<string, string> = { fr: 'French', en: 'English' }
const LANG_NAMES_FR: Record<string, string> = { fr: 'français', en: 'anglais' }

const at = (y: YamlFile, path: Path, text: Text, onKey = false): ContentProblem => ({
  file: y.file,
  ...y.positionOf(path, onKey),
  key: keyPath(path),
  ...worded(text),
})

/** Every page path and alias (both languages), every redirect source: the site's known paths. */
export function sitePaths(routes: unknown, langs: readonly string[]): Set<string> {
  const out = new Set<string>()
  for (const { path } of pathEntries(routes, langs)) out.add(path)
  return out
}

type PathEntry = { path: string; where: Path; page?: string; redirect?: boolean }

function pathEntries(routes: unknown, langs: readonly string[]): PathEntry[] {
  const out: PathEntry[] = []
  if (!isObject(routes)) return out
  for (const [i, r] of (Array.isArray(routes.routes) ? routes.routes : []).entries()) {
    if (!isObject(r)) continue
    for (const lang of langs) {
      const loc = r[lang]
      if (!isObject(loc)) continue
      const page = String(r.id)
      if (typeof loc.path === 'string')
        out.push({ path: loc.path, where: ['routes', i, lang, 'path'], page })
      for (const [j, a] of (Array.isArray(loc.aliases) ? loc.aliases : []).entries())
        if (typeof a === 'string')
          out.push({ path: a, where: ['routes', i, lang, 'aliases', j], page })
    }
  }
  for (const [k, r] of (Array.isArray(routes.redirects) ? routes.redirects : []).entries())
    if (isObject(r) && typeof r.from === 'string')
      out.push({ path: r.from, where: ['redirects', k, 'from'], redirect: true })
  return out
}

/**
 * Paths and aliases are unique across languages and by case (hosts and file systems that
 * ignore case would serve one page for both); a redirect never hides a live page.
 */
export function checkRoutePaths(y: YamlFile, langs: readonly string[]): ContentProblem[] {
  const problems: ContentProblem[] = []
  const pages = new Map<string, PathEntry>()
  const byCase = new Map<string, PathEntry>()
  const entries = pathEntries(y.value, langs)
  const line = (e: PathEntry) => y.positionOf(e.where).line
  const what = (e: PathEntry): Text =>
    e.where.includes('aliases')
      ? { en: `an alias of page "${e.page}"`, fr: `un alias de la page « ${e.page} »` }
      : { en: `the path of page "${e.page}"`, fr: `le chemin de la page « ${e.page} »` }
  for (const e of entries.filter((x) => !x.redirect)) {
    const same = pages.get(e.path)
    const folded = byCase.get(e.path.toLowerCase())
    if (same)
      problems.push(
        at(y, e.where, {
          en: `"${e.path}" is already ${what(same).en} (line ${line(same)}): each path leads to one page; choose another path`,
          fr: `« ${e.path} » est déjà ${what(same).fr} (ligne ${line(same)}) : chaque chemin mène à une seule page ; choisissez-en un autre`,
        }),
      )
    else if (folded)
      problems.push(
        at(y, e.where, {
          en: `"${e.path}" differs only by case from "${folded.path}", ${what(folded).en} (line ${line(folded)}): hosts that ignore case cannot tell them apart; choose another path`,
          fr: `« ${e.path} » ne diffère que par la casse de « ${folded.path} », ${what(folded).fr} (ligne ${line(folded)}) : les hébergeurs qui ignorent la casse ne les distinguent pas ; choisissez un autre chemin`,
        }),
      )
    else {
      pages.set(e.path, e)
      byCase.set(e.path.toLowerCase(), e)
    }
  }
  // Two redirects from the same path are reported by the schema (x-unique-by).
  for (const e of entries.filter((x) => x.redirect)) {
    const live = pages.get(e.path)
    if (live)
      problems.push(
        at(y, e.where, {
          en: `redirect from "${e.path}" would hide a live page: it is ${what(live).en} (line ${line(live)}); remove this redirect or change its from`,
          fr: `la redirection depuis « ${e.path} » cacherait une page en ligne : c'est ${what(live).fr} (ligne ${line(live)}) ; supprimez cette redirection ou changez son from`,
        }),
      )
  }
  return problems
}

type I18nFiles = Partial<Record<string, YamlFile>>

function hasKey(y: YamlFile | undefined, key: string): boolean {
  let v: unknown = y?.value
  for (const part of key.split('.')) {
    if (!isObject(v) || !(part in v)) return false
    v = v[part]
  }
  return v !== undefined && v !== null
}

/**
 * A UI string the content requires: reported at the value that requires it when no language has
 * it (a gap in one language only is reported once, by the i18n comparison, in that file).
 */
function requireKey(
  i18n: I18nFiles,
  langs: readonly string[],
  y: YamlFile,
  path: Path,
  key: string,
  what: Text,
): ContentProblem[] {
  const files = langs.map((l) => i18n[l])
  if (files.some((f) => !f)) return [] // an unreadable i18n file is reported on its own
  if (files.some((f) => hasKey(f, key))) return []
  const [group, ...rest] = key.split('.')
  const names = langs.map((l) => `content/i18n/${l}.yaml`)
  return [
    at(y, path, {
      en: `${what.en} has no UI string "${key}": add "${rest.join('.')}: ..." under ${group}: in ${names.join(' and ')}`,
      fr: `${what.fr} n'a pas de texte d'interface « ${key} » : ajoutez « ${rest.join('.')}: ... » sous ${group}: dans ${names.join(' et ')}`,
    }),
  ]
}

/**
 * Every menu entry has its label: nav.<page id>, or the submenu's label key. An entry naming an
 * unknown page is reported by the schema (x-page) only: its label is moot until the id is right.
 */
export function checkMenuLabels(
  y: YamlFile,
  i18n: I18nFiles,
  langs: readonly string[],
  pageIds: Set<string>,
): ContentProblem[] {
  const out: ContentProblem[] = []
  const walk = (entries: unknown, path: Path) => {
    if (!Array.isArray(entries)) return
    for (const [i, e] of entries.entries()) {
      if (!isObject(e)) continue
      if (typeof e.page === 'string' && pageIds.has(e.page))
        out.push(
          ...requireKey(i18n, langs, y, [...path, i, 'page'], `nav.${e.page}`, {
            en: 'this menu entry',
            fr: 'cette entrée du menu',
          }),
        )
      if (typeof e.label === 'string')
        out.push(
          ...requireKey(i18n, langs, y, [...path, i, 'label'], e.label, {
            en: 'this submenu',
            fr: 'ce sous-menu',
          }),
        )
      walk(e.children, [...path, i, 'children'])
    }
  }
  walk(isObject(y.value) ? y.value.menu : undefined, ['menu'])
  return out
}

/**
 * Every address of content/site.yaml has its label (its `label` is the key), every social network
 * its label (social.<network>) and every news category of content/data/news.yaml its heading
 * (homeNews.news.category.<category>): the templates look these keys up from the values.
 */
export function checkNamedLabels(
  site: YamlFile | undefined,
  news: YamlFile | undefined,
  i18n: I18nFiles,
  langs: readonly string[],
): ContentProblem[] {
  const out: ContentProblem[] = []
  const each = (
    y: YamlFile | undefined,
    list: string,
    field: string,
    key: (value: string) => string,
    what: Text,
  ) => {
    const items = isObject(y?.value) ? y.value[list] : undefined
    if (!y || !Array.isArray(items)) return
    const seen = new Set<string>()
    for (const [i, item] of items.entries()) {
      const value = isObject(item) ? item[field] : undefined
      if (typeof value !== 'string' || seen.has(value)) continue // one message per value
      seen.add(value)
      out.push(...requireKey(i18n, langs, y, [list, i, field], key(value), what))
    }
  }
  each(site, 'addresses', 'label', (key) => key, { en: 'this address', fr: 'cette adresse' })
  each(site, 'social', 'network', (n) => `social.${n}`, {
    en: 'this social network',
    fr: 'ce réseau social',
  })
  each(news, 'articles', 'category', (c) => `homeNews.news.category.${c}`, {
    en: 'this news category',
    fr: 'cette catégorie d’actualités',
  })
  return out
}

/** The page ids the menu's entries name, at every level. */
function menuPages(entries: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(entries))
    for (const e of entries)
      if (isObject(e)) {
        if (typeof e.page === 'string') into.add(e.page)
        menuPages(e.children, into)
      }
  return into
}

/**
 * Every page the site's frame links to (templates/lib/framePages.ts: top bar, menu, footer) that
 * the route table has comes with its label nav.<id>; reported at the route's id, unless the menu
 * names the page (checkMenuLabels reports it there: one message for one missing label).
 */
export function checkFrameLabels(
  y: YamlFile,
  i18n: I18nFiles,
  langs: readonly string[],
): ContentProblem[] {
  const routes = isObject(y.value) && Array.isArray(y.value.routes) ? y.value.routes : []
  const inMenu = menuPages(isObject(y.value) ? y.value.menu : undefined)
  const frame = new Set(FRAME_PAGES.filter((id) => !inMenu.has(id)))
  return routes.flatMap((r, i) =>
    isObject(r) && typeof r.id === 'string' && frame.has(r.id)
      ? requireKey(i18n, langs, y, ['routes', i, 'id'], `nav.${r.id}`, {
          en: 'this page, linked from the header or footer,',
          fr: 'cette page, liée depuis l’en-tête ou le pied de page,',
        })
      : [],
  )
}

/** Every row of a fact sheet and every column of a ratings table has its UI label. */
export function checkTableLabels(
  data: Map<string, YamlFile>,
  i18n: I18nFiles,
  langs: readonly string[],
): ContentProblem[] {
  const out: ContentProblem[] = []
  for (const [name, y] of data) {
    const v = y.value
    if (!isObject(v)) continue
    if (Array.isArray(v.sheets))
      for (const [i, sheet] of v.sheets.entries())
        for (const [j, row] of (isObject(sheet) && Array.isArray(sheet.rows)
          ? sheet.rows
          : []
        ).entries()) {
          if (!isObject(row)) continue
          const rowPath = ['sheets', i, 'rows', j]
          if (typeof row.id === 'string')
            out.push(
              ...requireKey(i18n, langs, y, [...rowPath, 'id'], `catalogue.spec.${row.id}`, {
                en: 'this table row',
                fr: 'cette ligne du tableau',
              }),
            )
          if (typeof row.text === 'string')
            out.push(
              ...requireKey(
                i18n,
                langs,
                y,
                [...rowPath, 'text'],
                `catalogue.specValue.${row.text}`,
                { en: 'this phrase', fr: 'cette expression' },
              ),
            )
        }
    if (name === 'ratings' && Array.isArray(v.tables))
      for (const [i, table] of v.tables.entries()) {
        if (!isObject(table) || (table.kind !== 'three-phase' && table.kind !== 'single-phase'))
          continue
        const keys = [`catalogue.ratings.legend.${table.kind}`]
        for (const g of groupsOf(table.kind)) {
          keys.push(`catalogue.ratings.group.${g.id}`)
          // A single column is headed by its group's label only.
          if (g.columns.length > 1) for (const c of g.columns) keys.push(...columnKeys(c.key))
        }
        for (const key of new Set(keys)) {
          const found = requireKey(i18n, langs, y, ['tables', i, 'kind'], key, {
            en: 'this table',
            fr: 'ce tableau',
          })
          if (found.length) {
            out.push(...found)
            break // one message per table
          }
        }
      }
  }
  return out
}

/** The UI strings RatingsTable's column heading uses for a column. */
function columnKeys(column: string): string[] {
  if (column.startsWith('dropPf')) return ['catalogue.ratings.powerFactor']
  if (column.startsWith('efficiency')) return ['catalogue.ratings.atLoad']
  if (['length', 'width', 'height', 'wheelBase'].includes(column))
    return [`catalogue.ratings.column.${column}.short`, `catalogue.ratings.column.${column}.name`]
  return [`catalogue.ratings.column.${column}`]
}

/**
 * The #anchors a page offers (every `id` in its file: blocks and items render them) and, for
 * block ids, the duplicates (two sections with one id: the second could never be linked to).
 */
export function anchorsOf(y: YamlFile): { anchors: Set<string>; problems: ContentProblem[] } {
  const anchors = new Set<string>()
  const walk = (v: unknown) => {
    if (Array.isArray(v)) for (const x of v) walk(x)
    else if (isObject(v))
      for (const [k, x] of Object.entries(v)) {
        if (k === 'id' && typeof x === 'string') anchors.add(x)
        else walk(x)
      }
  }
  walk(y.value)
  const problems: ContentProblem[] = []
  const blocks = isObject(y.value) && Array.isArray(y.value.blocks) ? y.value.blocks : []
  const seen = new Map<string, number>()
  for (const [i, b] of blocks.entries()) {
    const id = isObject(b) && typeof b.id === 'string' ? b.id : undefined
    if (id === undefined) continue
    const first = seen.get(id)
    if (first === undefined) seen.set(id, i)
    else
      problems.push(
        at(y, ['blocks', i, 'id'], {
          en: `duplicate block id "${id}": block ${first + 1} of this page already has it (line ${y.positionOf(['blocks', first, 'id']).line}); give this block another id`,
          fr: `id de bloc « ${id} » en double : le bloc ${first + 1} de cette page l'a déjà (ligne ${y.positionOf(['blocks', first, 'id']).line}) ; donnez un autre id à ce bloc`,
        }),
      )
  }
  return { anchors, problems }
}

export type LinkContext = {
  pageIds: Set<string>
  /** pageId -> anchors, in the language of the file being checked. */
  anchors: Map<string, Set<string>>
  paths: Set<string>
  /** The files under public/. */
  public: PublicFiles
  /** The page the link is written in (for #anchor links), if any. */
  pageId?: string
}

/** What is wrong with a link, or undefined: page, #anchor, site path or file under public/. */
export function checkLink(link: string, ctx: LinkContext): Text | undefined {
  const form = linkForm(link, ctx)
  if (form) return form
  if (link.startsWith('doc:')) return undefined // the documents registry checks these
  const page = /^page:([^#]+)(?:#(.*))?$/.exec(link)
  if (page) {
    const [, id = '', anchor] = page
    if (anchor === undefined) return undefined
    const anchors = ctx.anchors.get(id)
    if (!anchors || anchors.has(anchor)) return undefined
    return {
      en: `page "${id}" has no #${anchor}: its ids are ${list(anchors, 'none')}; link to one of them or drop the #part`,
      fr: `la page « ${id} » n'a pas de #${anchor} : ses ids sont ${list(anchors, 'aucun')} ; choisissez-en un ou retirez la partie #`,
    }
  }
  if (link.startsWith('#')) {
    const anchors = ctx.pageId ? ctx.anchors.get(ctx.pageId) : undefined
    const anchor = link.slice(1)
    if (!anchors || anchor === '' || anchors.has(anchor)) return undefined
    return {
      en: `this page has no #${anchor}: its ids are ${list(anchors, 'none')}`,
      fr: `cette page n'a pas de #${anchor} : ses ids sont ${list(anchors, 'aucun')}`,
    }
  }
  if (link.startsWith('/')) {
    const path = link.replace(/[?#].*$/, '')
    if (ctx.paths.has(path) || ctx.paths.has(path.replace(/\/$/, ''))) return undefined
    if (safeExists(ctx.public, path)) return undefined
    return /\.[a-z0-9]{2,4}$/i.test(path)
      ? {
          en: `file not found: expected public${path} to exist`,
          fr: `fichier introuvable : public${path} devrait exister`,
        }
      : {
          en: `no page, alias or redirect has the path "${path}": link to a page as page:<id>`,
          fr: `aucune page, aucun alias ni aucune redirection n'a le chemin « ${path} » : liez une page sous la forme page:<id>`,
        }
  }
  return undefined
}

function safeExists(files: PublicFiles, path: string): boolean {
  try {
    return files.has(decodeURI(path))
  } catch {
    return false
  }
}

const list = (s: Set<string>, none: string) =>
  s.size
    ? [...s]
        .slice(0, 6)
        .map((a) => `#${a}`)
        .join(', ') + (s.size > 6 ? ', ...' : '')
    : none

/**
 * [label](target) links in running text: every string of the file, wherever it is; the links the
 * page renders (inlineMarkup.ts), not a link inside **bold**, which the page shows as text.
 */
export function checkTextLinks(y: YamlFile, check: (link: string) => Text | undefined) {
  const out: ContentProblem[] = []
  const walk = (v: unknown, path: Path) => {
    if (typeof v === 'string') {
      for (const { label, target } of inlineLinks(v)) {
        const wrong = check(target)
        if (wrong)
          out.push(
            at(y, path, {
              en: `link [${label}](${target}): ${wrong.en}`,
              fr: `lien [${label}](${target}) : ${wrong.fr}`,
            }),
          )
      }
    } else if (Array.isArray(v)) for (const [i, x] of v.entries()) walk(x, [...path, i])
    else if (isObject(v)) for (const [k, x] of Object.entries(v)) walk(x, [...path, k])
  }
  walk(y.value, [])
  return out
}

export const langName = (lang: string) => LANG_NAMES[lang] ?? lang
/** The language's name in French, lower case as French writes it (`anglais`). */
export const langNameFr = (lang: string) => LANG_NAMES_FR[lang] ?? lang
