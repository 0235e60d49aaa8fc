// « Historique » beside the open form: a button over Decap's top bar while an entry's form is
// open, which opens a dialog listing the saves that changed the entry (HistoryPanel.tsx). The
// panel's code (reading the host, the changes, the word diffs) is loaded when it first opens: the
// editor's form is ready as soon without it.
import { type ComponentType, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react'
import type { FormDraft } from '../decap/draft.ts'
import type { EditorEntry, SitePages } from '../decap/entries.ts'
import type { EditorConfig } from '../decap/types.ts'
import { formEntryOf, formsOf } from './formEntry.ts'
import type { HistoryPanelProps } from './HistoryPanel.tsx'

const HistoryPanel = lazy(async () => ({
  default: (await import('./HistoryPanel.tsx')).HistoryPanel as ComponentType<HistoryPanelProps>,
}))

function useFormEntry(config: EditorConfig, pages: SitePages): EditorEntry | undefined {
  const forms = useMemo(() => formsOf(config, pages), [config, pages])
  const [entry, setEntry] = useState(() => formEntryOf(forms, location.hash))
  useEffect(() => {
    const follow = () => setEntry(formEntryOf(forms, location.hash))
    addEventListener('hashchange', follow)
    return () => removeEventListener('hashchange', follow)
  }, [forms])
  return entry
}

export function HistoryButton({
  config,
  pages,
  draft,
}: {
  config: EditorConfig
  pages: SitePages
  /** The open form's value in Decap's state (decap/draft.ts), handed over by main.tsx. */
  draft: FormDraft
}) {
  const entry = useFormEntry(config, pages)
  const dialog = useRef<HTMLDialogElement>(null)
  const [open, setOpen] = useState<EditorEntry>()
  // What a « Rétablir » put into the form, said once the dialog is closed, while that form is open.
  const [said, setSaid] = useState<{ path: string; text: string }>()
  useEffect(() => {
    if (open) dialog.current?.showModal()
  }, [open])
  // Another form, or the list: the dialog was about the form that was open.
  useEffect(() => {
    if (open && open.entry !== entry?.entry) dialog.current?.close()
  }, [entry, open])
  if (!entry && !open) return null
  return (
    <div className="cms-history">
      {entry ? (
        <button
          type="button"
          className="cms-history-open"
          onClick={() => {
            setSaid(undefined)
            setOpen(entry)
          }}
        >
          Historique
        </button>
      ) : null}
      <dialog
        ref={dialog}
        aria-labelledby="cms-history-title"
        onClose={() => setOpen(undefined)}
        className="cms-history-dialog"
      >
        <h2 id="cms-history-title">Historique de « {open?.label ?? entry?.label} »</h2>
        {open ? (
          <Suspense fallback={<p role="status">Chargement de l'historique…</p>}>
            <HistoryPanel
              config={config}
              form={open}
              draft={draft}
              close={(what) => {
                setSaid(what ? { path: open.entry, text: what } : undefined)
                dialog.current?.close()
              }}
            />
          </Suspense>
        ) : null}
        <form method="dialog">
          <button type="submit">Fermer</button>
        </form>
      </dialog>
      <p role="status" className="cms-history-said">
        {said && said.path === entry?.entry ? said.text : null}
      </p>
    </div>
  )
}
