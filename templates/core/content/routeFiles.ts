// Each route of content/routes.yaml has its page file in every language, and each page file its
// route. A route whose id was changed (or whose files were renamed) leaves both a route without
// files and files without a route: one mistake, said once, at the route's id. Files without a
// route keep their page alive for the other checks: the links, menu entries and image paths that
// name it are not reported besides (the page exists, its route is what is missing).
import type { Lang } from '../../lib/languages.ts'
import { langName, langNameFr } from './checks.ts'
import { editDistance, pairClosest } from './closestNames.ts'
import { type ContentProblem, type Text, worded } from './problems.ts'
import type { YamlFile } from './yamlFile.ts'

export type RouteFileGaps = {
  /** Page id -> its files that have no route (`content/fr/x.yaml`), in the order of the languages. */
  unrouted: Map<string, string[]>
  /** Route id -> its index in routes: and the languages whose file it lacks. */
  lacking: Map<string, { index: number; langs: Lang[] }>
}

export function routeFileProblems(
  { unrouted, lacking }: RouteFileGaps,
  routes: YamlFile | undefined,
  langs: readonly Lang[],
): ContentProblem[] {
  const out: ContentProblem[] = []
  const atRoute = (index: number, text: Text) =>
    out.push({
      file: 'content/routes.yaml',
      ...(routes?.positionOf(['routes', index, 'id']) ?? { line: 1, col: 1 }),
      key: `routes[${index}].id`,
      ...worded(text),
    })
  const both = (files: readonly string[]) => files.join(' and ')
  const tous = (files: readonly string[]) => files.join(' et ')
  // A route without any file beside files without a route in every language: one page, two ids.
  const renamed = pairClosest(
    [...lacking].filter(([, l]) => l.langs.length === langs.length).map(([id]) => id),
    [...unrouted].filter(([, files]) => files.length === langs.length).map(([id]) => id),
    editDistance,
  )
  for (const [route, files] of renamed) {
    const index = lacking.get(route)?.index ?? 0
    const orphans = unrouted.get(files) ?? []
    atRoute(index, {
      en: `page "${route}" has no content, while ${both(orphans)} have no route: give this route its id ${files} back, or rename those files to ${route}.yaml (and every page:${files} link to page:${route})`,
      fr: `la page « ${route} » n'a pas de contenu, alors que ${tous(orphans)} n'ont pas de route : rendez à cette route son id ${files}, ou renommez ces fichiers en ${route}.yaml (et chaque lien page:${files} en page:${route})`,
    })
  }
  const paired = new Set(renamed.values())
  for (const [id, files] of unrouted) {
    if (paired.has(id)) continue
    out.push({
      file: files[0] ?? '',
      line: 1,
      col: 1,
      key: '(file)',
      ...worded({
        en: `no route for page id "${id}": add it to content/routes.yaml or remove ${files.length === 1 ? 'the file' : both(files)}`,
        fr: `aucune route pour l'id de page « ${id} » : ajoutez-la à content/routes.yaml ou supprimez ${files.length === 1 ? 'le fichier' : tous(files)}`,
      }),
    })
  }
  for (const [id, { index, langs: missing }] of lacking) {
    if (renamed.has(id)) continue
    const files = missing.map((l) => `content/${l}/${id}.yaml`)
    atRoute(index, {
      en: `page "${id}" has no ${missing.map(langName).join(' or ')} content: expected ${both(files)}`,
      fr: `la page « ${id} » n'a pas de contenu en ${missing.map(langNameFr).join(' ni en ')} : ${tous(files)} ${files.length === 1 ? 'est attendu' : 'sont attendus'}`,
    })
  }
  return out
}
