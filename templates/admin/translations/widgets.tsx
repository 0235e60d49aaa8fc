// The translations at their fields. Decap's `string` and `text` widgets are
// wrapped: an English field whose French changed since it was translated shows « Traduction à
// revoir » under its input, with the French before and now, and a « Traduction à jour » button
// (the review goes with the next save, in the entry's review field: `site-translation-review`,
// hidden, whose value the save records and never writes to a file). The `list` widget is wrapped
// to make its items' places known (fieldPaths.ts); `object` and the leaves, to bring a field to
// view from the site's list (state.ts `focusWhenOpen`).
import { fromJS } from 'immutable'
import {
  createElement,
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react'
import type { DecapApi, ImmutableLike } from '../decap/types.ts'
import { columnOf, registerList, valuePathOf } from './fieldPaths.ts'
import {
  attachReviews,
  entryTranslations,
  formChanged,
  isReviewed,
  type Outdated,
  outdatedAt,
  registerTopField,
  review,
  reviews,
} from './state.ts'

type Props = Record<string, unknown> & {
  forID: string
  locale?: string
  parentIds?: unknown[]
  value?: unknown
  getEntry: () => ImmutableLike
  field: { get(key: string): unknown }
  ref?: unknown
}

type Control = NonNullable<ReturnType<DecapApi['getWidget']>>['control']

type Instance = { focus?(path: string): void; state?: { keys?: string[] } } | null

/** Calls a ref given as a prop (React 19) or as an object. */
function setRef(ref: unknown, instance: Instance) {
  if (typeof ref === 'function') ref(instance)
  else if (ref && typeof ref === 'object') (ref as { current: unknown }).current = instance
}

/** The field's place in its column's value, once the lists above it are known. */
function useValuePath(props: Props) {
  const [path, setPath] = useState<(string | number)[] | undefined>()
  const { parentIds, forID } = props
  // After the commit: the lists' refs above are set by then.
  useEffect(() => setPath(valuePathOf(parentIds, forID)), [parentIds, forID])
  return path
}

/** A top-level field of the form: the site's list brings it to view (state.ts). */
function useTopField(props: Props, focus: (rest: (string | number)[]) => void) {
  const { locale, parentIds, field } = props
  const name = String(field.get('name'))
  useEffect(() => {
    if (!locale || parentIds?.length) return
    registerTopField(locale, name, focus)
    return () => registerTopField(locale, name, undefined)
  }, [locale, parentIds, name, focus])
}

function focusInput(id: string) {
  const input = document.getElementById(id)
  input?.scrollIntoView({ block: 'center' })
  input?.focus()
}

function wrapLeaf(inner: Control) {
  return function TranslatedField(props: Props) {
    const { locale, value, getEntry, forID } = props
    const path = useValuePath(props)
    const state = useSyncExternalStore(entryTranslations.subscribe, entryTranslations.get)
    useSyncExternalStore(reviews.subscribe, reviews.get)
    // Any word typed, in either column, may change what is « à revoir ».
    // biome-ignore lint/correctness/useExhaustiveDependencies: a new value is the event
    useEffect(() => formChanged(getEntry), [value, getEntry])
    useTopField(
      props,
      useCallback(() => focusInput(forID), [forID]),
    )
    // Decap's own control re-renders only when Decap renders this field: its string input puts
    // the caret back where the last keystroke left it at each render (StringControl's
    // componentDidUpdate), so a render of ours (a notice shown, a review) would move it.
    const control = useMemo(() => createElement(inner, props), [props])
    const outdated =
      columnOf(locale, props.parentIds, forID) === 'en' && path
        ? outdatedAt(state, path)
        : undefined
    return (
      <>
        {control}
        {outdated ? <OutdatedNotice value={outdated} id={forID} /> : null}
      </>
    )
  }
}

/** « Traduction à revoir »: the French before and now; « Traduction à jour » records the review. */
function OutdatedNotice({ value, id }: { value: Outdated; id: string }) {
  const reviewed = isReviewed(value)
  if (reviewed)
    return (
      <p className="cms-translation cms-translation-reviewed" role="status">
        Traduction marquée à jour : elle sera enregistrée avec la page (« Publier »).
      </p>
    )
  const title = `${id}-translation`
  return (
    <section className="cms-translation" aria-labelledby={title}>
      <h3 id={title}>Traduction à revoir</h3>
      <p>Le texte français a changé depuis cette traduction :</p>
      <dl>
        <dt>Français avant</dt>
        <dd>
          <del>{value.frBefore}</del>
        </dd>
        <dt>Français maintenant</dt>
        <dd>
          <ins>{value.frNow}</ins>
        </dd>
      </dl>
      <p>Modifiez l'anglais, ou s'il dit toujours la même chose :</p>
      <button type="button" onClick={() => review(value)}>
        Traduction à jour
      </button>
    </section>
  )
}

function wrapList(inner: Control) {
  return function TranslatedList(props: Props) {
    const { forID, field, ref, value, getEntry } = props
    // Its items' fields know their column from it (Decap hands them no `locale`).
    columnOf(props.locale, props.parentIds, forID)
    const [instance, setInstance] = useState<Instance>(null)
    const single = field.get('field') !== undefined && field.get('fields') === undefined
    const innerRef = useCallback(
      (made: Instance) => {
        setRef(ref, made)
        setInstance(made)
        registerList(
          forID,
          made ? { keys: () => made.state?.keys ?? [], single: !!single } : undefined,
        )
      },
      [ref, forID, single],
    )
    // An item added, removed or moved changes the places of the words.
    // biome-ignore lint/correctness/useExhaustiveDependencies: a new value is the event
    useEffect(() => formChanged(getEntry), [value, getEntry])
    useTopField(
      props,
      useCallback(
        (rest: (string | number)[]) => {
          if (rest.length) instance?.focus?.(rest.join('.'))
          else focusInput(forID)
        },
        [instance, forID],
      ),
    )
    return useMemo(() => createElement(inner, { ...props, ref: innerRef }), [props, innerRef])
  }
}

function wrapObject(inner: Control) {
  return function TranslatedObject(props: Props) {
    const { ref } = props
    columnOf(props.locale, props.parentIds, props.forID)
    const [instance, setInstance] = useState<Instance>(null)
    const innerRef = useCallback(
      (made: Instance) => {
        setRef(ref, made)
        setInstance(made)
      },
      [ref],
    )
    useTopField(
      props,
      useCallback((rest: (string | number)[]) => instance?.focus?.(rest.join('.')), [instance]),
    )
    return useMemo(() => createElement(inner, { ...props, ref: innerRef }), [props, innerRef])
  }
}

/**
 * The entry's review field: no input of its own (hidden, admin.css); in the English column it
 * holds the form's review marks, which the buttons of the fields add to.
 */
function ReviewField(props: Props) {
  const { locale, value, onChange } = props
  const marks = listOf(value)
  const key = marks.join('\n')
  useEffect(() => {
    if (locale !== 'en') return
    attachReviews(key ? key.split('\n') : [], (next) =>
      (onChange as (v: unknown) => void)(fromJS(next)),
    )
    return () => attachReviews([], undefined)
  }, [locale, key, onChange])
  return null
}

function listOf(value: unknown): string[] {
  const list =
    value && typeof (value as { toJS?: () => unknown }).toJS === 'function'
      ? (value as { toJS: () => unknown }).toJS()
      : value
  return Array.isArray(list) ? list.filter((m): m is string => typeof m === 'string') : []
}

/** Wraps Decap's widgets (decap.ts registers them) and registers the review field's. */
export function registerTranslationWidgets(CMS: DecapApi): void {
  const wrappers = { string: wrapLeaf, text: wrapLeaf, list: wrapList, object: wrapObject }
  for (const [name, wrap] of Object.entries(wrappers)) {
    const widget = CMS.getWidget(name)
    if (!widget) throw new Error(`Decap's ${name} widget is not registered`)
    const control = wrap(widget.control) as unknown as Control
    CMS.registerWidget(name, control, widget.preview, widget.schema)
  }
  CMS.registerWidget('site-translation-review', ReviewField as unknown as Control, () => null)
}
