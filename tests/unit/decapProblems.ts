// What Decap CMS's config check requires (decap-cms-core's configSchema.js and normalizeConfig),
// for the tests of the generated configuration, dev (cms-config.test.ts) and git backend
// (cmsGitConfig.test.ts).
import type { DecapConfig, DecapField } from '../../templates/core/editor/decapConfig.ts'

/** What Decap's config check requires (decap-cms-core configSchema) and what it throws on. */
export function decapProblems(c: DecapConfig): string[] {
  const out: string[] = []
  if (!c.backend?.name) out.push('backend.name')
  if (!c.media_folder) out.push('media_folder')
  if (!c.collections.length) out.push('collections: none')
  const unique = (names: string[], where: string) => {
    if (new Set(names).size !== names.length) out.push(`${where}: names not unique`)
  }
  unique(
    c.collections.map((col) => col.name),
    'collections',
  )
  const checkFields = (fields: DecapField[] | undefined, where: string) => {
    if (!fields?.length) {
      out.push(`${where}: no fields`)
      return
    }
    unique(
      fields.map((f) => f.name),
      where,
    )
    for (const f of fields) {
      const at = `${where}.${f.name}`
      if (!f.name || !f.label || !f.widget) out.push(`${at}: name, label or widget missing`)
      if (f.widget === 'select' && !f.options?.length) out.push(`${at}: select without options`)
      if (f.widget === 'object') checkFields(f.fields, at)
      if (f.widget === 'list') {
        const kinds = [f.field, f.fields, f.types].filter(Boolean).length
        if (kinds !== 1) out.push(`${at}: a list has one of field, fields, types`)
        if (f.fields) checkFields(f.fields, at)
        if (f.types) checkFields(f.types, `${at}(types)`)
        if (f.field) checkFields([f.field], at)
      }
    }
  }
  for (const col of c.collections) {
    if (!col.name || !col.label) out.push(`collection ${col.name}: name or label missing`)
    if (!('files' in col) || !col.files) {
      // A folder collection: its entries' fields, an identifier Decap can name them by, and the
      // slug of a new entry when it creates them.
      if (!col.folder || (col.create && !col.slug))
        out.push(`collection ${col.name}: folder or slug missing`)
      checkFields(col.fields, col.name)
      if (!col.fields.some((f) => f.name === (col.identifier_field ?? 'title')))
        out.push(`collection ${col.name}: no identifier field`)
      continue
    }
    if (!col.files.length) out.push(`collection ${col.name}: no files`)
    unique(
      col.files.map((f) => f.name),
      `collection ${col.name}`,
    )
    for (const f of col.files) {
      if (!f.name || !f.label || !f.file) out.push(`${col.name}/${f.name}: name, label or file`)
      checkFields(f.fields, `${col.name}/${f.name}`)
      // "i18n configuration for files collections is limited to single_file structure"
      if (f.i18n && (!col.i18n || c.i18n?.structure !== 'single_file'))
        out.push(`${col.name}/${f.name}: i18n file outside a single_file i18n collection`)
    }
  }
  const paths = c.collections.flatMap((col) =>
    ('files' in col && col.files ? col.files : []).map((f) => f.file),
  )
  unique(paths, 'files')
  return out
}
