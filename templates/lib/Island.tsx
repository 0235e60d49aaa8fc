import { type ComponentType, createElement, useId } from 'react'
import { renderToString } from 'react-dom/server'
import { type HydrateStrategy, hydrateStrategyOf } from './hydration.ts'

const modules = import.meta.glob<{ default: ComponentType<never> }>('../islands/*.tsx', {
  eager: true,
})

const HOISTED_PRELOADS = /^(?:<link rel="preload" as="image"[^>]*>)+/

/**
 * Marks an interactive block: rendered to HTML here, hydrated alone in the browser by
 * hydrateIslands() with the same props. The component must be the default export of
 * templates/islands/<name>.tsx. Props must be JSON (they travel in the page).
 */
export function Island<P extends object>({
  name,
  component,
  props,
  as = 'div',
  className,
  hydrate = hydrateStrategyOf(name),
}: {
  name: string
  component: ComponentType<P>
  props: P
  as?: 'div' | 'span' | 'section'
  className?: string
  /** When the browser hydrates it (templates/lib/hydration.ts); by default per island kind. */
  hydrate?: HydrateStrategy
}) {
  const mod = modules[`../islands/${name}.tsx`]
  if (mod?.default !== (component as unknown))
    throw new Error(`Island "${name}" must be the default export of templates/islands/${name}.tsx`)
  // Rendered on its own, as the browser will hydrate it: React ids then match on both sides.
  const prefix = `i${useId().replace(/[^a-zA-Z0-9]/g, '')}-`
  // React puts the preloads of an eager <img> before the markup it renders alone; the page
  // preloads that image from the head instead (ImagePreload), and the island keeps its markup.
  const html = renderToString(createElement(component, props), {
    identifierPrefix: prefix,
  }).replace(HOISTED_PRELOADS, '')
  return createElement(as, {
    className,
    'data-island': name,
    'data-hydrate': hydrate,
    'data-prefix': prefix,
    'data-props': JSON.stringify(props),
    dangerouslySetInnerHTML: { __html: html },
  })
}
