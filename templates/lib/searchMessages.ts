/** Messages of the search page, passed from the pre-rendered HTML to its script. */
export const SEARCH_MESSAGES = ['loading', 'results_one', 'results_other', 'none', 'error'] as const
export type SearchMessages = Record<(typeof SEARCH_MESSAGES)[number], string>
