// Old document URLs (`formerly:` in content/data/documents.yaml) as `_redirects` lines, 301 to
// the document's current file. They go first: the wildcard 404 rules must not catch them.
import type { SiteData } from '../../../templates/content.ts'
import { documentRedirects, documentsOf } from '../../../templates/lib/documents.ts'

export function documentRedirectLines(data: Partial<SiteData> | Record<string, unknown>): string {
  return documentRedirects(documentsOf(data))
    .map((r) => `${r.from}  ${r.to}  301\n`)
    .join('')
}
