// The one place that lists every outdated translation of the site: a button
// « Traductions à revoir (n) » at the foot of the editor opens a dialog, page by page, each value
// under the name of its field with the French before and now, a link to its page's form that
// brings the field to view. And the save's notice: a save that leaves English values « à revoir »
// says how many.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { localeFiles } from '../../core/editor/entryPaths.ts'
import { type EditorEntry, editorEntries, type SitePages } from '../decap/entries.ts'
import type { EditorConfig } from '../decap/types.ts'
import { fieldLabels } from '../problems/problems.tsx'
import {
  type FileTranslations,
  focusWhenOpen,
  type Outdated,
  siteTranslations,
  store,
  whenFormClosed,
} from './state.ts'

type EntryRef = EditorEntry

/** The entry of each English file: a page's form (in its menu group's collection), the UI strings. */
export function entriesOfFiles(config: EditorConfig, pages: SitePages): Map<string, EntryRef> {
  const out = new Map<string, EntryRef>()
  for (const e of editorEntries(config, pages)) {
    const en = localeFiles(e.entry)?.en
    if (en) out.set(en, e)
  }
  return out
}

type Group = FileTranslations & { ref?: EntryRef }

export function SiteTranslations({
  config,
  entries,
}: {
  config: EditorConfig
  entries: Map<string, EntryRef>
}) {
  const files = useSyncExternalStore(siteTranslations.subscribe, siteTranslations.get)
  const dialog = useRef<HTMLDialogElement>(null)
  // The list is in the page only while it is open: its links name the pages' forms, as Decap's
  // own list does, and a closed dialog would hold them hidden beside Decap's.
  const [open, setOpen] = useState(false)
  useEffect(() => {
    if (open) dialog.current?.showModal()
  }, [open])
  if (!files?.length) return null
  const groups = files.map((g) => ({ ...g, ref: entries.get(g.file) }))
  const count = files.reduce((n, g) => n + g.values.length, 0)
  return (
    <div className="cms-translations">
      <button type="button" className="cms-translations-open" onClick={() => setOpen(true)}>
        Traductions à revoir ({count})
      </button>
      <dialog ref={dialog} aria-labelledby="cms-translations-title" onClose={() => setOpen(false)}>
        {open ? dialogBody() : null}
      </dialog>
    </div>
  )

  function dialogBody() {
    return (
      <>
        <h2 id="cms-translations-title">
          {count === 1 ? 'Une traduction à revoir' : `${count} traductions à revoir`}
        </h2>
        <p>
          Le texte français de ces valeurs a changé depuis leur traduction. Ouvrez chacune, puis
          modifiez l'anglais ou appuyez sur « Traduction à jour », et publiez.
        </p>
        {groups.map((g) => (
          <section key={g.file}>
            <h3>
              {g.ref?.label ?? g.file} <code>{g.file}</code>
            </h3>
            <ul>
              {g.values.map((v) => (
                <li key={v.keyPath}>
                  <OutdatedLink
                    config={config}
                    group={g}
                    value={v}
                    close={() => dialog.current?.close()}
                  />
                  <br />
                  <span className="cms-translations-before">Avant : « {v.frBefore} »</span>
                  <br />
                  <span className="cms-translations-now">Maintenant : « {v.frNow} »</span>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <form method="dialog">
          <button type="submit">Fermer</button>
        </form>
      </>
    )
  }
}

function OutdatedLink({
  config,
  group,
  value,
  close,
}: {
  config: EditorConfig
  group: Group
  value: Outdated
  close: () => void
}) {
  const name = group.ref
    ? fieldLabels(config, group.ref.entry, ['en', ...value.path], group.document).join(' › ')
    : value.keyPath
  if (!group.ref) return <strong>{name}</strong>
  const { entry, route } = group.ref
  return (
    <a
      href={route}
      onClick={(event) => {
        event.preventDefault()
        close()
        focusWhenOpen(entry, value.keyPath)
        void openEntry(route)
      }}
    >
      {name}
    </a>
  )
}

/**
 * Goes to an entry's form. Decap reads an entry when its form mounts only: an address naming
 * another entry while a form is open would keep the open one's fields under the new name. So from
 * a form, through its collection's list, which closes it.
 */
async function openEntry(route: string): Promise<void> {
  if (location.hash !== route && /\/entries\//.test(location.hash)) {
    location.hash = location.hash.replace(/\/entries\/.*$/, '')
    await whenFormClosed()
  }
  location.hash = route
}

/** A save's notice: how many English values of the saved page are still « à revoir ». */
export const saveNotice = store(0)

export function SaveNotice() {
  const count = useSyncExternalStore(saveNotice.subscribe, saveNotice.get)
  // Another form, or the list, opened: the notice goes.
  useEffect(() => {
    if (!count) return
    const leave = () => saveNotice.set(0)
    addEventListener('hashchange', leave)
    return () => removeEventListener('hashchange', leave)
  }, [count])
  return (
    <div className="cms-save-notice" role="status">
      {count ? (
        <p>
          Enregistré.{' '}
          {count === 1
            ? '1 traduction à revoir sur cette page'
            : `${count} traductions à revoir sur cette page`}{' '}
          : l'anglais montre « Traduction à revoir » aux valeurs dont le français a changé.{' '}
          <button type="button" onClick={() => saveNotice.set(0)}>
            Fermer
          </button>
        </p>
      ) : null}
    </div>
  )
}
