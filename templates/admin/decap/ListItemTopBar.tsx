// Decap's list items (a page's blocks, a block's buttons...) each open on a bar with two buttons
// made only of an icon, unfold/fold and remove (decap-cms-ui-default's ListItemTopBar), which
// name nothing: a screen reader says "button", twice, for every item. Decap has no phrase for
// them to translate. The editor's build gives Decap this component in place of its own
// (adminPlugins.mjs, namedListButtons): Decap's bar, unchanged, its two buttons named in French
// after each render, the fold button saying whether the item is open, the mouse-only drag handle
// left to the mouse.
import DecapListItemTopBar from 'decap-cms-ui-default/dist/esm/ListItemTopBar.js'
import { type ComponentProps, useLayoutEffect, useRef } from 'react'
import { FOLD_BUTTON } from './frenchPhrases.ts'

/** The remove button's name (the fold button's: the same as a whole list's, FOLD_BUTTON). */
const REMOVE = 'Supprimer'

type Props = ComponentProps<typeof DecapListItemTopBar>

export default function ListItemTopBar(props: Props) {
  const box = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const bar = box.current?.firstElementChild
    if (!bar) return
    // Decap's bar: [fold button], drag handle or span, remove button or span.
    const buttons = [...bar.children].filter((c) => c instanceof HTMLButtonElement)
    const fold = props.onCollapseToggle ? buttons.shift() : undefined
    if (fold) {
      fold.setAttribute('aria-label', props.collapsed ? FOLD_BUTTON.expand : FOLD_BUTTON.collapse)
      fold.setAttribute('aria-expanded', String(!props.collapsed))
    }
    const remove = props.onRemove && props.allowRemove ? buttons.pop() : undefined
    remove?.setAttribute('aria-label', REMOVE)
    // The drag handle (dnd-kit's role="button", a Tab stop) moves an item with the mouse only:
    // Decap gives dnd-kit no keyboard sensor, so a key there does nothing, and its English
    // instructions say otherwise. Out of the Tab order and of what a screen reader reads.
    for (const handle of bar.querySelectorAll('[aria-roledescription="sortable"]')) {
      handle.setAttribute('tabindex', '-1')
      handle.setAttribute('aria-hidden', 'true')
    }
  })
  // display: contents: the bar stays, for the layout, the child of the item it was.
  return (
    <div ref={box} style={{ display: 'contents' }}>
      <DecapListItemTopBar {...props} />
    </div>
  )
}
