/** Messages of the search page, passed from the pre-rendered HTML to its script. */
export const SEARCH_MESSAGES = ['loading', 'results_one', 'results_other', 'none', 'error'] as const
export type SearchMessages = Record<(typeof SEARCH_MESSAGES)[number], string>

/**
 * The element that opens a ratings row in the indexed text, with the row's id and title as its
 * text: written by the build (scripts/lib/pipeline/searchDocument.ts), read by the search page
 * (search.client.ts). Here, not in the client-only module: the build's renderers bundle it too.
 */
export const RATINGS_ROW = 'ratings-row'
