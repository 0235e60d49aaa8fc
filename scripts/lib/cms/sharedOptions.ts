// The generated configuration names the same option lists (the pages and their anchors, the
// documents, the data ids) in every field that links, in every block type of every page: 10.7 of
// its 12.9 MB, which Decap then parses and checks field by field at every load of the editor.
// Sent to the editor, each list is written once: a select becomes the editor page's
// `site-select` widget (templates/admin/decap/siteSelect.tsx), naming its list in `site_options`.
import type {
  DecapConfig,
  DecapField,
  DecapOption,
} from '../../../templates/core/editor/decapConfig.ts'

export const SHARED_SELECT = 'site-select'

export type SharedConfig = DecapConfig & { site_options: Record<string, DecapOption[]> }

/** The config with each select's options replaced by the name of a list held once. */
export function shareOptions(config: DecapConfig): SharedConfig {
  const lists = new Map<string, string>()
  const site_options: Record<string, DecapOption[]> = {}
  // The menu groups, the news page and the new page's form hold the same field objects
  // (config.ts makes the page's fields once): each is rewritten once and the result shared, each
  // option list keyed once, at every load of the editor in the dev server.
  const named = new WeakMap<DecapOption[], string>()
  const listName = (options: DecapOption[]) => {
    let name = named.get(options)
    if (name) return name
    const key = JSON.stringify(options)
    name = lists.get(key)
    if (!name) {
      name = `o${lists.size}`
      lists.set(key, name)
      site_options[name] = options
    }
    named.set(options, name)
    return name
  }
  const rewritten = new WeakMap<DecapField, DecapField>()
  const field = (f: DecapField): DecapField => {
    const done = rewritten.get(f)
    if (done) return done
    const { options, ...rest } = f
    const shared =
      f.widget === 'select' && options?.length
        ? { widget: SHARED_SELECT, options_list: listName(options) }
        : options
          ? { options }
          : {}
    const out = {
      ...rest,
      ...shared,
      ...(f.fields ? { fields: f.fields.map(field) } : {}),
      ...(f.types ? { types: f.types.map(field) } : {}),
      ...(f.field ? { field: field(f.field) } : {}),
    }
    rewritten.set(f, out)
    return out
  }
  const collections = config.collections.map((c) => ({
    ...c,
    ...(c.files
      ? { files: c.files.map((file) => ({ ...file, fields: file.fields.map(field) })) }
      : {}),
    ...('fields' in c && c.fields ? { fields: c.fields.map(field) } : {}),
  })) as DecapConfig['collections']
  return { ...config, collections, site_options }
}
