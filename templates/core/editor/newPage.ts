// "Ajouter une page": a page is a route, its menu entry, its menu label (nav.<id>)
// and its two page files, and the content check refuses any of them without the others, so a
// new page is ONE save of five files, checked as a whole and written all or none. Decap cannot
// create a file in a file collection: the editor's form is a folder collection (`new-page`)
// whose entries live at `content/new-pages/<id>.yaml`, a path no file has; its value is
// `{ fr, en }` (single_file, like the pages) holding the page's fields plus the route's: `id`,
// `path_fr`, `path_en` and `menu` (neutral, under fr) and `nav_label` (one per language). This
// module splits that value into the files (the page files written whole; routes.yaml and the UI
// strings edited in place, only lines added) and reads a created page back into it.
import { parse, stringify } from 'yaml'
import { isObject, type Json } from '../../lib/isObject.ts'
import { LANGS, type Lang, SOURCE_LANG } from '../../lib/languages.ts'
import { type Text, worded } from '../content/problems.ts'
import type { ContentSource } from '../content/source.ts'
import { textHash } from '../content/textHash.ts'
import { entryTexts } from '../editing/entryFiles.ts'
import { positionOf, type SaveProblem } from '../editing/planSave.ts'
import type { DecapField, DecapFolderCollection } from './decapConfig.ts'
import type { EntryFile } from './entryPaths.ts'

export const NEW_PAGE_COLLECTION = 'new-page'
export const NEW_PAGE_FOLDER = 'content/new-pages'
export const ROUTES_FILE = 'content/routes.yaml'
export const NOT_IN_MENU = 'none'
export const TOP_MENU = 'top'

const pageFile = (lang: Lang, id: string) => `content/${lang}/${id}.yaml`
const stringsFile = (lang: Lang) => `content/i18n/${lang}.yaml`

/** The route's fields of the form, beside the page's own; what is not a page file's key. */
const ROUTE_KEYS = ['id', 'path_fr', 'path_en', 'menu', 'nav_label'] as const

export const ID_PATTERN = '^[a-z][a-z0-9-]*$'
export const ID_MESSAGE: Text = {
  en: 'The id starts with a lower-case letter, followed by lower-case letters, digits or dashes (e.g. extended-warranty).',
  fr: "L'identifiant commence par une lettre minuscule, suivie de minuscules, de chiffres ou de tirets (par exemple garantie-etendue).",
}
// Segments of letters, digits, - and _ (the paths the site has); /en is the English pages' prefix.
export const PATH_PATTERN: Record<Lang, string> = {
  fr: '^(?!/en(?:[/_]|$))(/[A-Za-z0-9_-]+)+$',
  en: '^/en(/[A-Za-z0-9_-]+)+$',
}
export const PATH_MESSAGE: Record<Lang, Text> = {
  fr: {
    en: 'The French path starts with / and has only unaccented letters, digits, dashes and _ (e.g. /services/garantie); /en is kept for the English pages.',
    fr: "L'adresse française commence par / et n'a que des lettres sans accent, des chiffres, des tirets et des _ (par exemple /services/garantie) ; /en est réservé aux pages anglaises.",
  },
  en: {
    en: 'The English path starts with /en/ and has only unaccented letters, digits, dashes and _ (e.g. /en/services/warranty).',
    fr: "L'adresse anglaise commence par /en/ et n'a que des lettres sans accent, des chiffres, des tirets et des _ (par exemple /en/services/warranty).",
  },
}

/** `content/new-pages/<id>.yaml` -> `<id>`; undefined for any other path. */
export function newPageId(path: string): string | undefined {
  return new RegExp(`^${NEW_PAGE_FOLDER}/([^/]+)\\.yaml$`).exec(path)?.[1]
}

type MenuEntry = { page?: unknown; label?: unknown; children?: unknown }
type RouteValue = {
  id?: unknown
  parent?: unknown
  fr?: { path?: unknown }
  en?: { path?: unknown }
}
type RoutesValue = Json & { routes?: RouteValue[]; menu?: MenuEntry[] }

/** A place the menu offers a new page: the top level, or a submenu (by its label's key). */
export type MenuPlace = {
  value: string
  label: string
  /** The submenu's indices (`[2, 1]`: menu[2].children[1]; `[]`: the top level); none: not in it. */
  at?: number[]
  /** The route's parent: the submenu's first page, when the site already uses it as a parent. */
  parent?: string
  /** The pages of the place, in menu order (a submenu's nested ones too; the top level's own). */
  pages: string[]
}

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])
const str = (v: unknown) => (typeof v === 'string' ? v : undefined)

/** The menu's places, as the form's select offers them; "not in the menu" last. */
export function menuPlaces(routes: unknown, strings: unknown): MenuPlace[] {
  const table = (isObject(routes) ? routes : {}) as RoutesValue
  const parents = new Set(asList(table.routes).map((r) => (isObject(r) ? str(r.parent) : '')))
  const nav = isObject(strings) && isObject(strings.nav) ? strings.nav : {}
  const labelOf = (key: string) => str(nav[key.replace(/^nav\./, '')]) ?? key
  const pagesUnder = (entries: unknown[]): string[] =>
    entries.flatMap((e) =>
      isObject(e)
        ? [...(str(e.page) ? [e.page as string] : []), ...pagesUnder(asList(e.children))]
        : [],
    )
  const places: MenuPlace[] = []
  const top = asList(table.menu)
  places.push({
    value: TOP_MENU,
    label: 'Menu principal (premier niveau)',
    at: [],
    pages: top.flatMap((e) => (isObject(e) && str(e.page) ? [e.page as string] : [])),
  })
  const walk = (entries: unknown[], at: number[], names: string[]) => {
    for (const [i, e] of entries.entries()) {
      if (!isObject(e) || !str(e.label) || !Array.isArray(e.children)) continue
      const key = e.label as string
      const first = e.children.map((c) => (isObject(c) ? str(c.page) : undefined)).find(Boolean)
      const path = [...names, labelOf(key)]
      places.push({
        value: key,
        label: path.join(' › '),
        at: [...at, i],
        ...(first && parents.has(first) ? { parent: first } : {}),
        pages: pagesUnder(e.children),
      })
      walk(e.children, [...at, i], path)
    }
  }
  walk(top, [], [])
  places.push({ value: NOT_IN_MENU, label: 'Pas dans le menu', pages: [] })
  return places
}

/** The form: the page's id, its place in the menu and label, its paths, then the page's fields. */
export function newPageCollection(
  pageFields: DecapField[],
  routes: unknown,
  strings: unknown,
): DecapFolderCollection {
  const places = menuPlaces(routes, strings)
  const fields: DecapField[] = [
    {
      name: 'id',
      label: 'Identifiant de la page',
      widget: 'string',
      required: true,
      i18n: false,
      hint: "Il nomme les fichiers de la page (content/fr/<id>.yaml, content/en/<id>.yaml) et c'est ce que citent les liens (page:<id>). Minuscules, chiffres et tirets.",
      pattern: [ID_PATTERN, ID_MESSAGE.fr],
    },
    {
      name: 'menu',
      label: 'Place dans le menu',
      widget: 'select',
      required: true,
      i18n: false,
      hint: "Le sous-menu où la page s'ajoute, à la fin ; la première page du sous-menu la précède dans le fil d'Ariane quand elle précède déjà les autres.",
      options: places.map((p) => ({ label: p.label, value: p.value })),
    },
    {
      name: 'nav_label',
      label: 'Libellé dans le menu',
      widget: 'string',
      required: false,
      i18n: true,
      hint: "Le texte du lien dans le menu (nav.<id> des textes de l'interface), dans chaque langue ; requis quand la page est dans le menu.",
    },
    ...LANGS.map(
      (lang): DecapField => ({
        name: `path_${lang}`,
        label: lang === 'fr' ? 'Adresse en français' : 'Adresse en anglais',
        widget: 'string',
        required: true,
        i18n: false,
        hint:
          lang === 'fr'
            ? 'Le chemin de la page française, par exemple /services/garantie.'
            : 'Le chemin de la page anglaise, par exemple /en/services/warranty.',
        pattern: [PATH_PATTERN[lang], PATH_MESSAGE[lang].fr],
      }),
    ),
    ...pageFields,
  ]
  return {
    name: NEW_PAGE_COLLECTION,
    label: 'Nouvelle page',
    label_singular: 'page',
    description:
      "Ajouter une page : ses textes dans les deux langues, ses adresses, sa place dans le menu et son libellé, enregistrés ensemble (route dans content/routes.yaml, content/fr/<id>.yaml, content/en/<id>.yaml, nav.<id> dans content/i18n/). Une page créée se modifie ensuite dans la collection de son groupe du menu (recharger l'éditeur).",
    folder: NEW_PAGE_FOLDER,
    create: true,
    delete: false,
    extension: 'yaml',
    format: 'yaml',
    identifier_field: 'id',
    slug: '{{fields.id}}',
    i18n: true,
    fields,
  }
}

type Problem = SaveProblem

const readText = (source: ContentSource, rel: string) => source.content.get(rel)
const readValue = (source: ContentSource, rel: string): unknown => {
  const text = readText(source, rel)
  try {
    return text === undefined ? undefined : parse(text)
  } catch {
    return undefined
  }
}

export type NewPagePlan = {
  id: string
  /** Path relative to the root -> new text, for saveEntry. */
  files: Map<string, string | null>
  /** Index of the new route in routes:, and the menu path of its entry (undefined: not in it). */
  routeIndex: number
  menuPath?: (string | number)[]
}

/** The five files of a new page from the form's value, or the problems that stop it, at their fields. */
export function planNewPage(
  source: ContentSource,
  path: string,
  value: unknown,
): NewPagePlan | { problems: Problem[] } {
  const byLang = (isObject(value) ? value : {}) as Partial<Record<Lang, unknown>>
  const words = Object.fromEntries(
    LANGS.map((l) => [l, (isObject(byLang[l]) ? byLang[l] : {}) as Json]),
  ) as Record<Lang, Json>
  const own = (key: string) =>
    words[SOURCE_LANG][key] ?? LANGS.map((l) => words[l][key]).find(Boolean)
  const id = str(own('id'))?.trim() ?? ''
  const routesText = readText(source, ROUTES_FILE)
  const routes = (readValue(source, ROUTES_FILE) ?? {}) as RoutesValue
  const routeList = asList(routes.routes) as RouteValue[]
  /** A problem of the route at a field of the form (`key`: where the route table would have it). */
  const problem = (field: string, key: string, text: Text, at: (string | number)[] = []) => ({
    file: ROUTES_FILE,
    ...positionOf(routesText, at),
    key,
    ...worded(text),
    field: [SOURCE_LANG, field],
  })
  const newKey = (rest: string) => `routes[${routeList.length}].${rest}`
  if (!new RegExp(ID_PATTERN).test(id))
    return { problems: [problem('id', newKey('id'), ID_MESSAGE)] }
  // A page that exists: said once, here (the check would also say it, in its own words).
  const taken = routeList.findIndex((r) => isObject(r) && r.id === id)
  const files = LANGS.map((l) => pageFile(l, id)).filter((f) => source.content.has(f))
  if (taken >= 0 || files.length) {
    const route = routeList[taken]
    const paths = [route?.fr?.path, route?.en?.path].filter(Boolean)
    const where = (and: string) =>
      taken >= 0 ? `route ${paths.join(` ${and} `)}` : files.join(` ${and} `)
    // Decap names a new entry `<id>-1` when `<id>` exists: the same name is the saved entry again.
    const again = newPageId(path) === id
    const message: Text = again
      ? {
          en: `The page "${id}" is created (${where('and')}): to edit it, reload the editor and open it in the collection of its menu group.`,
          fr: `La page « ${id} » est créée (${where('et')}) : pour la modifier, rechargez l'éditeur et ouvrez-la dans la collection de son groupe du menu.`,
        }
      : {
          en: `The page "${id}" already exists (${where('and')}): choose another id.`,
          fr: `La page « ${id} » existe déjà (${where('et')}) : choisissez un autre identifiant.`,
        }
    const existing = taken >= 0 ? `routes[${taken}].id` : newKey('id')
    return {
      problems: [problem('id', existing, message, taken >= 0 ? ['routes', taken, 'id'] : [])],
    }
  }
  const problems: Problem[] = []
  const paths = {} as Record<Lang, string>
  for (const lang of LANGS) {
    const p = str(own(`path_${lang}`)) ?? ''
    paths[lang] = p
    if (!new RegExp(PATH_PATTERN[lang]).test(p))
      problems.push(problem(`path_${lang}`, newKey(`${lang}.path`), PATH_MESSAGE[lang]))
  }
  const strings = Object.fromEntries(
    LANGS.map((l) => [l, readValue(source, stringsFile(l))]),
  ) as Record<Lang, unknown>
  const places = menuPlaces(routes, strings[SOURCE_LANG])
  const placeValue = str(own('menu')) ?? ''
  const place = places.find((p) => p.value === placeValue)
  if (!place)
    problems.push(
      problem(
        'menu',
        'menu',
        {
          en: `Choose the page's place in the menu: ${places.map((p) => `"${p.label}"`).join(', ')}.`,
          fr: `Choisissez la place de la page dans le menu : ${places.map((p) => `« ${p.label} »`).join(', ')}.`,
        },
        ['menu'],
      ),
    )
  const labels = Object.fromEntries(
    LANGS.map((l) => [l, str(words[l].nav_label)?.trim() ?? '']),
  ) as Record<Lang, string>
  if (place?.at)
    for (const lang of LANGS)
      if (!labels[lang])
        problems.push({
          file: stringsFile(lang),
          line: 1,
          col: 1,
          key: `nav.${id}`,
          ...worded({
            en: `The page is in the menu: give it its ${lang === 'fr' ? 'French' : 'English'} label.`,
            fr: `La page est dans le menu : donnez-lui son libellé ${lang === 'fr' ? 'français' : 'anglais'}.`,
          }),
          field: [lang, 'nav_label'],
        })
  if (problems.length || !place) return { problems }

  // The route, after the last route of its place's pages (the route table is in menu order).
  const route: Json = {
    id,
    template: 'page',
    ...(place.parent ? { parent: place.parent } : {}),
    fr: { path: paths.fr },
    en: { path: paths.en },
  }
  const placed = new Set(place.pages)
  const lastOfPlace = routeList.reduce(
    (last, r, i) => (placed.has(str(r?.id) ?? '') ? i : last),
    -1,
  )
  const routeIndex = lastOfPlace >= 0 ? lastOfPlace + 1 : routeList.length
  const nextRoutes = [...routeList.slice(0, routeIndex), route, ...routeList.slice(routeIndex)]
  let menu = asList(routes.menu)
  let menuPath: (string | number)[] | undefined
  if (place.at) {
    const [nextMenu, at] = appendEntry(menu, place.at, { page: id })
    menu = nextMenu
    menuPath = ['menu', ...at]
  }
  const values = new Map<string, unknown>([[ROUTES_FILE, { ...routes, routes: nextRoutes, menu }]])
  for (const lang of LANGS) {
    values.set(pageFile(lang, id), pageValue(words[lang]))
    if (!labels[lang]) continue
    const current = (isObject(strings[lang]) ? strings[lang] : {}) as Json
    const nav = isObject(current.nav) ? current.nav : {}
    values.set(stringsFile(lang), {
      ...current,
      nav: withKeyAfter(nav, id, labels[lang], place.pages),
    })
  }
  return { id, files: entryTexts(source, values), routeIndex, menuPath }
}

/** The page file's value: the form's page fields, without the route's, in the schema's order. */
function pageValue(words: Json): Json {
  const order = ['title', 'description', 'heading', 'banner', 'blocks']
  const keys = Object.keys(words).filter((k) => !(ROUTE_KEYS as readonly string[]).includes(k))
  keys.sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99))
  return Object.fromEntries(keys.map((k) => [k, words[k]]))
}

/** The menu with `entry` last in the submenu at `at` (`[]`: the top level); and its path. */
function appendEntry(menu: unknown[], at: number[], entry: Json): [unknown[], (string | number)[]] {
  if (!at.length) return [[...menu, entry], [menu.length]]
  const [i, ...rest] = at as [number, ...number[]]
  const submenu = menu[i] as Json
  const [children, path] = appendEntry(asList(submenu.children), rest, entry)
  const next = [...menu]
  next[i] = { ...submenu, children }
  return [next, [i, 'children', ...path]]
}

/** `nav` with `key: value` after the key of the last of `pages` it has (else at the end). */
function withKeyAfter(nav: Json, key: string, value: string, pages: string[]): Json {
  const after = [...pages].reverse().find((p) => p in nav)
  if (!after) return { ...nav, [key]: value }
  const out: Json = {}
  for (const [k, v] of Object.entries(nav)) {
    out[k] = v
    if (k === after) out[key] = value
  }
  return out
}

/** A problem of one of the new page's files, placed at the form's field that holds its value. */
export function atFormField(plan: NewPagePlan, problem: SaveProblem): Problem {
  const { field, ...rest } = problem
  const lang = LANGS.find((l) => problem.file === pageFile(l, plan.id))
  if (lang) return { ...rest, field: [lang, ...(field ?? [])] }
  const strings = LANGS.find((l) => problem.file === stringsFile(l))
  if (strings && problem.key === `nav.${plan.id}`) return { ...rest, field: [strings, 'nav_label'] }
  if (problem.file === ROUTES_FILE && field) {
    const [list, index, ...more] = field
    if (list === 'routes' && index === plan.routeIndex) {
      const key =
        more[0] === 'fr' || more[0] === 'en' ? `path_${more[0]}` : more[0] === 'id' ? 'id' : 'menu'
      return { ...rest, field: [SOURCE_LANG, key] }
    }
    if (plan.menuPath && field.join('.').startsWith(plan.menuPath.join('.')))
      return { ...rest, field: [SOURCE_LANG, 'menu'] }
  }
  return rest
}

/** A created page read back as the form's value (Decap loads the entry it has just saved). */
export function readNewPage(source: ContentSource, path: string): EntryFile {
  const id = newPageId(path) ?? ''
  const routes = (readValue(source, ROUTES_FILE) ?? {}) as RoutesValue
  const route = asList(routes.routes).find((r) => isObject(r) && r.id === id) as
    | RouteValue
    | undefined
  const texts = LANGS.map((l) => readText(source, pageFile(l, id)))
  if (!route || texts.some((t) => t === undefined)) return { data: null, file: { path, id: null } }
  const strings = Object.fromEntries(LANGS.map((l) => [l, readValue(source, stringsFile(l))]))
  const place = menuPlaces(routes, strings[SOURCE_LANG]).find((p) => directlyIn(routes, p, id))
  const value = Object.fromEntries(
    LANGS.map((lang, i) => {
      const s = strings[lang]
      const nav = isObject(s) && isObject(s.nav) ? s.nav : {}
      const label = str(nav[id])
      const page = (parse(texts[i] as string) ?? {}) as Json
      const neutral =
        lang === SOURCE_LANG
          ? {
              id,
              menu: place?.value ?? NOT_IN_MENU,
              path_fr: str(route.fr?.path) ?? '',
              path_en: str(route.en?.path) ?? '',
            }
          : {}
      return [lang, { ...neutral, ...(label ? { nav_label: label } : {}), ...page }]
    }),
  )
  const files = [ROUTES_FILE, ...LANGS.flatMap((l) => [pageFile(l, id), stringsFile(l)])]
  const stamp = files.map((f) => readText(source, f) ?? '').join('\0')
  return {
    data: stringify(value, { lineWidth: 0 }),
    file: { path, id: textHash(stamp) },
  }
}

/** Whether `id` is an entry of the place itself (not of a submenu nested in it). */
function directlyIn(routes: RoutesValue, place: MenuPlace, id: string): boolean {
  if (!place.at) return false
  let entries = asList(routes.menu)
  for (const i of place.at) entries = asList((entries[i] as MenuEntry | undefined)?.children)
  return entries.some((e) => isObject(e) && e.page === id)
}
