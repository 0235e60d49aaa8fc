// What an entry's form shows first, with Decap's own options
// (https://decapcms.org/docs/widgets/#list, #object): Decap builds every field of a collapsed list
// item or object, hidden, so a page's form made 3,200 elements and 326 inputs and buttons to
// show 34. A list inside a list item is minimized (`minimize_collapsed`): one bar, "3 boutons",
// whose items Decap builds when it is opened. The entry's own lists (a page's blocks) stay listed,
// their items collapsed, each saying what it is (`summary`: a block's heading under its kind,
// an item's title or first words); the entry's objects (a page's banner, a settings file's
// groups) are collapsed too, saying what they hold. Every field stays one click on its
// parent's bar away, as before; those bars are Decap's buttons, reached with the keyboard.
import type { DecapField } from '../../../templates/core/editor/decapConfig.ts'

/** The fields that name an item, best first: its words, then a setting or an identifier. */
const NAMING = ['heading', 'title', 'label', 'name', 'caption', 'role', 'alt', 'text', 'item']
const NAMING_LAST = ['code', 'id']
const NAMING_WIDGETS = new Set(['string', 'text', 'select'])
/** The characters of a paragraph a summary shows (Decap's truncate filter adds "..."). */
const SHOWN = 60

/**
 * The field a folded item is known by: the first NAMING field that holds words (the other
 * language's column has no neutral value to show), else a neutral one, else an identifier.
 */
export function namingField(fields: readonly DecapField[]): DecapField | undefined {
  const named = (names: string[], words: boolean) =>
    names
      .map((n) => fields.find((f) => f.name === n && NAMING_WIDGETS.has(f.widget)))
      .find((f) => f && (!words || f.i18n !== false))
  return named(NAMING, true) ?? named(NAMING, false) ?? named(NAMING_LAST, false)
}

/**
 * What a folded item of these fields says: the value of its naming field (a paragraph's first 60
 * characters; Decap writes a block's kind above it), or "(sans titre)" while it is empty. Without
 * a naming field, Decap's own label: a list item's first field, an object's label.
 */
export function summaryOf(fields: readonly DecapField[]): string | undefined {
  const field = namingField(fields)
  if (!field) return undefined
  // Decap's template filters take quoted text, one filter per value: the value shown, then the
  // same value tested for the words shown in its place.
  const empty = `(sans ${field.label.toLowerCase()})`.replace(/'/g, '’').replace(/[{}|]/g, '')
  const value = `fields.${field.name}`
  // A line of words (a title, a label) is shown whole, a paragraph cut.
  const shown = field.widget === 'text' ? `{{${value} | truncate(${SHOWN})}}` : `{{${value}}}`
  return `${shown}{{${value} | ternary('', '${empty}')}}`
}

/**
 * Where a field is in its entry's form: a field of the entry itself, inside one of its objects,
 * or inside a list item (at any depth).
 */
export type Place = 'entry' | 'object' | 'item'

/**
 * A list's folding: its items collapsed (Decap's default, not written: the configuration holds
 * 700 lists), and minimized to one bar when it is inside an item.
 */
export const listFolding = (place: Place): Pick<DecapField, 'minimize_collapsed'> =>
  place === 'item' ? { minimize_collapsed: true } : {}

/**
 * An object of the entry itself collapsed, saying what it holds; one inside an item is folded
 * with its item, one inside an object with that object.
 */
export function objectFolding(
  fields: readonly DecapField[],
  place: Place,
): Pick<DecapField, 'collapsed' | 'summary'> {
  if (place !== 'entry') return {}
  const summary = summaryOf(fields)
  return summary ? { collapsed: true, summary } : { collapsed: true }
}
