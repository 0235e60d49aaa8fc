// The award popup's browser side (templates/lib/hydration.ts, ENHANCED_ISLANDS), without React:
// the close button hides the panel and leaves focus where it was; the optional auto-close timer
// waits while the pointer or the keyboard focus is on the panel (WCAG 2.2.1).
import type { AwardPopupProps } from './AwardPopup.tsx'

export default function enhanceAwardPopup(el: HTMLElement, { id, autoCloseMs }: AwardPopupProps) {
  const anchor = el.querySelector<HTMLElement>('.award-anchor')
  const panel = anchor?.querySelector<HTMLElement>(`[id="${id}"]`)
  if (!anchor || !panel) return
  let hovered = false
  let focused = false
  let timer: ReturnType<typeof setTimeout> | undefined

  // Armed while open, with a delay, and neither hovered nor focused; disarmed otherwise.
  const update = () => {
    const waiting = !panel.hidden && Boolean(autoCloseMs) && !hovered && !focused
    anchor.dataset.autoClose = waiting ? 'armed' : 'off'
    clearTimeout(timer)
    if (waiting) timer = setTimeout(() => setOpen(false), autoCloseMs)
  }
  const setOpen = (open: boolean) => {
    panel.hidden = !open
    update()
  }

  panel.addEventListener('mouseenter', () => {
    hovered = true
    update()
  })
  panel.addEventListener('mouseleave', () => {
    hovered = false
    update()
  })
  panel.addEventListener('focusin', () => {
    focused = true
    update()
  })
  panel.addEventListener('focusout', (event) => {
    if (panel.contains(event.relatedTarget as Node | null)) return
    focused = false
    update()
  })
  panel.querySelector('.award-close-js')?.addEventListener('click', () => {
    focused = false
    setOpen(false)
    anchor.focus()
  })
  update()
}
