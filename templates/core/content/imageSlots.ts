// Image paths of pages are written once, in content/data/images.yaml; the language files keep
// each image's words (alt). An image is named there by its page id, then its slot: the id of its
// block, the id of its list item and, inside an item, the key that holds it (`details`), joined
// by slashes (`expertise/transformers`, `en-detail/architecture/details`); the page's banner is
// `banner`. An English block is named by the id of its French partner (blockPairs.ts: an English
// block may translate its id); list items by id, as the FR/EN structure check matches them.

import { isObject, type Json } from '../../lib/isObject.ts'
import { LANGS, type Lang } from '../../lib/languages.ts'
import { isBlockList, pairBlocks } from './blockPairs.ts'
import { editDistance, pairClosest } from './closestNames.ts'
import type { ContentProblem, Text } from './problems.ts'
import { keyPath, worded } from './problems.ts'
import type { YamlFile } from './yamlFile.ts'

export const IMAGES_FILE = 'content/data/images.yaml'

type Path = (string | number)[]

/** One image field of a page: `image` (one object) or `images` (a list of them). */
export type ImageUse = {
  /** The slot's name, or undefined when a block or item on the way has no id. */
  slot?: string
  /** Without a slot: 'block' or 'list item', what lacks the id. */
  unnamed?: 'block' | 'list item'
  path: Path
  kind: 'one' | 'list'
  /** The image objects, each at its path (one for `image`). */
  objects: { value: Json; path: Path }[]
  /** A gallery item's image: the item may have a larger version, `<slot>/large` in the data file. */
  largeOf?: { item: Json; path: Path }
}

/** The slot of a gallery item's larger image. */
export const largeSlot = (slot: string) => `${slot}/large`

/** Every image of a page; `naming` (the French page) names the blocks. */
export function imageUses(page: unknown, naming?: unknown): readonly ImageUse[] {
  if (!isObject(page)) return []
  const known = keptUses.get(page)
  if (known && known.naming === naming) return known.uses
  const uses = findImageUses(page, naming)
  keptUses.set(page, { naming, uses })
  return uses
}

// The dev server checks the whole content again on each save, its unchanged pages being the
// same parsed objects (yamlFile.ts): what is found in one of them is kept by the object, never
// changed by its readers.
const keptUses = new WeakMap<Json, { naming: unknown; uses: readonly ImageUse[] }>()
const keptPaths = new WeakMap<
  Json,
  { paths: Record<string, string | string[]>; naming: unknown; page: unknown }
>()

function findImageUses(page: Json, naming: unknown): ImageUse[] {
  const out: ImageUse[] = []
  let unnamed: ImageUse['unnamed']
  let blockType: unknown
  const found = (value: unknown, path: Path, slot: string | undefined, parent?: Json) => {
    if (Array.isArray(value))
      out.push({
        slot,
        ...(slot === undefined && { unnamed }),
        path,
        kind: 'list',
        objects: value.flatMap((v, i) => (isObject(v) ? [{ value: v, path: [...path, i] }] : [])),
      })
    else if (isObject(value))
      out.push({
        slot,
        ...(slot === undefined && { unnamed }),
        path,
        kind: 'one',
        objects: [{ value, path }],
        ...(blockType === 'gallery' &&
          parent &&
          path.length === 5 && { largeOf: { item: parent, path: path.slice(0, -1) } }),
      })
  }
  const walk = (node: Json, path: Path, names: string[] | undefined) => {
    for (const [key, v] of Object.entries(node)) {
      const at = [...path, key]
      if (key === 'image' || key === 'images') found(v, at, names?.join('/'), node)
      else if (Array.isArray(v))
        v.forEach((item, i) => {
          if (!isObject(item)) return
          const id = typeof item.id === 'string' ? item.id : undefined
          if (names && !id) unnamed = 'list item'
          walk(item, [...at, i], names && id ? [...names, id] : undefined)
        })
      else if (isObject(v)) walk(v, at, names && [...names, key])
    }
  }
  if ('banner' in page) found(page.banner, ['banner'], 'banner')
  const blocks = Array.isArray(page.blocks) ? page.blocks : []
  const namingBlocks = isObject(naming) && Array.isArray(naming.blocks) ? naming.blocks : blocks
  const partners =
    namingBlocks !== blocks && isBlockList(namingBlocks) && isBlockList(blocks)
      ? pairBlocks(namingBlocks, blocks).partnerOf
      : blocks.map((_, i) => i)
  blocks.forEach((block, i) => {
    // A news article's images are in content/data/news.yaml.
    if (!isObject(block) || block.type === 'newsList') return
    const partner = partners[i]
    // An English block without a French partner has no name yet (the structure check says so).
    if (partner === undefined) return
    const named = namingBlocks[partner]
    const id = isObject(named) && named.type === block.type ? named.id : block.id
    unnamed = 'block'
    blockType = block.type
    walk(block, ['blocks', i], typeof id === 'string' ? [id] : undefined)
  })
  return out
}

/** The paths of content/data/images.yaml: page id -> slot -> one path or a list of them. */
export type ImagePaths = Record<string, Record<string, string | string[]>>

export function imagePathsOf(value: unknown): ImagePaths {
  if (!isObject(value)) return {}
  const out: ImagePaths = {}
  for (const [page, slots] of Object.entries(value))
    if (page !== '$schema' && isObject(slots))
      out[page] = slots as Record<string, string | string[]>
  return out
}

/** The page with each image's path put back from content/data/images.yaml (the page is not changed). */
export function withImagePaths<T>(
  page: T,
  paths: Record<string, string | string[]> = {},
  naming?: unknown,
): T {
  if (!isObject(page)) return page
  const known = keptPaths.get(page)
  if (known && known.paths === paths && known.naming === naming) return known.page as T
  const result = putImagePaths(page, paths, naming)
  keptPaths.set(page, { paths, naming, page: result })
  return result as T
}

function putImagePaths(
  page: Json,
  paths: Record<string, string | string[]>,
  naming: unknown,
): Json {
  const uses = imageUses(page, naming)
  if (!uses.length) return page
  const copy = structuredClone(page) as unknown as Json
  for (const use of uses) {
    const given = use.slot === undefined ? undefined : paths[use.slot]
    const list = Array.isArray(given) ? given : given === undefined ? [] : [given]
    use.objects.forEach(({ path }, i) => {
      const parent = path.slice(0, -1).reduce<unknown>((x, k) => (x as Json)[k], copy) as Json
      const last = path.at(-1) as string
      // src first: the order the islands serialise their props in.
      if (list[i] !== undefined) parent[last] = { src: list[i], ...(parent[last] as Json) }
    })
    const large = use.slot === undefined ? undefined : paths[largeSlot(use.slot)]
    if (use.largeOf && typeof large === 'string') {
      const item = use.largeOf.path.reduce<unknown>((x, k) => (x as Json)[k], copy) as Json
      item.large = large
    }
  }
  return copy
}

type PageFile = { lang: Lang; id: string; yaml: YamlFile }

/** One image of a page file. */
type SlotUse = { page: PageFile; use: ImageUse }

/** A problem at the value at `path` of `y` (at its key with `onKey`). */
const problemAt = (y: YamlFile, path: Path, text: Text, onKey = false): ContentProblem => ({
  file: y.file,
  ...y.positionOf(path, onKey),
  key: keyPath(path),
  ...worded(text),
})

/**
 * The checks between content/data/images.yaml and the page files; each mistake once, at the
 * offending value: a path written in a page file, an image without a path or without a name, a
 * slot or page of the data file that does not exist, one path where a list is expected (or the
 * reverse), and a number of paths that differs from the number of images.
 */
export function checkImagePaths(
  data: YamlFile | undefined,
  pages: PageFile[],
  pageIds: Set<string>,
): ContentProblem[] {
  const images = imagesOfPages(pages)
  if (!data) return [...images.problems, ...withoutDataFile(images)]
  const paths = imagePathsOf(data.value)
  // What the data file names must exist; a path under a name no image has, beside an image
  // without a path, is most often that image's path under a mistyped or former name.
  const read = (pageId: string) => pages.filter((p) => p.id === pageId).length
  const judged = (pageId: string) =>
    pageIds.has(pageId) && read(pageId) === LANGS.length && !images.unnamedOn.has(pageId)
  const renamed = renamedInData(images, paths, judged)
  return [
    ...images.problems,
    ...checkPathsOfImages(data, images.used, paths, renamed),
    ...checkDataSlots(data, images, paths, { pageIds, judged, renamed }),
  ]
}

/** The images of the page files, by slot, and what is wrong with them in the page files. */
type PageImages = {
  /** Slot key (`<page id>\0<slot>`) -> its uses in each language, for the checks made once per slot. */
  used: Map<string, SlotUse[]>
  /**
   * The pages with an image without a name, or named by a duplicate block id: the images of such
   * a page are not judged, and neither are its paths in the data file.
   */
  unnamedOn: Set<string>
  /** The slot keys of the gallery items' larger images. */
  largeSlots: Set<string>
  /** A path written in a page file, an image that cannot be named. */
  problems: ContentProblem[]
}

function imagesOfPages(pages: PageFile[]): PageImages {
  const out: ContentProblem[] = []
  const french = new Map(pages.filter((p) => p.lang === 'fr').map((p) => [p.id, p.yaml.value]))
  const used = new Map<string, SlotUse[]>()
  const reportedUnnamed = new Set<string>()
  const unnamedOn = new Set<string>()
  const largeSlots = new Set<string>()
  for (const page of pages) {
    const uses = imageUses(page.yaml.value, page.lang === 'fr' ? undefined : french.get(page.id))
    const duplicates = duplicateBlockIds(french.get(page.id))
    for (const use of uses) {
      out.push(...pathsInPage(page, use))
      // Named by a duplicate block id (reported once, by the anchors check): not judged, and
      // neither are the page's paths in the data file, until the duplicate is renamed.
      if (use.slot !== undefined && duplicates.has(use.slot.split('/')[0] ?? '')) {
        unnamedOn.add(page.id)
        continue
      }
      if (use.slot === undefined) {
        const where = `${page.id}:${keyPath(use.path)}`
        if (!reportedUnnamed.has(where))
          out.push(
            problemAt(
              page.yaml,
              use.path,
              {
                en: `this image cannot be named in ${IMAGES_FILE}: give its ${use.unnamed ?? 'block'} an id (the same in both languages), then write its path there under ${page.id}: as <block id>${use.unnamed === 'list item' ? '/<item id>' : ''}: /images/…`,
                fr: `cette image ne peut pas être nommée dans ${IMAGES_FILE} : donnez un id à ${use.unnamed === 'list item' ? 'son élément de liste' : 'son bloc'} (le même dans les deux langues), puis écrivez-y son chemin sous ${page.id}: comme <id du bloc>${use.unnamed === 'list item' ? "/<id de l'élément>" : ''}: /images/…`,
              },
              true,
            ),
          )
        reportedUnnamed.add(where)
        unnamedOn.add(page.id)
        continue
      }
      const key = `${page.id}\0${use.slot}`
      if (use.largeOf) largeSlots.add(`${page.id}\0${largeSlot(use.slot)}`)
      used.set(key, [...(used.get(key) ?? []), { page, use }])
    }
  }
  return { used, unnamedOn, largeSlots, problems: out }
}

/** An image's path (`src`) or its larger version's (`large`) written in the page file. */
function pathsInPage(page: PageFile, use: ImageUse): ContentProblem[] {
  const out: ContentProblem[] = []
  for (const { value, path } of use.objects)
    if ('src' in value)
      out.push(
        problemAt(
          page.yaml,
          [...path, 'src'],
          {
            en: `an image's path is not written in a language file: ${IMAGES_FILE} holds it for both languages${use.slot ? ` (under ${page.id}:, ${use.slot}: ${String(value.src)})` : ''}; remove src here and keep only alt`,
            fr: `le chemin d'une image ne s'écrit pas dans un fichier de langue : ${IMAGES_FILE} le porte pour les deux langues${use.slot ? ` (sous ${page.id}:, ${use.slot}: ${String(value.src)})` : ''} ; retirez src ici et gardez seulement alt`,
          },
          true,
        ),
      )
  if (use.largeOf && 'large' in use.largeOf.item)
    out.push(
      problemAt(
        page.yaml,
        [...use.largeOf.path, 'large'],
        {
          en: `a larger image's path is not written in a language file: ${IMAGES_FILE} holds it for both languages${use.slot ? ` (under ${page.id}:, ${largeSlot(use.slot)}: ${String(use.largeOf.item.large)})` : ''}; remove large here`,
          fr: `le chemin d'une image agrandie ne s'écrit pas dans un fichier de langue : ${IMAGES_FILE} le porte pour les deux langues${use.slot ? ` (sous ${page.id}:, ${largeSlot(use.slot)}: ${String(use.largeOf.item.large)})` : ''} ; retirez large ici`,
        },
        true,
      ),
    )
  return out
}

/** Without the data file: one problem, if a page has an image. */
function withoutDataFile(images: PageImages): ContentProblem[] {
  if (!images.used.size) return []
  return [
    {
      file: IMAGES_FILE,
      line: 1,
      col: 1,
      key: '(file)',
      ...worded({
        en: `file is missing: the pages' image paths are written in ${IMAGES_FILE}`,
        fr: `fichier manquant : les chemins des images des pages s'écrivent dans ${IMAGES_FILE}`,
      }),
    },
  ]
}

/**
 * The data file's names that no image has, each paired with the image without a path it most
 * likely names (renamedSlots): data key -> image key, both `<page id>\0<slot>`.
 */
function renamedInData(
  images: PageImages,
  paths: ImagePaths,
  judged: (pageId: string) => boolean,
): Map<string, string> {
  return renamedSlots(
    [...images.used].flatMap(([key, uses]) => {
      const [pageId, slot] = key.split('\0') as [string, string]
      const first = uses[0]
      return first && inFrench(uses) && paths[pageId]?.[slot] === undefined
        ? [{ pageId, slot, kind: first.use.kind }]
        : []
    }),
    Object.entries(paths).flatMap(([pageId, slots]) =>
      judged(pageId)
        ? Object.entries(slots).flatMap(([slot, given]) =>
            images.used.has(`${pageId}\0${slot}`) || images.largeSlots.has(`${pageId}\0${slot}`)
              ? []
              : [{ pageId, slot, given }],
          )
        : [],
    ),
  )
}

/** Each image the pages name (but one whose path is under another name): its path(s). */
function checkPathsOfImages(
  data: YamlFile,
  used: Map<string, SlotUse[]>,
  paths: ImagePaths,
  renamed: Map<string, string>,
): ContentProblem[] {
  const renamedTo = new Set(renamed.values())
  const out: ContentProblem[] = []
  for (const [key, uses] of used) {
    if (renamedTo.has(key) || !inFrench(uses)) continue
    out.push(...pathsOfImage(data, key, uses, paths))
  }
  return out
}

/**
 * One image (`uses`: in each language) and its path in the data file: there, one path or a list
 * as the page has, one path per image.
 */
function pathsOfImage(
  data: YamlFile,
  key: string,
  uses: SlotUse[],
  paths: ImagePaths,
): ContentProblem[] {
  const [pageId, slot] = key.split('\0') as [string, string]
  const first = uses[0]
  if (!first) return []
  const given = paths[pageId]?.[slot]
  const dataPath = [pageId, slot]
  // A value of another kind is the schema's to report.
  const valid =
    typeof given === 'string' || (Array.isArray(given) && given.every((p) => typeof p === 'string'))
  if (given !== undefined && !valid) return []
  if (given === undefined)
    return [
      problemAt(
        first.page.yaml,
        first.use.path,
        {
          en: `this image has no path: add ${slot}: ${first.use.kind === 'list' ? '[/images/…, …] (one per image, in this order)' : '/images/…'} under ${pageId}: in ${IMAGES_FILE}`,
          fr: `cette image n'a pas de chemin : ajoutez ${slot}: ${first.use.kind === 'list' ? '[/images/…, …] (un par image, dans cet ordre)' : '/images/…'} sous ${pageId}: dans ${IMAGES_FILE}`,
        },
        true,
      ),
    ]
  if (first.use.kind === 'one' && typeof given !== 'string')
    return [
      problemAt(data, dataPath, {
        en: 'must be one path (the page has one image here, not a list)',
        fr: 'doit être un seul chemin (la page a une image ici, pas une liste)',
      }),
    ]
  if (first.use.kind === 'list' && !Array.isArray(given))
    return [
      problemAt(data, dataPath, {
        en: `must be a list of paths, one per image of the page, in order: [${given}, …]`,
        fr: `doit être une liste de chemins, un par image de la page, dans l'ordre : [${given}, …]`,
      }),
    ]
  if (!Array.isArray(given)) return []
  const counts = uses.map((u) => u.use.objects.length)
  const n = given.length
  const files = uses.map((u) => u.page.yaml.file)
  const c = counts[0] ?? 0
  if (counts.every((x) => x === c && x !== n))
    return [
      problemAt(data, dataPath, {
        en: `${n} path${n === 1 ? '' : 's'} for ${c} image${c === 1 ? '' : 's'}: ${files.join(' and ')} describe${uses.length === 1 ? 's' : ''} ${c} (one alt each); give one path per image, in the same order`,
        fr: `${n} chemin${n === 1 ? '' : 's'} pour ${c} image${c === 1 ? '' : 's'} : ${files.join(' et ')} en décri${uses.length === 1 ? 't' : 'vent'} ${c} (un alt chacune) ; donnez un chemin par image, dans le même ordre`,
      }),
    ]
  return uses
    .filter(({ use }) => use.objects.length !== n)
    .map(({ page, use }) =>
      problemAt(page.yaml, use.path, {
        en: `${use.objects.length} image description${use.objects.length === 1 ? '' : 's'} for ${n} image${n === 1 ? '' : 's'}: ${IMAGES_FILE} lists ${n} paths for ${pageId}: ${slot}, give one alt for each, in the same order`,
        fr: `${use.objects.length} description${use.objects.length === 1 ? '' : 's'} d'image pour ${n} image${n === 1 ? '' : 's'} : ${IMAGES_FILE} donne ${n} chemins pour ${pageId}: ${slot}, donnez un alt pour chacune, dans le même ordre`,
      }),
    )
}

/** What the data file names: pages of the route table, and images those pages have. */
function checkDataSlots(
  data: YamlFile,
  images: PageImages,
  paths: ImagePaths,
  judging: {
    pageIds: Set<string>
    judged: (pageId: string) => boolean
    renamed: Map<string, string>
  },
): ContentProblem[] {
  const out: ContentProblem[] = []
  for (const [pageId, slots] of Object.entries(paths)) {
    if (!judging.pageIds.has(pageId)) {
      out.push(
        problemAt(
          data,
          [pageId],
          {
            en: `unknown page id "${pageId}": the keys of this file are page ids of content/routes.yaml`,
            fr: `id de page « ${pageId} » inconnu : les clés de ce fichier sont des ids de page de content/routes.yaml`,
          },
          true,
        ),
      )
      continue
    }
    // A page file that could not be read has no known images: its slots are not judged.
    // Nor those of a page with an image without a name (its slot is likely the one missing) or
    // named by a duplicate block id.
    if (!judging.judged(pageId)) continue
    out.push(...checkPageSlots(data, pageId, slots, images, judging.renamed))
  }
  return out
}

/** The slots the data file gives one page: each must be one of its images. */
function checkPageSlots(
  data: YamlFile,
  pageId: string,
  slots: Record<string, string | string[]>,
  { used, largeSlots }: PageImages,
  renamed: Map<string, string>,
): ContentProblem[] {
  const out: ContentProblem[] = []
  const known = [...used.keys()]
    .filter((k) => k.startsWith(`${pageId}\0`))
    .map((k) => k.split('\0')[1])
  for (const [slot, given] of Object.entries(slots)) {
    if (largeSlots.has(`${pageId}\0${slot}`)) {
      if (Array.isArray(given))
        out.push(
          problemAt(data, [pageId, slot], {
            en: 'must be one path (the larger version of one image), not a list',
            fr: "doit être un seul chemin (la version agrandie d'une image), pas une liste",
          }),
        )
      continue
    }
    const image = renamed.get(`${pageId}\0${slot}`)
    const use = image && used.get(image)?.[0]
    if (image && use) {
      const name = image.split('\0')[1]
      out.push(
        problemAt(
          data,
          [pageId, slot],
          {
            en: `page "${pageId}" has no image "${slot}", and its image "${name}" (${use.page.yaml.file}:${use.page.yaml.positionOf(use.use.path, true).line}) has no path: rename ${slot} to ${name}`,
            fr: `la page « ${pageId} » n'a pas d'image « ${slot} », et son image « ${name} » (${use.page.yaml.file}:${use.page.yaml.positionOf(use.use.path, true).line}) n'a pas de chemin : renommez ${slot} en ${name}`,
          },
          true,
        ),
      )
    } else if (!used.has(`${pageId}\0${slot}`))
      out.push(
        problemAt(
          data,
          [pageId, slot],
          {
            en: `page "${pageId}" has no image "${slot}" (a block id, then a list item id, joined by /): ${known.length ? `its images are ${known.join(', ')}` : 'it has no image'}`,
            fr: `la page « ${pageId} » n'a pas d'image « ${slot} » (un id de bloc, puis un id d'élément de liste, joints par /) : ${known.length ? `ses images sont ${known.join(', ')}` : "elle n'a pas d'image"}`,
          },
          true,
        ),
      )
  }
  return out
}

/**
 * Whether the French page has the image: one that only the English page has (in a block or list
 * item the French file lacks, or whose id differs) is named by nothing yet, and the FR/EN
 * structure check reports the block or item.
 */
const inFrench = (uses: { page: PageFile }[]) => uses.some((u) => u.page.lang === 'fr')

/** The ids that two blocks or more of the (French) page have. */
function duplicateBlockIds(page: unknown): Set<string> {
  const blocks = isObject(page) && Array.isArray(page.blocks) ? page.blocks : []
  const seen = new Set<string>()
  const out = new Set<string>()
  for (const block of blocks)
    if (isObject(block) && typeof block.id === 'string') {
      if (seen.has(block.id)) out.add(block.id)
      seen.add(block.id)
    }
  return out
}

/**
 * Pairs the data file's names no image has with the images without a path, on the same page and
 * of the same kind (one path, or a list), the closest names first: data key -> image key, both
 * `<page id>\0<slot>`.
 */
function renamedSlots(
  missing: { pageId: string; slot: string; kind: ImageUse['kind'] }[],
  unknown: { pageId: string; slot: string; given: unknown }[],
): Map<string, string> {
  const pairs = pairClosest(unknown, missing, (u, m) =>
    m.pageId === u.pageId &&
    (m.kind === 'list') === Array.isArray(u.given) &&
    (typeof u.given === 'string' || Array.isArray(u.given))
      ? editDistance(u.slot, m.slot)
      : undefined,
  )
  return new Map([...pairs].map(([u, m]) => [`${u.pageId}\0${u.slot}`, `${m.pageId}\0${m.slot}`]))
}
