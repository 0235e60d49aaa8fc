/**
 * When each kind of island hydrates. The server HTML of every island reads
 * and works before hydration, so its code (and React) is fetched only when needed:
 * - `visible`: when it comes near the viewport (IntersectionObserver, 200 px ahead), e.g. the
 *   carousels (Swiper) and counters further down a page;
 * - `idle`: when the browser is idle after load (requestIdleCallback, at most 2 s later), for
 *   first-screen motion that nothing waits on (typed word, award popup);
 * - `interaction`: on the first pointerover, focusin or touchstart on the island; a click that
 *   arrives before hydration ends is held and replayed on the same element afterwards.
 * Every island also hydrates at once on an interaction, whatever its strategy.
 */
export type HydrateStrategy = 'visible' | 'idle' | 'interaction'

export const HYDRATE_BY_ISLAND: Record<string, HydrateStrategy> = {
  AwardPopup: 'idle',
  Carousel: 'visible',
  CertificateTabs: 'interaction',
  ContactForm: 'visible',
  Counters: 'visible',
  DetailModals: 'interaction',
  Gallery: 'interaction',
  ImageModals: 'interaction',
  TypedWord: 'idle',
}

export const hydrateStrategyOf = (island: string): HydrateStrategy =>
  HYDRATE_BY_ISLAND[island] ?? 'visible'

/**
 * Islands whose browser side is a small script, not React: `templates/islands/<Name>.client.ts`
 * exports `default(el, props)`, which takes over the markup the React component rendered on the
 * server (so the HTML, the no-JS page and the audits stay the same). Motion and carousels need
 * no React state, and React (about 60 kB gzip) is then loaded only by pages with a form, tabs
 * or dialogs. Every other island is hydrated by React.
 */
export const ENHANCED_ISLANDS: ReadonlySet<string> = new Set([
  'AwardPopup',
  'Carousel',
  'Counters',
  'TypedWord',
])
