// The editor's page (/admin/), in `npm run dev` and in a production build: French, never indexed,
// loading the editor's module. It names where main.tsx reads the CMS configuration and the check's
// data (the production build's config.json and check.json beside it, the dev server's endpoints).
//
// The first element of its body is the link « Aide » to the editor's guide (guidePage.ts): on
// every screen of the editor, the login included, first in the keyboard's order, in a new tab so
// the form being edited stays.
//
// The page asks at once for what the editor's start awaits: the configuration (a fetch preload,
// which main.tsx's fetch then takes) and Decap's chunk (a module preload; main.tsx imports it
// dynamically), so both load while the editor's own module is fetched and run, not after it.

const escapeAttr = (s: string) =>
  s.replace(/[&"<]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;' })[c] as string)

export type AdminPage = {
  /** The editor's module. */
  entry: string
  /** The chunks its start imports (startChunks). */
  preload: string[]
  /** Where main.tsx reads the CMS configuration (JSON). */
  config: string
  /** Where siteCheck.ts reads the check's data (JSON), once the form is up. */
  check: string
}

/** The start of the editor's pages (the editor, its guide): French, never indexed. */
export const editorPageStart = `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">`

export function adminHtml(page: AdminPage): string {
  const links = [
    ...page.preload.map((href) => `<link rel="modulepreload" href="${escapeAttr(href)}">`),
    // crossorigin: what a plain fetch() asks (cors, same-origin credentials), else not reused.
    `<link rel="preload" href="${escapeAttr(page.config)}" as="fetch" crossorigin>`,
  ]
  return `${editorPageStart}
<meta name="cms-config" content="${escapeAttr(page.config)}">
<meta name="cms-check" content="${escapeAttr(page.check)}">
<title>Éditeur du site</title>
<script type="module" src="${escapeAttr(page.entry)}"></script>
${links.join('\n')}
</head>
<body>
<a class="cms-help" href="/admin/aide/" target="_blank">Aide<span class="cms-help-new"> (nouvel onglet)</span></a>
<noscript>L'éditeur du site a besoin de JavaScript.</noscript>
</body>
</html>
`
}

/** A chunk of vite's manifest, as the editor build writes it (adminBuildChild.mjs). */
export type ManifestChunk = {
  file: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}

/** The module of the editor that main.tsx's start imports with the configuration. */
const DECAP_MODULE = 'templates/admin/decap/decap.ts'

/**
 * The editor's entry and the chunks its start loads (the entry's static imports, Decap's chunk
 * and its imports), as files of the build, from vite's manifest. Not the preview's chunk nor
 * the WebP encoder: the form shows without them.
 */
export function startChunks(manifest: Record<string, ManifestChunk>): {
  entry: string
  preload: string[]
} {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry)
  const entry = entryKey ? manifest[entryKey] : undefined
  if (!entryKey || !entry) throw new Error("The editor build's manifest has no entry")
  const files = new Set<string>()
  const add = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || key === entryKey || files.has(chunk.file)) return
    files.add(chunk.file)
    for (const k of chunk.imports ?? []) add(k)
  }
  for (const k of entry.imports ?? []) add(k)
  if (entry.dynamicImports?.includes(DECAP_MODULE)) add(DECAP_MODULE)
  return { entry: entry.file, preload: [...files] }
}
