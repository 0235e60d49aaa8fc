// Which entry the open form is, from the editor's address (`#/collections/<collection>/entries/
// <name>`) and the configuration: a file collection's entry is its file's path, a folder
// collection's (a menu group's pages: config.ts) its folder and the page's id. Decap mounts a
// form per address (adminPlugins.mjs `entryPerAddress`), so the address names the form shown.
import type { EditorConfig } from '../decap/types.ts'

const ENTRY_ADDRESS = /^#\/collections\/([^/]+)\/entries\/([^/?]+)$/

export type FormEntry = {
  /** The entry's path, as the backend reads and saves it (`content/pages/training.yaml`). */
  path: string
  /** Its name in the sidebar (the file's label, or the page's id). */
  label: string
}

/** A folder collection's pages, by folder (the configuration's `site_pages`). */
export type SitePages = Record<string, { id: string; label?: string }[]>

export function formEntryOf(
  config: EditorConfig,
  hash: string,
  pages: SitePages = {},
): FormEntry | undefined {
  const match = ENTRY_ADDRESS.exec(hash)
  if (!match) return undefined
  const [, collectionName, name] = match as unknown as [string, string, string]
  const collection = config.collections.find((c) => c.name === decodeURIComponent(collectionName))
  if (!collection) return undefined
  const id = decodeURIComponent(name)
  const file = collection.files?.find((f) => f.name === id)
  if (file) return { path: file.file, label: file.label }
  if (collection.folder) {
    const label = pages[collection.folder]?.find((p) => p.id === id)?.label ?? id
    return { path: `${collection.folder}/${id}.yaml`, label }
  }
  return undefined
}
