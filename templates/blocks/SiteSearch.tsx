import type { BlockOf } from '../content.ts'
import { Paragraphs } from '../lib/RichText.tsx'
import { useSite } from '../lib/SiteContext.tsx'
import { SEARCH_MESSAGES, type SearchMessages } from '../lib/searchMessages.ts'

/**
 * The search page: a GET form (the header's field lands here with ?q=), a live region for the
 * results that templates/lib/search.client.ts fills from the Pagefind index, and, read with
 * JavaScript off, every page of the language instead.
 */
export function SiteSearch({ block }: { block: BlockOf<'siteSearch'> }) {
  const { t, lang, routes, route, pagesOfLang } = useSite()
  // Raw messages with their {{count}}/{{query}} placeholders: the browser fills them in.
  const raw = { replace: { count: '{{count}}', query: '{{query}}' } }
  const messages = Object.fromEntries(
    SEARCH_MESSAGES.map((k) => [k, t(`search.${k}`, raw)]),
  ) as SearchMessages
  const pages = routes.routes.filter((r) => r.template !== 'notFound' && r.id !== route.id)
  return (
    <section id={block.id} className="block site-search" data-site-search>
      <div className="container">
        <Paragraphs items={block.intro} />
        <search>
          <form className="search-form" action={route[lang].path} method="get">
            <label htmlFor="search-q">{t('search.label')}</label>
            <div className="search-row">
              <input
                id="search-q"
                name="q"
                type="search"
                autoComplete="off"
                enterKeyHint="search"
                placeholder={t('search.placeholder')}
              />
              <button type="submit" className="button">
                {t('search.submit')}
              </button>
            </div>
          </form>
        </search>
        <p className="search-status" role="status" data-messages={JSON.stringify(messages)} />
        <ol className="search-results" hidden />
        <div className="search-fallback">
          <p>{t('search.noScript')}</p>
          <h2>{t('search.allPages')}</h2>
          <ul className="search-all-pages">
            {pages.map((r) => (
              <li key={r.id}>
                <a href={r[lang].path}>{pagesOfLang[r.id]?.title ?? t(`nav.${r.id}`)}</a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  )
}
