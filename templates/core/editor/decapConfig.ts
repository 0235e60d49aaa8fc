// The part of Decap CMS's configuration (https://decapcms.org/docs/configuration-options/) that
// cmsConfig writes: a plain object, typed here rather than with decap-cms-core's own types, so
// the generator needs nothing of Decap's at dev and build time.

export type DecapOption = { label: string; value: string | number }

export type DecapField = {
  name: string
  label: string
  widget: string
  required?: boolean
  hint?: string
  /** Only in collections with i18n: true, words (one value per language); false, set once in French. */
  i18n?: boolean
  /** list: one field per item; fields: an object per item; types: one object type per item kind. */
  field?: DecapField
  fields?: DecapField[]
  types?: DecapField[]
  typeKey?: string
  /** list: items collapsed; object: collapsed (folding.ts). */
  collapsed?: boolean
  /** list: the whole list one bar while collapsed, its items built when it is opened. */
  minimize_collapsed?: boolean
  /** What a collapsed list item or object says (Decap's template: `{{fields.title}}`). */
  summary?: string
  options?: DecapOption[]
  /** site-select (sharedOptions.ts): the name of its option list in the config's site_options. */
  options_list?: string
  multiple?: boolean
  value_type?: 'int' | 'float'
  min?: number
  max?: number
  pattern?: [string, string]
  default?: unknown
  /** image and file widgets: where uploads go (from the repository's root) and their URL. */
  media_folder?: string
  public_folder?: string
  choose_url?: boolean
}

export type DecapFile = {
  name: string
  label: string
  file: string
  description?: string
  i18n?: boolean
  fields: DecapField[]
}

export type DecapCollection = {
  name: string
  label: string
  description?: string
  i18n?: boolean
  /** Decap's sort options of the collection's list (config.ts fileCollectionSort). */
  sortable_fields?: string[]
  files: DecapFile[]
}

/**
 * A folder collection: entries Decap can create (the new page's form, newPage.ts), or the pages
 * of a menu group, their fields written once (config.ts).
 */
export type DecapFolderCollection = {
  name: string
  label: string
  label_singular?: string
  description?: string
  i18n?: boolean
  folder: string
  create: boolean
  delete?: boolean
  extension: string
  format: string
  identifier_field?: string
  slug?: string
  sortable_fields?: string[]
  fields: DecapField[]
  files?: undefined
}

export type DecapI18n = { structure: string; locales: string[]; default_locale: string }

/** The dev server's proxy backend (`proxy_url`) or a git host's (production.ts, GitBackend). */
export type DecapBackend = {
  name: string
  proxy_url?: string
  repo?: string
  branch?: string
  api_root?: string
  base_url?: string
  auth_endpoint?: string
  auth_type?: string
  app_id?: string
  tenant_id?: string
}

export type DecapConfig = {
  backend: DecapBackend
  local_backend: boolean
  locale: string
  media_folder: string
  public_folder: string
  /** The dev editor's only: a git backend's configuration has no bilingual entry (gitConfig.ts). */
  i18n?: DecapI18n
  collections: (DecapCollection | DecapFolderCollection)[]
  /**
   * Not Decap's (the editor's page takes it out before Decap reads the rest): the pages of each
   * folder collection of pages (config.ts), which the editor's backend lists (siteBackend.ts).
   */
  site_pages?: SitePages
  /** How long a save may take to go live before the editor says so (templates/admin/live/). */
  site_live?: { timeout_minutes: number }
}

/** The pages of each folder collection of pages, by folder, in the menu's order, with their labels. */
export type SitePages = Record<string, { id: string; label: string }[]>
