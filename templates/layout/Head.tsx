import { Helmet } from 'react-helmet-async'
import { OG_LOCALES } from '../lib/languages.ts'
import { useSite } from '../lib/SiteContext.tsx'
import { publicSiteUrl } from '../lib/siteUrl.ts'
import { ICONS, SOCIAL_IMAGE, socialImagePath } from '../lib/socialImage.ts'

/** Title, description, canonical, hreflang alternates and Open Graph of the page. */
export function Head() {
  const { page, route, site, lang, fill } = useSite()
  const siteUrl = publicSiteUrl(site.siteUrl)
  const abs = (path: string) => siteUrl + path
  const title = `${fill(page.title)} | ${site.company.name}`
  const description = fill(page.description)
  const isNotFound = route.template === 'notFound'
  return (
    <Helmet>
      <title>{title}</title>
      <meta name="description" content={description} />
      {isNotFound ? <meta name="robots" content="noindex" /> : null}
      {isNotFound ? null : <link rel="canonical" href={abs(route[lang].path)} />}
      {isNotFound ? null : <link rel="alternate" hrefLang="fr" href={abs(route.fr.path)} />}
      {isNotFound ? null : <link rel="alternate" hrefLang="en" href={abs(route.en.path)} />}
      {isNotFound ? null : <link rel="alternate" hrefLang="x-default" href={abs(route.fr.path)} />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.company.name} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={abs(route[lang].path)} />
      <meta property="og:locale" content={OG_LOCALES[lang]} />
      <meta property="og:image" content={abs(socialImagePath(route.id, lang))} />
      <meta property="og:image:type" content={SOCIAL_IMAGE.type} />
      <meta property="og:image:width" content={String(SOCIAL_IMAGE.width)} />
      <meta property="og:image:height" content={String(SOCIAL_IMAGE.height)} />
      <meta property="og:image:alt" content={fill(page.title)} />
      <meta name="twitter:card" content="summary_large_image" />
      <link rel="icon" href={ICONS.ico} sizes="16x16 32x32 48x48" />
      <link rel="icon" href={ICONS.svg} type="image/svg+xml" />
      <link rel="apple-touch-icon" href={ICONS.appleTouch} />
      <link rel="manifest" href={ICONS.manifest} />
      <meta name="theme-color" content="#0b4f8a" />
    </Helmet>
  )
}
