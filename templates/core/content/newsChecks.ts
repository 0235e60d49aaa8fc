// The two halves of a news article must match: every article of content/data/news.yaml has
// words in each language's newsList, and one image description (alt) per image. A duplicate id
// (in the data file or in a newsList) and an item naming no article are the schema's to report,
// once: the first entry with an id is the article, and what such an item would add (an article
// without words, a wrong number of alts) is not reported besides.

import { LANGS, type Lang } from '../../lib/languages.ts'
import type { ContentProblem } from './problems.ts'
import { keyPath, worded } from './problems.ts'
import type { YamlFile } from './yamlFile.ts'

type Article = { id?: unknown; images?: unknown }
type Block = { type?: unknown; items?: unknown }

const LANG_NAME: Record<Lang, string> = { fr: 'French', en: 'English' }
const LANG_NAME_FR: Record<Lang, string> = { fr: 'français', en: 'anglais' }

export function checkNewsWords(
  newsData: YamlFile | undefined,
  pages: { lang: Lang; yaml: YamlFile }[],
): ContentProblem[] {
  const articles = (newsData?.value as { articles?: unknown } | undefined)?.articles
  if (!newsData || !Array.isArray(articles)) return []
  const facts = new Map<string, { index: number; images: unknown }>()
  for (const [i, a] of (articles as Article[]).entries())
    if (!facts.has(String(a?.id))) facts.set(String(a?.id), { index: i, images: a?.images })
  const out: ContentProblem[] = []
  for (const lang of LANGS) {
    const seen = new Set<string>()
    // Items the schema reports (a duplicate id, an id no article has).
    let duplicates = 0
    let unknown = 0
    let where = `content/${lang}/news.yaml`
    // A page whose blocks are no list: the schema's one message; its articles are not missing.
    let unlisted = false
    for (const { yaml } of pages.filter((p) => p.lang === lang)) {
      const listed = (yaml.value as { blocks?: unknown } | undefined)?.blocks
      if (listed !== undefined && !Array.isArray(listed)) unlisted = true
      const blocks = Array.isArray(listed) ? (listed as Block[]) : []
      for (const [b, block] of blocks.entries()) {
        if (block?.type !== 'newsList' || !Array.isArray(block.items)) continue
        where = yaml.file
        const inList = new Set<string>()
        for (const [i, item] of (block.items as Article[]).entries()) {
          const id = String(item?.id)
          if (inList.has(id)) {
            duplicates++
            continue
          }
          inList.add(id)
          seen.add(id)
          const fact = facts.get(id)
          if (!fact) unknown++
          const alts = Array.isArray(item?.images) ? item.images.length : 0
          const srcs = Array.isArray(fact?.images) ? fact.images.length : 0
          if (fact && alts !== srcs) {
            const path = ['blocks', b, 'items', i, 'images']
            out.push({
              file: yaml.file,
              ...yaml.positionOf(path),
              key: keyPath(path),
              ...worded({
                en: `${alts} image description${alts === 1 ? '' : 's'} for ${srcs} image${srcs === 1 ? '' : 's'}: content/data/news.yaml lists ${srcs} for "${id}", give one alt for each, in the same order`,
                fr: `${alts} description${alts === 1 ? '' : 's'} d'image pour ${srcs} image${srcs === 1 ? '' : 's'} : content/data/news.yaml en donne ${srcs} pour « ${id} », donnez un alt pour chacune, dans le même ordre`,
              }),
              itemId: id,
            })
          }
        }
      }
    }
    const missing = [...facts.keys()].filter((id) => !seen.has(id))
    // Such an item is most often a missing article whose id was copied or mistyped.
    if (unlisted || missing.length <= duplicates + unknown) continue
    for (const [id, { index }] of facts) {
      if (seen.has(id)) continue
      const path = ['articles', index, 'id']
      out.push({
        file: newsData.file,
        ...newsData.positionOf(path),
        key: keyPath(path),
        ...worded({
          en: `article "${id}" has no ${LANG_NAME[lang]} words: add an item with id ${id} (title, images' alt, paragraphs) to the newsList of ${where}`,
          fr: `l'article « ${id} » n'a pas de texte en ${LANG_NAME_FR[lang]} : ajoutez un élément d'id ${id} (titre, alt des images, paragraphes) à la newsList de ${where}`,
        }),
        itemId: id,
      })
    }
  }
  return out
}
