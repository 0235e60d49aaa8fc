// The editor's page (/admin/), in `npm run dev` and in a production build: French, never indexed,
// loading the editor's module. `configUrl`: where the page reads the CMS configuration (the
// production build's config.json beside it); without it, main.tsx asks the dev server.

const escapeAttr = (s: string) =>
  s.replace(/[&"<]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;' })[c] as string)

export function adminHtml(entry: string, configUrl?: string): string {
  const config = configUrl ? `<meta name="cms-config" content="${escapeAttr(configUrl)}">\n` : ''
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${config}<title>Éditeur du site</title>
</head>
<body>
<noscript>L'éditeur du site a besoin de JavaScript.</noscript>
<script type="module" src="${escapeAttr(entry)}"></script>
</body>
</html>
`
}
