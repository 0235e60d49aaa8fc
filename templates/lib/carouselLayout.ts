// The carousel's layout, shared by its server markup (islands/Carousel.tsx) and its browser
// script (islands/Carousel.client.ts). No React here: the script must not pull it in.

/** The same gap as `--carousel-gap` in carousel.css. */
export const GAP_PX = 16

/** Slides per row below 640 px, from 640 px and from 1024 px (the CSS uses the same steps). */
export function perViewSteps(perView: number, variant: 'photo' | 'logo') {
  return {
    base: Math.min(perView, variant === 'logo' ? 2 : 1),
    md: Math.min(perView, 3),
    lg: perView,
  }
}

/** Autoplay only when asked and when there are more slides than fit in a row on a large screen. */
export const canAutoplay = (autoplayMs: number | undefined, slides: number, lg: number) =>
  Boolean(autoplayMs) && slides > lg

/** Each slide's share of the container at each step (images are fetched at that width). */
export function slideSizes(steps: ReturnType<typeof perViewSteps>): string {
  return `(min-width: 1024px) ${Math.ceil(1180 / steps.lg)}px, (min-width: 640px) ${Math.ceil(100 / steps.md)}vw, ${Math.ceil(100 / steps.base)}vw`
}
