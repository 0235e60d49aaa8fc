import { useSite } from '../lib/SiteContext.tsx'
import { printOriginCss, publicSiteUrl } from '../lib/siteUrl.ts'

/**
 * The page's timing constants (site.timing) and the site's origin for printed links
 * (--print-origin, print.css) as CSS custom properties, in one small <style> of the head:
 * templates carry no style attributes, which the Content-Security-Policy blocks (the build
 * hashes this element into the policy's style-src, scripts/lib/pipeline/headers.ts).
 */
export function PageStyle() {
  const { site, route, lang } = useSite()
  const revealDelay =
    route.template === 'home' && lang === 'en'
      ? site.timing.revealDelayEnHomeMs
      : site.timing.revealDelayMs
  const printOrigin = printOriginCss(publicSiteUrl(site.siteUrl))
  const css = `:root{--reveal-delay:${revealDelay}ms;--hero-rotation:${site.timing.heroRotationMs};--print-origin:${printOrigin}}`
  return <style>{css + heroKeyframes(site.timing.heroRotationMs, site.timing.heroFadeMs)}</style>
}

/**
 * The hero's cross-fade over two rotations (home.css): image 2 hidden until (rotation - fade),
 * shown from rotation, hidden again over the last fade. Percentages of keyframes cannot come
 * from custom properties, and animating opacity alone keeps it on the compositor.
 */
export function heroKeyframes(rotationMs: number, fadeMs: number): string {
  const at = (ms: number) => `${Number(((ms / (2 * rotationMs)) * 100).toFixed(3))}%`
  return `@keyframes hero-clock{0%,${at(rotationMs - fadeMs)}{opacity:0}50%,${at(2 * rotationMs - fadeMs)}{opacity:1}100%{opacity:0}}`
}
