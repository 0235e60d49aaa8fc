import type { ComponentType } from 'react'

const loaders = import.meta.glob<{ default: ComponentType<Record<string, unknown>> }>(
  '../islands/*.tsx',
)

/**
 * Hydrates each island of the page on its own. React and each island's code are loaded only
 * when the page has islands, so a page without one loads no React at all.
 */
export async function hydrateIslands(root: ParentNode = document): Promise<void> {
  const elements = [...root.querySelectorAll<HTMLElement>('[data-island]')]
  if (elements.length === 0) return
  const [{ createElement }, { hydrateRoot }] = await Promise.all([
    import('react'),
    import('react-dom/client'),
  ])
  await Promise.all(
    elements.map(async (el) => {
      const load = loaders[`../islands/${el.dataset.island}.tsx`]
      if (!load) throw new Error(`Unknown island "${el.dataset.island}"`)
      const { default: Component } = await load()
      const props = JSON.parse(el.dataset.props ?? '{}') as Record<string, unknown>
      hydrateRoot(el, createElement(Component, props), { identifierPrefix: el.dataset.prefix })
      el.dataset.hydrated = 'true'
    }),
  )
}
