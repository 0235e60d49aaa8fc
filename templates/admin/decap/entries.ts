// The entries of the editor's configuration, each with its path (as the backend reads and saves
// it), its form's address and its name in the sidebar: a file collection's files, and a folder
// collection's pages (a menu group's, the configuration's `site_pages`: config.ts). What the
// translation list links to and what the history reads the open form as.
import type { EditorConfig } from './types.ts'

/** A folder collection's pages, by folder (the configuration's `site_pages`). */
export type SitePages = Record<string, { id: string; label?: string }[]>

export type EditorEntry = {
  /** The entry's path (`content/pages/training.yaml`). */
  entry: string
  /** Its form's address (`#/collections/servicesMenu/entries/training`). */
  route: string
  /** Its name in the sidebar. */
  label: string
}

export function editorEntries(config: EditorConfig, pages: SitePages): EditorEntry[] {
  return config.collections.flatMap((c) => [
    ...(c.files ?? []).map((f) => ({
      entry: f.file,
      route: `#/collections/${c.name}/entries/${f.name}`,
      label: f.label,
    })),
    ...((c.folder && pages[c.folder]) || []).map((p) => ({
      entry: `${c.folder}/${p.id}.yaml`,
      route: `#/collections/${c.name}/entries/${p.id}`,
      label: p.label ?? p.id,
    })),
  ])
}
