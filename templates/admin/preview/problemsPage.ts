// What the preview pane shows while the tree as it would be has problems: the list, each as
// validate places it, in French (`file:line:col  key  fr`), under a French heading. A page of its own,
// plain HTML: nothing of the site's, which cannot render that content.
import { escapeHtml } from '../../lib/escapeHtml.ts'

export function problemsPage(lines: string[]): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="cms-preview-problems" content=""><title>Aperçu indisponible</title></head>
<body><main><h1>Cette version ne peut pas encore être affichée</h1>
<p>${lines.length === 1 ? 'Ce problème doit être corrigé' : `Ces ${lines.length} problèmes doivent être corrigés`} avant l'enregistrement :</p>
<ul>${lines.map((l) => `<li><code>${escapeHtml(l)}</code></li>`).join('')}</ul></main></body></html>`
}
