// The history of the open entry (loaded when « Historique » first opens: HistoryButton.tsx): the
// saves that changed its files, newest first, each with when, who, and each changed value under
// its field's French name with a word diff; « Rétablir » beside a value puts it back into the form
// as it was before that save, « Rétablir cette version » the whole entry as that save left it.
// Nothing is saved here: the form holds the value, unsaved, and « Publier » takes the one save
// path (the check, one commit, the merge at the field, the translation rules).
import { Fragment, useCallback, useEffect, useState } from 'react'
import type { DiffPart } from '../../core/content/wordDiff.ts'
import {
  entryAt,
  type FieldChange,
  historyFiles,
  restoreValue,
  UnreadableVersion,
} from '../../core/history/changes.ts'
import {
  type HistoryPage,
  readHistory,
  type SaveInHistory,
} from '../../core/history/readHistory.ts'
import { type HistoryHost, HistoryUnavailable } from '../../core/history/types.ts'
import { activeHistory } from '../backend/siteBackend.ts'
import type { FormDraft } from '../decap/draft.ts'
import type { EditorEntry } from '../decap/entries.ts'
import type { EditorConfig } from '../decap/types.ts'
import { fieldLabels } from '../problems/problems.tsx'

/** Saves listed at once, and at each « Plus anciennes ». */
const PAGE = 20

export type HistoryPanelProps = {
  config: EditorConfig
  /** The open form's entry. */
  form: EditorEntry
  /** Its value in Decap's state. */
  draft: FormDraft
  /** Closes the dialog; `said`: what the form now holds, for the status line. */
  close(said?: string): void
}

/** The saves listed so far (the pages read, one after the other). */
type Listing = Omit<HistoryPage, 'reads'>

type State =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string; retry: boolean }
  | { kind: 'shown'; listing: Listing; more: 'idle' | 'loading' | string }

const DATE = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short' })

/** The reasons the history cannot be read, said to the editor, with what to do. */
function unavailableMessage(error: unknown): { message: string; retry: boolean } {
  const reason = error instanceof HistoryUnavailable ? error.reason : 'unreachable'
  switch (reason) {
    case 'no-repository':
      return {
        message:
          "Cette copie du site n'a pas d'historique : ce n'est pas un dépôt git (un dossier copié ou téléchargé). Pour voir l'historique, travaillez dans un clone du dépôt (git clone), ou dans l'éditeur en ligne.",
        retry: false,
      }
    case 'refused':
      return {
        message:
          "Le dépôt a refusé de donner l'historique de cette page. Reconnectez-vous ; si cela continue, demandez à la personne qui gère le dépôt un accès en lecture à son historique. Vos pages s'enregistrent comme d'habitude.",
        retry: true,
      }
    default:
      return {
        message:
          "Le serveur du dépôt n'a pas répondu : l'historique n'a pas pu être lu. Rien n'est perdu ; réessayez dans un instant.",
        retry: true,
      }
  }
}

export function HistoryPanel({ config, form, draft, close }: HistoryPanelProps) {
  const [state, setState] = useState<State>({ kind: 'loading' })
  const host = activeHistory()
  // The news page's articles are in a file of their own: the form's value says which page it is.
  const [files] = useState(() => historyFiles(form.entry, draft.formValue()))

  const load = useCallback(async () => {
    if (!host) {
      setState({
        kind: 'failed',
        message:
          "L'historique n'est pas disponible avec ce mode de connexion au dépôt. Vos pages s'enregistrent comme d'habitude.",
        retry: false,
      })
      return
    }
    setState({ kind: 'loading' })
    try {
      const listing = await readHistory(host, form.entry, files, { limit: PAGE })
      setState({ kind: 'shown', listing, more: 'idle' })
    } catch (error) {
      setState({ kind: 'failed', ...unavailableMessage(error) })
    }
  }, [host, form.entry, files])

  useEffect(() => {
    void load()
  }, [load])

  const older = async (listing: Listing) => {
    if (!host || !listing.next) return
    setState({ kind: 'shown', listing, more: 'loading' })
    try {
      const page = await readHistory(host, form.entry, files, { from: listing.next, limit: PAGE })
      const shown = new Set(listing.saves.map((s) => s.id))
      setState({
        kind: 'shown',
        listing: {
          saves: [...listing.saves, ...page.saves.filter((s) => !shown.has(s.id))],
          next: page.next,
          shallow: page.shallow,
        },
        more: 'idle',
      })
    } catch (error) {
      setState({ kind: 'shown', listing, more: unavailableMessage(error).message })
    }
  }

  return (
    <div className="cms-history-body">
      <p>
        Les enregistrements qui ont modifié cette page, du plus récent au plus ancien. « Rétablir »
        remet une valeur dans le formulaire telle qu'elle était avant cet enregistrement ; rien
        n'est enregistré tant que vous ne publiez pas.
      </p>
      {state.kind === 'loading' ? <p role="status">Lecture de l'historique…</p> : null}
      {state.kind === 'failed' ? (
        <div role="alert" className="cms-history-failed">
          <p>{state.message}</p>
          {state.retry ? (
            <button type="button" onClick={() => void load()}>
              Réessayer
            </button>
          ) : null}
        </div>
      ) : null}
      {state.kind === 'shown' ? (
        <Saves
          config={config}
          form={form}
          draft={draft}
          files={files}
          host={host as HistoryHost}
          listing={state.listing}
          more={state.more}
          older={() => void older(state.listing)}
          close={close}
        />
      ) : null}
    </div>
  )
}

function Saves({
  config,
  form,
  draft,
  files,
  host,
  listing,
  more,
  older,
  close,
}: {
  config: EditorConfig
  /** The open form's entry. */
  form: EditorEntry
  draft: FormDraft
  files: string[]
  host: HistoryHost
  listing: Listing
  more: 'idle' | 'loading' | string
  older(): void
  close: HistoryPanelProps['close']
}) {
  const [problem, setProblem] = useState<string>()
  if (!listing.saves.length)
    return (
      <p role="status">
        {listing.shallow
          ? "Cette copie n'a qu'une partie de l'historique du site, et aucun enregistrement de cette page n'y figure. Pour le voir en entier : git fetch --unshallow."
          : "Aucun enregistrement n'a encore modifié cette page."}
      </p>
    )

  const restoreOne = (change: FieldChange, labels: string) => {
    const restored = restoreValue(draft.formValue(), change)
    if ('problem' in restored) {
      setProblem(restored.problem)
      return
    }
    draft.setFormValue(restored.value)
    close(
      `« ${labels} » est rétabli dans le formulaire, sans être enregistré : vérifiez-le, puis publiez.`,
    )
  }

  const restoreAll = async (save: SaveInHistory) => {
    try {
      const texts = await host.textsAt(save.id, files)
      draft.setFormValue(entryAt(form.entry, texts))
      close(
        `La version du ${DATE.format(new Date(save.date))} est rétablie dans le formulaire, sans être enregistrée : vérifiez-la, puis publiez.`,
      )
    } catch (error) {
      setProblem(
        error instanceof UnreadableVersion ? error.message : unavailableMessage(error).message,
      )
    }
  }

  return (
    <>
      {problem ? (
        <p role="alert" className="cms-history-failed">
          {problem}
        </p>
      ) : null}
      <ol className="cms-history-list">
        {listing.saves.map((save) => (
          <li key={save.id}>
            <h3>
              <time dateTime={save.date}>{DATE.format(new Date(save.date))}</time>, par{' '}
              {save.author || 'inconnu'}
            </h3>
            {save.message ? <p className="cms-history-message">{save.message}</p> : null}
            {save.changes.length ? (
              <ul>
                {save.changes.map((change, i) => {
                  const labels = fieldLabels(
                    config,
                    form.entry,
                    change.field,
                    labelledValue(change),
                  ).join(' › ')
                  return (
                    // A replaced item is a removal and an addition at one place: keyed by order.
                    // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
                    <li key={i}>
                      <strong>{labels}</strong>
                      <ChangeWords change={change} />
                      <button
                        type="button"
                        aria-label={`Rétablir « ${labels} » comme avant cet enregistrement`}
                        onClick={() => restoreOne(change, labels)}
                      >
                        Rétablir
                      </button>
                    </li>
                  )
                })}
              </ul>
            ) : (
              <p>Aucune valeur modifiée (mise en forme du fichier seulement).</p>
            )}
            {save.beforeUnknown ? (
              <p>
                Ce que ces fichiers contenaient avant cet enregistrement n'est pas dans cette copie
                (historique partiel).
              </p>
            ) : null}
            <button type="button" onClick={() => void restoreAll(save)}>
              Rétablir cette version
            </button>
          </li>
        ))}
      </ol>
      {listing.shallow && !listing.next ? (
        <p>
          Cette copie n'a qu'une partie de l'historique du site : les enregistrements plus anciens
          n'y sont pas. Pour les voir : git fetch --unshallow.
        </p>
      ) : null}
      {listing.next ? (
        <button type="button" disabled={more === 'loading'} onClick={older}>
          {more === 'loading' ? 'Lecture…' : 'Plus anciennes'}
        </button>
      ) : null}
      {more !== 'idle' && more !== 'loading' ? <p role="alert">{more}</p> : null}
    </>
  )
}

/**
 * Enough of the entry's value for fieldLabels to name each item of the change's path by its kind
 * (« n° 1 (Section de texte) »): the path's first list as the save left it, under its keys (a
 * language's value, as fieldLabels reads it); the lists inside its items are in them.
 */
function labelledValue(change: FieldChange): unknown {
  const first = change.field.findIndex((step) => typeof step === 'number')
  const list = change.within[0]
  if (first < 0 || !list) return undefined
  let value: unknown = list
  // fieldLabels reads a language's value: the path's language is its label, not a key.
  const top = change.lang && change.field[0] === change.lang ? 1 : 0
  for (let i = first - 1; i >= top; i--) value = { [change.field[i] as string]: value }
  return value
}

/** A value's change: the words removed and added, or the value before and after. */
function ChangeWords({ change }: { change: FieldChange }) {
  if (change.kind === 'moved') return <p className="cms-history-words">Ordre modifié.</p>
  if (change.kind === 'unreadable')
    return (
      <p className="cms-history-words">
        Le fichier était illisible {change.unreadable === 'before' ? 'avant' : 'après'} cet
        enregistrement (une erreur de syntaxe).
      </p>
    )
  if (change.kind === 'added')
    return <p className="cms-history-words">Ajouté : {shown(change.after)}</p>
  if (change.kind === 'removed')
    return <p className="cms-history-words">Retiré : {shown(change.before)}</p>
  if (change.diff)
    return (
      <p className="cms-history-words">
        {change.diff.map((part: DiffPart, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff, never reordered
          <Fragment key={i}>{wordPart(part)}</Fragment>
        ))}
      </p>
    )
  return (
    <p className="cms-history-words">
      <span className="cms-history-before">Avant : {shown(change.before)}</span>
      <br />
      <span className="cms-history-after">Après : {shown(change.after)}</span>
    </p>
  )
}

/** A part of a word diff; what was removed and added is said to screen readers too. */
function wordPart(part: DiffPart) {
  if (part.kind === 'same') return part.text
  const removed = part.kind === 'removed'
  return (
    <>
      <span className="cms-history-hidden">{removed ? '[supprimé : ' : '[ajouté : '}</span>
      {removed ? <del>{part.text}</del> : <ins>{part.text}</ins>}
      <span className="cms-history-hidden">]</span>
    </>
  )
}

/** A value as the editor reads it: its text, « (vide) », or an item's title. */
function shown(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(vide)'
  if (typeof value === 'string') return `« ${value} »`
  if (typeof value === 'number' || typeof value === 'boolean')
    return value === true ? 'oui' : value === false ? 'non' : String(value)
  if (typeof value === 'object' && !Array.isArray(value)) {
    const o = value as Record<string, unknown>
    const title = [o.title, o.heading, o.name, o.label, o.id].find((x) => typeof x === 'string')
    if (title) return `« ${title as string} »`
  }
  const text = JSON.stringify(value)
  return text.length > 160 ? `${text.slice(0, 159)}…` : text
}
