/**
 * Progressive enhancement of the server-rendered menu (no React). Disclosure buttons toggle
 * their submenu on click, Enter and Space; on a desktop layout a mouse also opens a submenu by
 * resting on it (after hoverOpenDelayMs, so sweeping across the bar opens nothing) and closes
 * it on leaving (after hoverCloseDelayMs, forgiving a diagonal move). Escape closes and returns
 * focus to the button; focus or a click elsewhere closes. The phone toggle opens the whole
 * menu and its name says what the next press does.
 */
export const hoverOpenDelayMs = 150
export const hoverCloseDelayMs = 300
/** The layout where submenus drop down (site.css collapses the menu at 900 px and below). */
const DESKTOP_QUERY = '(min-width: 901px)'

/** How a submenu was opened: a hover-opened one closes when the pointer leaves it. */
type Opener = 'hover' | 'pointer' | 'keyboard'

export function enhanceMenu(root: Document = document): void {
  const nav = root.querySelector<HTMLElement>('.main-nav')
  const view = root.defaultView
  if (!nav || !view) return
  nav.classList.add('is-enhanced')
  const buttons = [...nav.querySelectorAll<HTMLButtonElement>('.menu button[aria-controls]')]
  const opener = new Map<HTMLButtonElement, Opener>()
  const timers = new Map<HTMLButtonElement, number>()
  const isOpen = (b: HTMLButtonElement) => b.getAttribute('aria-expanded') === 'true'
  const desktop = () => view.matchMedia(DESKTOP_QUERY).matches

  const cancel = (b: HTMLButtonElement) => view.clearTimeout(timers.get(b))
  const later = (b: HTMLButtonElement, ms: number, run: () => void) => {
    cancel(b)
    timers.set(b, view.setTimeout(run, ms))
  }
  const setOpen = (button: HTMLButtonElement, open: boolean, by?: Opener) => {
    cancel(button)
    button.setAttribute('aria-expanded', String(open))
    if (open) {
      opener.set(button, by ?? 'pointer')
      const list = button.closest('ul')
      for (const other of buttons)
        if (other !== button && other.closest('ul') === list && isOpen(other)) setOpen(other, false)
    } else
      for (const inner of button.parentElement?.querySelectorAll<HTMLButtonElement>(
        '.submenu button',
      ) ?? [])
        if (isOpen(inner)) setOpen(inner, false)
  }

  for (const button of buttons) {
    const item = button.parentElement
    if (!item) continue
    button.addEventListener('click', (event) => {
      // A keyboard activation is a click with detail 0.
      const by: Opener = event.detail === 0 ? 'keyboard' : 'pointer'
      // Clicking a submenu that resting the mouse already opened keeps it open.
      if (isOpen(button) && opener.get(button) === 'hover' && by === 'pointer')
        opener.set(button, 'pointer')
      else setOpen(button, !isOpen(button), by)
    })
    item.addEventListener('pointerenter', (event) => {
      if (event.pointerType !== 'mouse' || !desktop()) return
      later(button, hoverOpenDelayMs, () => {
        if (!isOpen(button)) setOpen(button, true, 'hover')
      })
    })
    item.addEventListener('pointerleave', (event) => {
      if (event.pointerType !== 'mouse' || !desktop()) return
      if (!isOpen(button)) cancel(button)
      // A submenu opened from the keyboard stays while focus is in it.
      else if (opener.get(button) !== 'keyboard' || !item.contains(root.activeElement))
        later(button, hoverCloseDelayMs, () => setOpen(button, false))
    })
    item.addEventListener('focusout', (event) => {
      const next = event.relatedTarget
      if (next instanceof Node && item.contains(next)) return
      if (isOpen(button) && opener.get(button) !== 'hover') setOpen(button, false)
    })
  }

  const toggle = nav.querySelector<HTMLButtonElement>('.nav-toggle')
  const setToggle = (open: boolean) => {
    if (!toggle) return
    toggle.setAttribute('aria-expanded', String(open))
    const label = toggle.querySelector('.nav-toggle-label')
    const text = open ? toggle.dataset.labelClose : toggle.dataset.labelOpen
    if (label && text) label.textContent = text
  }
  toggle?.addEventListener('click', () =>
    setToggle(toggle.getAttribute('aria-expanded') !== 'true'),
  )

  root.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return
    const target = event.target instanceof Node ? event.target : null
    const inNav = !!target && nav.contains(target)
    // The innermost open submenu around the focus closes and gives focus back to its button.
    const around = buttons
      .slice()
      .reverse()
      .find((b) => isOpen(b) && !!target && !!b.parentElement?.contains(target))
    if (around) {
      setOpen(around, false)
      around.focus()
    } else if (inNav && toggle?.getAttribute('aria-expanded') === 'true' && !desktop()) {
      setToggle(false)
      toggle.focus()
    } else if (buttons.some(isOpen)) {
      for (const b of buttons) if (isOpen(b)) setOpen(b, false)
    } else return
    if (inNav) event.stopPropagation()
  })
  const closeAll = (target: EventTarget | null) => {
    if (target instanceof Node && nav.contains(target)) return
    for (const b of buttons) if (isOpen(b)) setOpen(b, false)
  }
  root.addEventListener('click', (e) => closeAll(e.target))
  root.addEventListener('focusin', (e) => closeAll(e.target))
}
