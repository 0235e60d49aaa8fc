// The problems of a refused save, where the editor sees them. The save path refuses a save with
// every problem of the content check (the editor's own backend, in the browser, hands them to
// `showRefusal`), each in French (the check's `fr`, the French of `npm run validate`'s words) and
// with `field`, its place in the entry (`['en', 'blocks', 2, 'title']`). Decap shows the refusal
// in its notification; this panel lists each problem under the name of its field as the editor's
// form shows it ("Anglais › Blocs › n° 3 › Titre"), with its `file:line:col`, and marks that
// field's label.
import { useEffect, useSyncExternalStore } from 'react'
import type { RefusedProblem } from '../backend/types.ts'
import type { EditorConfig, EditorField } from '../decap/types.ts'

export type { RefusedProblem }

/** A problem as the panel shows it: the labels of its field, as the form names them. */
type Shown = RefusedProblem & { labels: string[] }
/** `at`: the editor's address (Decap's hash route) when the save was refused. */
type Refusal = { entry: string; at: string; problems: Shown[] }

function createStore() {
  let refusal: Refusal | undefined
  const listeners = new Set<() => void>()
  return {
    get: () => refusal,
    set(next: Refusal | undefined) {
      refusal = next
      for (const l of listeners) l()
    },
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export const problemsStore = createStore()
type Store = typeof problemsStore

const LANGUAGE_NAMES: Record<string, string> = { fr: 'Français', en: 'Anglais' }

/** The labels of a field path, as the editor's form shows them. */
export function fieldLabels(
  config: EditorConfig,
  entry: string,
  field: readonly (string | number)[],
  value?: unknown,
): string[] {
  // A file entry, or an entry of a folder collection (the new page's form: its own fields).
  const file =
    config.collections.flatMap((c) => c.files ?? []).find((f) => f.file === entry) ??
    config.collections.find((c) => c.folder && entry.startsWith(`${c.folder}/`))
  if (!file?.fields) return field.map(String)
  const labels: string[] = []
  let path = [...field]
  if (typeof path[0] === 'string' && LANGUAGE_NAMES[path[0]] && /pages\/|i18n\//.test(entry)) {
    labels.push(LANGUAGE_NAMES[path[0]] as string)
    path = path.slice(1)
  }
  let fields: EditorField[] | undefined = file.fields
  let list: EditorField | undefined
  let at: unknown = value
  for (const step of path) {
    if (typeof step === 'number') {
      labels.push(`n° ${step + 1}`)
      at = Array.isArray(at) ? at[step] : undefined
      if (list?.types) {
        const kind = (at as Record<string, unknown> | undefined)?.[list.typeKey ?? 'type']
        const type = list.types.find((t) => t.name === kind)
        if (type) labels[labels.length - 1] += ` (${type.label})`
        // Without the item's value, its fields are looked up among every kind's.
        fields = type?.fields ?? list.types.flatMap((t) => t.fields ?? [])
      } else fields = list?.fields ?? (list?.field ? [list.field] : undefined)
      list = undefined
      continue
    }
    const f = fields?.find((x) => x.name === step)
    labels.push(f?.label ?? step)
    at = (at as Record<string, unknown> | undefined)?.[step]
    if (f?.widget === 'list') list = f
    fields = f?.fields
  }
  return labels
}

/** Fills the panel with a refused save's problems, each under the labels of its field. */
export function showRefusal(
  config: EditorConfig,
  entry: string,
  problems: readonly RefusedProblem[],
): void {
  problemsStore.set({
    entry,
    at: location.hash,
    problems: problems.map((p) => ({
      ...p,
      labels: p.field ? fieldLabels(config, entry, p.field) : [],
    })),
  })
}

/** Empties the panel (a save went through). */
export function clearRefusal(): void {
  problemsStore.set(undefined)
}

/**
 * The input of a top-level field of the open entry: its label's text, in the column of its
 * language (French on the left, English on the right); undefined for a nested field.
 */
function fieldInput(problem: Shown): HTMLElement | undefined {
  const [first, ...rest] = problem.field ?? []
  const bilingual = first === 'fr' || first === 'en'
  const path = bilingual ? rest : (problem.field ?? [])
  if (path.length !== 1) return undefined
  const label = problem.labels[problem.labels.length - 1]
  const labels = [...document.querySelectorAll('label')].filter(
    (l) => l.textContent?.trim() === label && l.htmlFor,
  )
  const chosen = bilingual && first === 'en' ? labels[labels.length - 1] : labels[0]
  return (chosen && document.getElementById(chosen.htmlFor)) ?? undefined
}

/** The field's name; a button that brings the field to view when the form shows it. */
function FieldName({ problem }: { problem: Shown }) {
  const name = problem.labels.join(' › ') || 'Entrée entière'
  const input = fieldInput(problem)
  if (!input) return <strong>{name}</strong>
  return (
    <button
      type="button"
      className="cms-problems-field"
      onClick={() => {
        input.scrollIntoView({ block: 'center' })
        input.focus()
      }}
    >
      {name}
    </button>
  )
}

export function ProblemsPanel({ store }: { store: Store }) {
  const refusal = useSyncExternalStore(store.subscribe, store.get)
  // The problems belong to the entry whose save was refused: another entry, the collection list
  // or the media library opened, they go (the same entry's form reopened would not show them at
  // their fields any more either).
  useEffect(() => {
    if (!refusal) return
    const leave = () => {
      if (location.hash !== refusal.at) store.set(undefined)
    }
    addEventListener('hashchange', leave)
    return () => removeEventListener('hashchange', leave)
  }, [refusal, store])
  if (!refusal?.problems.length) return null
  const count = refusal.problems.length
  return (
    <section className="cms-problems" role="alert" aria-labelledby="cms-problems-title">
      <h2 id="cms-problems-title">
        {count === 1
          ? "Rien n'a été enregistré : un problème à corriger"
          : `Rien n'a été enregistré : ${count} problèmes à corriger`}
      </h2>
      <ul>
        {refusal.problems.map((p) => (
          <li key={p.text}>
            {p.field ? <FieldName problem={p} /> : null}
            {p.field ? ' : ' : null}
            {p.fr}
            <br />
            <code>{p.line ? `${p.file}:${p.line}:${p.col}` : p.file}</code>
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => store.set(undefined)}>
        Fermer
      </button>
    </section>
  )
}
