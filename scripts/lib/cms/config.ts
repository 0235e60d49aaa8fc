// The Decap CMS configuration (design §11), made from the content model at dev and build
// time, never written by hand: one entry per page of content/routes.yaml, grouped as the menu
// groups them, with the fields of schemas/page.schema.json and its blocks; then the data files,
// site.yaml, the UI strings and the route table. A schema or route change reaches the editor at
// the next generation, with no other edit.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { MenuEntry } from '../../../templates/content.ts'
import type { CheckData } from '../../../templates/core/content/rulesFromData.ts'
import type {
  DecapBackend,
  DecapConfig,
  DecapField,
  DecapFile,
  SitePages,
} from '../../../templates/core/editor/decapConfig.ts'
import {
  holdsNews,
  NEWS_DATA,
  pageEntryPath,
  pageFolder,
  STRINGS_ENTRY,
} from '../../../templates/core/editor/entryPaths.ts'
import { NEW_PAGE_COLLECTION, newPageCollection } from '../../../templates/core/editor/newPage.ts'
import { reviewField } from '../../../templates/core/editor/translationReview.ts'
import { LANGS, SOURCE_LANG } from '../../../templates/lib/languages.ts'
import { checkData, collectContent, projectDirs, type SiteContent } from '../content/load.ts'
import { listSchemas, readSchemaSet } from '../content/schemasDisk.ts'
import { DEFAULT_LIVE_TIMEOUT_MINUTES } from './cmsSettings.ts'
import { type FieldContext, hintOf, humanise, labelOf, objectFields } from './fields.ts'
import { fileCollectionSort, gitBackendConfig } from './gitConfig.ts'
import { pageLabel, registriesOf } from './registries.ts'

export type CmsConfigOptions = {
  /** Where the CMS's backend answers (the dev server's endpoint). */
  proxyUrl?: string
  /**
   * A git host's backend instead (the production editor: production.ts); no proxy then. GitHub,
   * Gitea and GitLab run the editor's own backend (templates/admin/backend/), so their
   * configuration is the dev server's; Bitbucket, Azure and git-gateway keep Decap's own, which
   * read and write real files only: one entry per language file (gitBackendConfig, gitConfig.ts).
   */
  backend?: DecapBackend
  /** The content as the build checked it (else read here, problems or not). */
  content?: Partial<SiteContent>
  /**
   * Minutes after a save's commit before the editor says the deploy may have failed
   * (CMS_LIVE_TIMEOUT_MINUTES, production.ts; templates/admin/live/); default 10.
   */
  liveTimeoutMinutes?: number
}

/** The backends the editor replaces by its own (siteBackend.ts): bilingual entries, one save. */
const SITE_BACKENDS = new Set(['github', 'gitea', 'gitlab', 'proxy'])

/** The collections' own labels: the editors read French. */
const LABELS = {
  menu: 'Pages du menu principal',
  otherPages: 'Autres pages',
  settings: 'Réglages et données',
  strings: "Textes de l'interface",
  newsArticles: 'Articles : date, catégorie et photos (pour les deux langues)',
  newsHint:
    "Un article par identifiant, le plus récent d'abord ; ses textes (titre, descriptions des photos, paragraphes) sont dans le bloc de la liste des actualités, sous le même identifiant, dans chaque langue.",
  pagesHint:
    'Une page par entrée, ses deux langues sur un seul écran (content/fr/<page>.yaml et content/en/<page>.yaml, enregistrés ensemble).',
  stringsHint:
    'Libellés du menu (nav.<page>), boutons, messages des formulaires : les mêmes clés dans les deux langues.',
}

/**
 * What the editor's own check of a save (the content check `npm run validate` runs, in the
 * browser: templates/admin/check/checker.ts) is made of: the schemas and what the templates name
 * (rules.ts). They are the code's, not the content's, and come with each generation, so a schema
 * change needs no new editor bundle. A file of its own beside the configuration (0.9 MB of the
 * 3 MB the page read before its form could show), which the editor fetches once its form is up
 * (siteCheck.ts): the first save's check is seconds away, the form is not.
 */
export function cmsCheckData(root: string): CheckData {
  return checkData(projectDirs(root).schemas)
}

export function cmsConfig(root: string, options: CmsConfigOptions = {}): DecapConfig {
  const dirs = projectDirs(root)
  // The content as the checker reads it, problems or not: the editor must open on a broken tree.
  const content = options.content ?? collectContent(dirs).content
  const schemas = readSchemaSet(dirs.schemas)
  const registries = registriesOf(content, dirs.public)
  const bilingual: FieldContext = { schemas, registries, bilingual: true }
  const plain: FieldContext = { ...bilingual, bilingual: false }
  const page = schemas.files.get('page.schema.json') ?? {}
  const pageFields = objectFields(bilingual, page, 'page.schema.json')
  // A page's entry carries the English reviews of its form (translationReview.ts); not a new page's.
  const reviewedFields = [...pageFields, reviewField]
  // The news page holds the articles: its fields are made with their ids typed (FieldContext).
  const holdsArticles = (id: string) => holdsNews(content.pages?.[SOURCE_LANG]?.[id])
  let newsFields: DecapField[] | undefined
  const pageFile = (id: string): DecapFile => {
    const news = holdsArticles(id) ? newsArticles(plain) : undefined
    if (news)
      newsFields ??= objectFields(
        { ...bilingual, carried: new Set([`news.${NEWS_DATA.key}`]) },
        page,
        'page.schema.json',
      )
    return {
      name: id,
      label: pageLabel(content, id),
      file: pageEntryPath(id),
      description: `content/fr/${id}.yaml, content/en/${id}.yaml${news ? `, ${NEWS_DATA.file}` : ''}`,
      i18n: true,
      fields: news ? [...(newsFields ?? pageFields), news, reviewField] : reviewedFields,
    }
  }
  const sortable_fields = fileCollectionSort(options.backend)
  // Each menu group is a folder collection whose pages the editor's backend lists (siteBackend.ts):
  // the pages' fields are written once per group, not once per page (0.7 MB of configuration
  // instead of 2.1, which Decap checks, completes and converts at every opening of the editor).
  // The news page, whose fields are its own, is a file collection of its own. Decap's own
  // backends read real files only: gitBackendConfig makes each page one file entry per language.
  const site_pages: SitePages = {}
  const pageCollections = pageGroups(content).flatMap((g): DecapConfig['collections'] => {
    const listed = g.pages.filter((id) => !holdsArticles(id))
    if (listed.length)
      site_pages[pageFolder(g.name)] = listed.map((id) => ({ id, label: pageLabel(content, id) }))
    return [
      ...(listed.length
        ? [
            {
              name: g.name,
              label: g.label,
              description: LABELS.pagesHint,
              i18n: true,
              folder: pageFolder(g.name),
              create: false,
              delete: false,
              extension: 'yaml',
              format: 'yaml',
              // Its list sorts by the pages' titles too (what it shows of each).
              sortable_fields: ['title', ...sortable_fields],
              fields: reviewedFields,
            },
          ]
        : []),
      ...g.pages.filter(holdsArticles).map((id) => ({
        name: `page-${id}`,
        label: pageLabel(content, id),
        i18n: true,
        sortable_fields,
        files: [pageFile(id)],
      })),
    ]
  })
  const config: DecapConfig = {
    backend: options.backend ?? { name: 'proxy', proxy_url: options.proxyUrl ?? '/api/cms' },
    local_backend: false,
    locale: 'fr',
    media_folder: 'public/images',
    public_folder: '/images',
    // single_file: see entryPaths.ts (Decap refuses any other structure in a file collection).
    i18n: { structure: 'single_file', locales: [...LANGS], default_locale: SOURCE_LANG },
    site_pages,
    // Not Decap's: the editor's page takes it out (templates/admin/main.tsx, live/).
    site_live: { timeout_minutes: options.liveTimeoutMinutes ?? DEFAULT_LIVE_TIMEOUT_MINUTES },
    collections: [
      ...pageCollections,
      newPageCollection(pageFields, content.routes, content.i18n?.[SOURCE_LANG]),
      {
        name: 'strings',
        label: LABELS.strings,
        i18n: true,
        sortable_fields,
        files: [stringsFile(bilingual, content)],
      },
      {
        name: 'settings',
        label: LABELS.settings,
        sortable_fields,
        files: settingsFiles(plain, content, dirs.schemas),
      },
    ],
  }
  return options.backend && !SITE_BACKENDS.has(options.backend.name)
    ? gitBackendConfig(config)
    : config
}

/**
 * The news page's articles' neutral values (date, category, photos: content/data/news.yaml), a
 * field of the news page set once (entryPaths.ts NEWS_DATA): an article is added in one save.
 */
function newsArticles(ctx: FieldContext): DecapField | undefined {
  const schema = ctx.schemas.files.get('data/news.schema.json')
  if (!schema) return undefined
  const articles = objectFields(ctx, schema, 'data/news.schema.json').find(
    (f) => f.name === NEWS_DATA.key,
  )
  return articles && { ...articles, label: LABELS.newsArticles, hint: LABELS.newsHint, i18n: false }
}

type PageGroup = { name: string; label: string; pages: string[] }

/** The collections after the pages' (their names are not a submenu's). */
const OTHER_COLLECTIONS = [NEW_PAGE_COLLECTION, 'strings', 'settings']

/**
 * The pages by menu group: the menu's top-level pages, then each submenu (a nested one after its
 * parent, labelled with both), then the pages the menu does not show. Each route once.
 */
export function pageGroups(content: Partial<SiteContent>): PageGroup[] {
  const placed = new Set<string>()
  const groups: PageGroup[] = []
  const label = (key: string) => {
    const [ns = '', name = ''] = key.split('.')
    const value = (content.i18n?.[SOURCE_LANG]?.[ns] as Record<string, unknown> | undefined)?.[name]
    return typeof value === 'string' ? value : humanise(name || key)
  }
  const routeIds = new Set((content.routes?.routes ?? []).map((r) => r.id))
  const take = (ids: string[]) =>
    ids.filter((id) => routeIds.has(id) && !placed.has(id) && placed.add(id))
  // Submenus by their label's key (`nav.company` -> company), never a name another collection has.
  const names = new Set(['menu', 'other-pages', ...OTHER_COLLECTIONS])
  const nameFor = (key: string) => {
    const base = key.split('.').pop() || 'menu'
    let name = base
    for (let n = 2; names.has(name); n++) name = `${base}-${n}`
    names.add(name)
    return name
  }
  const walk = (entries: MenuEntry[], name: string, path: string[]) => {
    const pages = take(entries.flatMap((e) => (e.page ? [e.page] : [])))
    groups.push({ name, label: path.length ? path.join(' › ') : LABELS.menu, pages })
    for (const e of entries)
      if (e.label && e.children) walk(e.children, nameFor(e.label), [...path, label(e.label)])
  }
  walk(content.routes?.menu ?? [], 'menu', [])
  const rest = take([...routeIds])
  if (rest.length) groups.push({ name: 'other-pages', label: LABELS.otherPages, pages: rest })
  return groups.filter((g) => g.pages.length)
}

/** The UI strings, both languages on one screen: the keys are content, so the fields are fr.yaml's. */
function stringsFile(ctx: FieldContext, content: Partial<SiteContent>): DecapFile {
  const schema = ctx.schemas.files.get('i18n.schema.json') ?? {}
  return {
    name: 'strings',
    label: LABELS.strings,
    file: STRINGS_ENTRY,
    description: `${LABELS.stringsHint} (${LANGS.map((l) => `content/i18n/${l}.yaml`).join(', ')})`,
    i18n: true,
    fields: [
      ...objectFields(ctx, schema, 'i18n.schema.json', content.i18n?.[SOURCE_LANG]),
      reviewField,
    ],
  }
}

/** site.yaml, the data files (one per schema of schemas/data/, and the facts), the route table. */
function settingsFiles(
  ctx: FieldContext,
  content: Partial<SiteContent>,
  schemaDir: string,
): DecapFile[] {
  const data = (content.data ?? {}) as unknown as Record<string, unknown>
  const plainFile = (name: string, file: string, schema: string, value: unknown): DecapFile => {
    const node = ctx.schemas.files.get(schema) ?? {}
    const description = hintOf(node)
    return {
      name,
      label: labelOf(node) ?? humanise(name),
      file,
      ...(description === undefined ? {} : { description }),
      fields: objectFields(ctx, node, schema, value),
    }
  }
  const dataSchemas = listSchemas(schemaDir, 'data/').map((f) =>
    f.replace(/^data\//, '').replace(/\.schema\.json$/, ''),
  )
  const files = [
    plainFile('site', 'content/site.yaml', 'site.schema.json', content.site),
    ...dataSchemas.map((name) =>
      plainFile(name, `content/data/${name}.yaml`, `data/${name}.schema.json`, data[name]),
    ),
    ...(existsSync(join(schemaDir, 'facts.schema.json'))
      ? [plainFile('facts', 'content/data/facts.yaml', 'facts.schema.json', content.facts)]
      : []),
    plainFile('routes', 'content/routes.yaml', 'routes.schema.json', content.routes),
  ]
  // Decap refuses a file without fields (a map whose file is empty or absent).
  return files.filter((f) => f.fields.length)
}
