import { framePath, SEARCH_PAGE } from '../lib/framePages.ts'
import { useSite } from '../lib/SiteContext.tsx'

/**
 * The header's search field: a plain GET form to the search page of the language, so it works
 * with JavaScript off. On a phone only its button shows; it opens the search page. None when the
 * site has no search page.
 */
export function HeaderSearch() {
  const { routes, lang, t } = useSite()
  const action = framePath(routes, SEARCH_PAGE, lang)
  if (!action) return null
  return (
    <search className="header-search">
      <form className="header-search-form" action={action} method="get">
        <label className="visually-hidden" htmlFor="header-search-q">
          {t('search.label')}
        </label>
        <input
          id="header-search-q"
          name="q"
          type="search"
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t('search.placeholder')}
        />
        <button type="submit">
          <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" focusable="false">
            <circle cx="8.5" cy="8.5" r="6" fill="none" stroke="currentColor" strokeWidth="2.2" />
            <path d="M13 13l5 5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
          <span className="visually-hidden">{t('search.submit')}</span>
        </button>
      </form>
    </search>
  )
}
