// The public address of the site: SITE_URL (a build-time setting, checked by
// scripts/lib/pipeline/buildSettings.ts) over content/site.yaml's siteUrl. Read at pre-render time;
// in the browser (no process) the YAML value is what the page was built with anyway.

/** The site's address without a trailing slash (`https://www.example.com`). */
export function publicSiteUrl(yamlSiteUrl: string): string {
  const envUrl = typeof process === 'undefined' ? undefined : process.env.SITE_URL?.trim()
  return (envUrl || yamlSiteUrl).replace(/\/+$/, '')
}

/**
 * The origin a printed `/path` link is prefixed with, as a CSS string (`"https://host"`), for
 * `--print-origin` (templates/styles/print.css). Empty when the address is not a URL, so paper
 * then shows the path. Quotes, backslashes and line breaks are escaped, `<` too (it sits in a
 * <style> element).
 */
export function printOriginCss(siteUrl: string): string {
  let origin = ''
  try {
    origin = new URL(siteUrl).origin
  } catch {
    origin = ''
  }
  if (origin === 'null') origin = ''
  const escaped = origin.replace(/["\\\n\r<]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)
  return `"${escaped}"`
}
