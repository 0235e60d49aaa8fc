import { createContext, useContext } from 'react'

/**
 * The page's first block, where a carousel's first slide is likely the largest paint (LCP) on
 * a phone: BlockList provides a fresh claim for it, and the first carousel rendered inside takes
 * it, so that one slide (and only it) is loaded at once with high priority instead of lazily.
 */
export const FirstScreen = createContext<{ claimed: boolean } | null>(null)

/** True for the first caller within the page's first block, false for everyone else. */
export function useFirstScreenImage(): boolean {
  const slot = useContext(FirstScreen)
  if (!slot || slot.claimed) return false
  slot.claimed = true
  return true
}
