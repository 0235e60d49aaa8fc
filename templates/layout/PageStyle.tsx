import { useSite } from '../lib/SiteContext.tsx'
import { printOriginCss, publicSiteUrl } from '../lib/siteUrl.ts'

/**
 * The page's timing constants (site.timing) and the site's origin for printed links
 * (--print-origin, print.css) as CSS custom properties, in one small <style> of the head:
 * templates carry no style attributes, which the Content-Security-Policy blocks (the build
 * hashes this element into the policy's style-src, scripts/lib/build/headers.ts).
 */
export function PageStyle() {
  const { site, route, lang } = useSite()
  const revealDelay =
    route.template === 'home' && lang === 'en'
      ? site.timing.revealDelayEnHomeMs
      : site.timing.revealDelayMs
  const printOrigin = printOriginCss(publicSiteUrl(site.siteUrl))
  const css = `:root{--reveal-delay:${revealDelay}ms;--hero-rotation:${site.timing.heroRotationMs};--hero-fade:${site.timing.heroFadeMs};--print-origin:${printOrigin}}`
  return <style>{css}</style>
}
