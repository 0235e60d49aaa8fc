import type { ComponentType, ReactNode } from 'react'
import { ENHANCED_ISLANDS, type HydrateStrategy } from './hydration.ts'

const loaders = import.meta.glob<{ default: ComponentType<Record<string, unknown>> }>(
  '../islands/*.tsx',
)
/** The islands taken over by a small script instead of React (ENHANCED_ISLANDS). */
const enhancers = import.meta.glob<{
  default: (el: HTMLElement, props: Record<string, unknown>) => void
}>('../islands/*.client.ts')

/** Events that hydrate any island at once, whatever its strategy. */
const INTERACTIONS = ['pointerover', 'focusin', 'touchstart'] as const
/** What a held click may have meant to do (anything else is left to the browser). */
const ACTIONABLE = 'a[href], button, input, select, textarea, label, summary, [tabindex]'
/** Visible islands hydrate this far ahead of the viewport, so they are ready when seen. */
const VISIBLE_MARGIN = '200px'
/** An idle island waits at most this long after the load event. */
const IDLE_TIMEOUT_MS = 2000

let react: Promise<[typeof import('react'), typeof import('react-dom/client')]> | undefined
const started = new WeakMap<HTMLElement, Promise<void>>()
/** What to do once an island is live (or failed to be): replay a held click. */
const settled = new WeakMap<HTMLElement, () => void>()

/**
 * Arms every island of the page (templates/lib/hydration.ts): each hydrates on its own when its
 * strategy says (`data-hydrate`: visible, idle or interaction) or at the first interaction with
 * it. React and an island's code are fetched only then, so a page whose islands are not needed
 * yet loads no React at all.
 */
export function hydrateIslands(root: ParentNode = document): void {
  const elements = [...root.querySelectorAll<HTMLElement>('[data-island]')]
  if (elements.length === 0) return
  let observer: IntersectionObserver | undefined
  for (const el of elements) {
    armInteraction(el)
    const strategy = (el.dataset.hydrate ?? 'visible') as HydrateStrategy
    if (strategy === 'idle') whenIdle(() => void hydrateIsland(el))
    else if (strategy === 'visible') {
      observer ??= new IntersectionObserver(
        (entries) => {
          for (const entry of entries)
            if (entry.isIntersecting) {
              observer?.unobserve(entry.target)
              void hydrateIsland(entry.target as HTMLElement)
            }
        },
        { rootMargin: VISIBLE_MARGIN },
      )
      observer.observe(el)
    }
  }
}

/** Hydrates one island now (once); resolves when it is live (React committed, or its script ran). */
export function hydrateIsland(el: HTMLElement): Promise<void> {
  let done = started.get(el)
  if (!done) {
    done = hydrate(el).finally(() => settled.get(el)?.())
    started.set(el, done)
  }
  return done
}

async function hydrate(el: HTMLElement): Promise<void> {
  const name = el.dataset.island ?? ''
  if (ENHANCED_ISLANDS.has(name)) return enhance(el, name)
  const load = loaders[`../islands/${name}.tsx`]
  if (!load) throw new Error(`Unknown island "${name}"`)
  react ??= Promise.all([import('react'), import('react-dom/client')])
  const [[{ createElement, startTransition, useEffect }, { hydrateRoot }], { default: Component }] =
    await Promise.all([react, load()])
  const props = JSON.parse(el.dataset.props ?? '{}') as Record<string, unknown>
  // The modules were evaluated in the task that brought the last of them: render in a new one.
  await yieldToMain()
  await new Promise<void>((committed) => {
    // Runs after the island's own effects: the island is live, its handlers attached.
    function Ready({ children }: { children: ReactNode }) {
      useEffect(committed, [])
      return children
    }
    // In a transition React hydrates in slices of about 5 ms and lets the browser paint and
    // handle input between them; outside one, it renders the whole island in one task (the
    // form: about 10 ms on a desktop CPU, four times that on Lighthouse's simulated phone). A
    // click meanwhile is held and replayed once the island is live (armInteraction).
    startTransition(() => {
      hydrateRoot(el, createElement(Ready, null, createElement(Component, props)), {
        identifierPrefix: el.dataset.prefix,
      })
    })
  })
  el.dataset.hydrated = 'true'
}

/**
 * Ends the current task so the browser can paint and handle input first. Not a timer: timers
 * are clamped, throttled in background tabs and stopped by the tests' paused clock.
 */
function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (scheduler?.yield) return scheduler.yield()
  return new Promise((resumed) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resumed()
    channel.port2.postMessage(null)
  })
}

/** Runs an island's script on its server markup: no React involved. */
async function enhance(el: HTMLElement, name: string): Promise<void> {
  const load = enhancers[`../islands/${name}.client.ts`]
  if (!load) throw new Error(`Island "${name}" has no templates/islands/${name}.client.ts`)
  const { default: enhanceIsland } = await load()
  enhanceIsland(el, JSON.parse(el.dataset.props ?? '{}') as Record<string, unknown>)
  el.dataset.hydrated = 'true'
}

/**
 * Hydrates on the first pointerover, focusin or touchstart. Until hydrated, a plain click on
 * a control of the island is held (its default, e.g. following a thumbnail's link, is stopped)
 * and replayed on the same element once the island is live, so a first click is never lost;
 * if hydration fails, the replay lets the browser do what the HTML alone would have done.
 */
function armInteraction(el: HTMLElement): void {
  const controller = new AbortController()
  const { signal } = controller
  const start = () => {
    for (const type of INTERACTIONS) el.removeEventListener(type, start)
    void hydrateIsland(el)
  }
  for (const type of INTERACTIONS) el.addEventListener(type, start, { passive: true, signal })
  let held: HTMLElement | undefined
  el.addEventListener(
    'click',
    (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        return
      const target = (event.target as Element | null)?.closest<HTMLElement>(ACTIONABLE)
      if (!target || !el.contains(target)) return
      event.preventDefault()
      event.stopPropagation()
      held = target
      start()
    },
    { capture: true, signal },
  )
  const replay = () => {
    controller.abort()
    const target = held
    held = undefined
    if (target?.isConnected) queueMicrotask(() => target.click())
  }
  settled.set(el, replay)
}

function whenIdle(run: () => void): void {
  const schedule = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS })
      : setTimeout(run, 200)
  if (document.readyState === 'complete') schedule()
  else addEventListener('load', schedule, { once: true })
}
