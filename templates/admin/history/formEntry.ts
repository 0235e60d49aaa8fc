// Which entry the open form is: the entry whose form's address is the editor's address. Decap
// mounts a form per address (adminPlugins.mjs `entryPerAddress`), so the address names the form
// shown.
import { type EditorEntry, editorEntries, type SitePages } from '../decap/entries.ts'
import type { EditorConfig } from '../decap/types.ts'

/** The entries' forms by address, for formEntryOf. */
export const formsOf = (config: EditorConfig, pages: SitePages): Map<string, EditorEntry> =>
  new Map(editorEntries(config, pages).map((e) => [e.route, e]))

/** The entry whose form the address `hash` shows, if any. */
export const formEntryOf = (forms: ReadonlyMap<string, EditorEntry>, hash: string) =>
  forms.get(hash)
