// The open form's value, read from and put back into Decap's own state. A value brought back from
// the history goes into the form as Decap brings back a local backup of an entry: the draft is
// replaced whole, marked changed (so « Publier » is offered), and the form is drawn anew from it
// (its key changes), lists and all. Nothing is saved: the editor sees it, may change it, and
// publishes through the one save path. Imported by decap.ts only: Decap's store module stays in
// the chunk of Decap (split into a chunk of its own, one of its modules lost a global it needs).
import { loadLocalBackup, localBackupRetrieved } from 'decap-cms-core/dist/esm/actions/entries.js'
import { store } from 'decap-cms-core/dist/esm/redux/index.js'

/** The open form's value, read and replaced: what decap.ts hands the history's panel. */
export type FormDraft = { formValue: typeof formValue; setFormValue: typeof setFormValue }

type DraftEntry = {
  data?: unknown
  /** A bilingual entry's other languages (Decap's i18n `single_file`: French in `data`). */
  i18n?: Record<string, { data?: unknown; [key: string]: unknown }>
  [key: string]: unknown
}

const draftEntry = () => store.getState().entryDraft.get('entry')?.toJS() as DraftEntry | undefined

/**
 * The open form's value as the backend reads the entry: `{ fr, en }` for a bilingual entry (a
 * page, the UI strings: French in Decap's `data`, English in its `i18n.en.data`), else the
 * entry's data; undefined when no form is open.
 */
export function formValue(): unknown {
  const entry = draftEntry()
  if (!entry) return undefined
  const en = entry.i18n?.en
  return en ? { fr: entry.data, en: en.data } : entry.data
}

/** Puts `value` (as formValue gives it) into the open form, unsaved. */
export function setFormValue(value: unknown): void {
  const entry = draftEntry()
  if (!entry) throw new Error('Aucune page ouverte')
  const en = entry.i18n?.en
  const { fr, en: english } = (value ?? {}) as { fr?: unknown; en?: unknown }
  const next: DraftEntry = en
    ? { ...entry, data: fr, i18n: { ...entry.i18n, en: { ...en, data: english } } }
    : { ...entry, data: value }
  // Both in one turn: Decap's editor asks before loading a backup it finds on its own; here the
  // second action takes the backup before the editor sees one.
  store.dispatch(localBackupRetrieved(next))
  store.dispatch(loadLocalBackup())
}
