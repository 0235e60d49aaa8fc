// https://vike.dev/client
// The only script every page loads: the menu's progressive enhancement, then islands (and
// React) only on pages that have some.
import { enhanceBackToTop } from '../templates/layout/backToTop.client.ts'
import { enhanceMenu } from '../templates/layout/menu.client.ts'
import { hydrateIslands } from '../templates/lib/hydrateIslands.ts'

enhanceMenu()
enhanceBackToTop()
hydrateIslands()
// The search page's script (and Pagefind) load only where there is a search page.
const search = document.querySelector<HTMLElement>('[data-site-search]')
if (search) import('../templates/lib/search.client.ts').then((m) => m.enhanceSearch(search))
