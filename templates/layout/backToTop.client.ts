/**
 * The back-to-top link shows only once the visitor has scrolled one screen down
 * (`data-shown`, read by site.css). Without JavaScript it stays a plain, always visible link.
 * Hiding it while a form field has focus is CSS alone (site.css), so it never covers one.
 */
export function enhanceBackToTop(root: Document = document): void {
  const link = root.querySelector<HTMLElement>('.back-to-top')
  const view = root.defaultView
  if (!link || !view) return
  let queued = false
  const update = () => {
    queued = false
    link.toggleAttribute('data-shown', view.scrollY >= view.innerHeight)
  }
  const schedule = () => {
    if (queued) return
    queued = true
    view.requestAnimationFrame(update)
  }
  view.addEventListener('scroll', schedule, { passive: true })
  view.addEventListener('resize', schedule, { passive: true })
  update()
}
