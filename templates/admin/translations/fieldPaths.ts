// Where a field of Decap's form is in its entry's value. Decap hands a widget its own value and
// the chain of its ancestors' ids (`parentIds`), not its place: each control's id is
// `<field name>-field-<n>` (EditorControl's uniqueFieldId), and a list item's is the list's own
// key of that item (ListControl's `state.keys`, in the items' order). The list widget is wrapped
// (widgets.tsx) to make its keys known here, so that a field's path in the value
// (`['blocks', 2, 'items', 0, 'title']`) can be read from its ids.

type ListHandle = {
  /** The list's item keys, in the items' order. */
  keys(): readonly string[]
  /** Items of one field (`field`, not `fields`): the item is that field's value. */
  single: boolean
}

const lists = new Map<string, ListHandle>()

/** A list control mounted (its id, its keys) or gone (undefined). */
export function registerList(forID: string, handle: ListHandle | undefined): void {
  if (handle) lists.set(forID, handle)
  else lists.delete(forID)
}

const FIELD_ID = /^(.+)-field-\d+$/

/**
 * The path in its column's value of the control `forID` under `parentIds`; undefined while a list
 * above it is not known yet (its ref is set after its children render).
 */
export function valuePathOf(
  parentIds: readonly unknown[] | undefined,
  forID: string,
): (string | number)[] | undefined {
  const ids = [...(parentIds ?? []), forID].filter((id): id is string => typeof id === 'string')
  const path: (string | number)[] = []
  let list: ListHandle | undefined
  let singleItem = false
  for (const id of ids) {
    if (list) {
      const index = list.keys().indexOf(id)
      if (index < 0) return undefined
      path.push(index)
      singleItem = list.single
      list = undefined
      continue
    }
    const name = FIELD_ID.exec(id)?.[1]
    if (name === undefined) return undefined
    list = lists.get(id)
    // The one field of an item of a `field` list is the item itself.
    if (singleItem) singleItem = false
    else path.push(name)
  }
  return path
}

/** The column (language) of each top-level control: Decap hands `locale` to those only. */
const columns = new Map<string, string>()

/**
 * The column of the control `forID` under `parentIds`: its own `locale` at the top of the form,
 * else its top-level ancestor's (registered as it mounts: ancestors mount first).
 */
export function columnOf(
  locale: string | undefined,
  parentIds: readonly unknown[] | undefined,
  forID: string,
): string | undefined {
  const top = parentIds?.find((id): id is string => typeof id === 'string')
  if (!top) {
    if (locale) columns.set(forID, locale)
    return locale
  }
  return columns.get(top) ?? locale
}
