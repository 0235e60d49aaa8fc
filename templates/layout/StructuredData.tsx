import { useSite } from '../lib/SiteContext.tsx'
import { jsonLdText, structuredData } from '../lib/structuredData.ts'

/**
 * The page's JSON-LD graph (lib/structuredData.ts). A data block, not a script: browsers never
 * run it, so the Content-Security-Policy needs no hash for it (build/headers.ts hashes only the
 * types a browser executes).
 */
export function StructuredData() {
  const graph = structuredData(useSite())
  if (!graph) return null
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every `<` escaped (jsonLdText)
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(graph) }} />
  )
}
