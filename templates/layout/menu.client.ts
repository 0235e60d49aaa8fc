/**
 * Progressive enhancement of the server-rendered menu (no React): disclosure buttons toggle
 * their submenu, Escape closes and returns focus, a click or focus outside closes, and the
 * small-screen toggle opens the whole menu.
 */
export function enhanceMenu(root: Document = document): void {
  const nav = root.querySelector<HTMLElement>('.main-nav')
  if (!nav) return
  nav.classList.add('is-enhanced')
  const buttons = [...nav.querySelectorAll<HTMLButtonElement>('button[aria-controls]')]
  const setOpen = (button: HTMLButtonElement, open: boolean) => {
    button.setAttribute('aria-expanded', String(open))
    if (!open)
      for (const inner of button.parentElement?.querySelectorAll<HTMLButtonElement>(
        '.submenu button',
      ) ?? [])
        inner.setAttribute('aria-expanded', 'false')
  }
  const closeSiblings = (button: HTMLButtonElement) => {
    const list = button.closest('ul')
    for (const other of buttons)
      if (
        other !== button &&
        other.closest('ul') === list &&
        !other.classList.contains('nav-toggle')
      )
        setOpen(other, false)
  }
  for (const button of buttons) {
    button.addEventListener('click', () => {
      const open = button.getAttribute('aria-expanded') !== 'true'
      if (open) closeSiblings(button)
      setOpen(button, open)
    })
  }
  nav.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return
    const openButton = [...buttons]
      .reverse()
      .find(
        (b) =>
          b.getAttribute('aria-expanded') === 'true' &&
          b.parentElement?.contains(event.target as Node),
      )
    if (!openButton) return
    setOpen(openButton, false)
    openButton.focus()
    event.stopPropagation()
  })
  const closeAll = (target: EventTarget | null) => {
    if (target instanceof Node && nav.contains(target)) return
    for (const b of buttons) if (!b.classList.contains('nav-toggle')) setOpen(b, false)
  }
  root.addEventListener('click', (e) => closeAll(e.target))
  root.addEventListener('focusin', (e) => closeAll(e.target))
}
