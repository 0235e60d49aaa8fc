// What search engines read of a page beyond its title and description: one JSON-LD graph in the
// head (layout/StructuredData.tsx), in the page's language, made from the content the pages
// already show (never typed twice): the company (on the home page whole: name, logo, blurb,
// founding year, an address per site, its contacts, its social profiles), the website, the page with its breadcrumb (the
// visible one's names, order and links: lib/breadcrumb.ts) and, on the news page, each article.
// Typed with schema-dts (the schema.org vocabulary as TypeScript types): a property schema.org
// does not have, or a value of the wrong kind, fails `npm run typecheck`. Checked after the
// build against Google's rich-result rules (scripts/lib/report/structuredData.ts).
//
// Left out on purpose: Product on catalogue pages (Google's product snippets need a price, a
// review or a rating, which the catalogue does not have and we do not invent), a SearchAction
// (Google retired the sitelinks search box), the not-found pages (noindex, no address).
import type {
  BreadcrumbList,
  ContactPoint,
  Graph,
  NewsArticle,
  Organization,
  PostalAddress,
  Thing,
  WebPage,
  WebSite,
} from 'schema-dts'
import type { Block, BlockOf, PageContent } from '../content.ts'
import { breadcrumbOf } from './breadcrumb.ts'
import { LANGS } from './languages.ts'
import { newsItemsOf } from './newsItems.ts'
import type { SiteContextValue } from './SiteContext.tsx'
import { publicSiteUrl } from './siteUrl.ts'

type Context = Pick<
  SiteContextValue,
  'site' | 'routes' | 'route' | 'lang' | 'page' | 'pagesOfLang' | 'data' | 'facts' | 't' | 'fill'
>

/** ISO 3166-1 code of the country every address of site.yaml is in (spec: Tunisia). */
export const ADDRESS_COUNTRY = 'TN'

/** The page's graph, or undefined for a page search engines do not index (not found). */
export function structuredData(ctx: Context): Graph | undefined {
  const { site, routes, route, lang, page, fill } = ctx
  if (route.template === 'notFound') return undefined
  const origin = publicSiteUrl(site.siteUrl)
  const abs = (path: string) => origin + path
  const home = routes.routes.find((r) => r.id === 'home')
  const url = abs(route[lang].path)
  const ids = {
    organization: `${origin}/#organization`,
    website: `${origin}/#website`,
    page: `${url}#webpage`,
    breadcrumb: `${url}#breadcrumb`,
  }
  const crumbs = breadcrumbOf(ctx)
  // The home page shows no breadcrumb (it is the trail's first item): it gets no list either.
  const breadcrumb: BreadcrumbList | undefined =
    route.template === 'home'
      ? undefined
      : {
          '@type': 'BreadcrumbList',
          '@id': ids.breadcrumb,
          itemListElement: crumbs.map((c, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            name: c.label,
            item: abs(c.path),
          })),
        }
  const webPage: WebPage = {
    '@type': 'WebPage',
    '@id': ids.page,
    url,
    name: fill(page.title),
    description: fill(page.description),
    inLanguage: lang,
    isPartOf: { '@id': ids.website },
    about: { '@id': ids.organization },
    ...(breadcrumb && { breadcrumb: { '@id': ids.breadcrumb } }),
  }
  const website: WebSite = {
    '@type': 'WebSite',
    '@id': ids.website,
    url: abs(home ? home.fr.path : '/'),
    name: site.company.name,
    inLanguage: [...LANGS],
    publisher: { '@id': ids.organization },
  }
  // Google reads the company from the home page ("you don't need to include it on every page"):
  // the others name it by its @id with what identifies it, 0.6 kB less gzip a page.
  const company = organization(ctx, abs, ids.organization, route.template === 'home')
  const nodes: Thing[] = [company, website, webPage]
  if (breadcrumb) nodes.push(breadcrumb)
  nodes.push(...newsArticles(ctx, url, ids.organization))
  return { '@context': 'https://schema.org', '@graph': nodes }
}

function organization(
  ctx: Context,
  abs: (path: string) => string,
  id: string,
  whole: boolean,
): Organization {
  const { site, routes, lang, facts, t } = ctx
  const home = routes.routes.find((r) => r.id === 'home')
  const identity: Organization = {
    '@type': 'Organization',
    '@id': id,
    name: site.company.name,
    url: abs(home ? home[lang].path : '/'),
    logo: { '@type': 'ImageObject', url: abs(site.company.logo) },
  }
  if (!whole) return identity
  const founded = facts.company?.founded
  const address: PostalAddress[] = site.addresses.map((a) => ({
    '@type': 'PostalAddress',
    name: t(a.label),
    streetAddress: a.street,
    postalCode: a.postalCode,
    addressLocality: a.locality,
    addressCountry: ADDRESS_COUNTRY,
  }))
  return {
    ...identity,
    description: t('footer.blurb', { year: founded }),
    ...(founded !== undefined && { foundingDate: String(founded) }),
    email: site.contact.email,
    telephone: site.contact.phone,
    address,
    contactPoint: contactPoints(ctx),
    sameAs: site.social.map((s) => s.url),
  }
}

/** The pages of the language in the route table's order (stable output, whatever the keys). */
function pagesInOrder({ routes, pagesOfLang }: Context): PageContent[] {
  return routes.routes.flatMap((r) => pagesOfLang[r.id] ?? [])
}

const blocksOf = <T extends Block['type']>(pages: PageContent[], type: T) =>
  pages.flatMap((p) => p.blocks.filter((b): b is BlockOf<T> => b.type === type))

/**
 * The company's general phone and e-mail, the recruitment address (named by the page that takes
 * applications), then each person a contact card shows, once, under the role the card gives.
 */
function contactPoints(ctx: Context): ContactPoint[] {
  const { site, data, t, fill } = ctx
  const pages = pagesInOrder(ctx)
  const points: ContactPoint[] = [
    {
      '@type': 'ContactPoint',
      contactType: t('form.locations.general'),
      telephone: site.contact.phone,
      email: site.contact.email,
    },
  ]
  const careers = pages.find((p) =>
    p.blocks.some((b) => b.type === 'contactForm' && b.variant === 'careers'),
  )
  if (careers)
    points.push({
      '@type': 'ContactPoint',
      contactType: fill(careers.title),
      email: site.contact.recruitmentEmail,
    })
  const seen = new Set<string>()
  for (const item of blocksOf(pages, 'salesContacts').flatMap((b) => b.items)) {
    const person = data.contacts.people.find((p) => p.id === item.contact)
    if (!person || seen.has(person.id)) continue
    seen.add(person.id)
    points.push({
      '@type': 'ContactPoint',
      contactType: fill(item.role),
      name: person.name,
      telephone: person.phone,
      email: person.email,
    })
  }
  return points
}

/** Each article of the page's news list (the news page), at its anchor on the page. */
function newsArticles(ctx: Context, url: string, organization: string): NewsArticle[] {
  const { site, page, data, lang, fill } = ctx
  const origin = publicSiteUrl(site.siteUrl)
  return newsItemsOf(page, data).map((item) => ({
    '@type': 'NewsArticle',
    '@id': `${url}#${item.id}`,
    url: `${url}#${item.id}`,
    isPartOf: { '@id': `${url}#webpage` },
    headline: fill(item.title),
    datePublished: item.date,
    image: item.images.map((i) => origin + i.src),
    inLanguage: lang,
    author: { '@id': organization },
    publisher: { '@id': organization },
  }))
}

/**
 * The graph as the text of a `<script type="application/ld+json">`: `<` escaped, so no value can
 * close the element or open a comment (the text is still the same JSON).
 */
export function jsonLdText(graph: Graph): string {
  return JSON.stringify(graph).replace(/</g, '\\u003c')
}
