// The preview's page, made in the browser: the entry as it is being edited,
// laid over the repository as read, checked by the check the save runs, turned into the page's
// model by the builder the build uses (templates/core/content/pageModel.ts) and rendered to HTML by
// the site's own templates and renderDocument(), so the markup is the build's for the same
// content. While the tree as it would be has problems, their list instead (problemsPage.ts).
//
// Its two inputs are injected (PreviewDeps): the repository as the editor's backend read it, and
// the check (the browser's checkContent with the rules built into the editor). Tests give it the
// Node check on a memory source.

import { parse } from 'yaml'
import type { CheckResult, SiteContent } from '../../core/content/checkContent.ts'
import { factFiller, pageModel } from '../../core/content/pageModel.ts'
import { formatProblemFr } from '../../core/content/problems.ts'
import { type ContentSource, overlaySource } from '../../core/content/source.ts'
import { localeFiles, pageIdOf } from '../../core/editor/entryPaths.ts'
import { readEntryFrom, wouldBeTexts } from '../../core/editor/entryPlan.ts'
import { renderDocument } from '../../layout/renderDocument.tsx'
import { LANGS, type Lang, SOURCE_LANG } from '../../lib/languages.ts'
import type { ImageInfo } from '../../lib/picture.ts'
import { pathOf } from '../../lib/siteModel.ts'
import { SitePage } from '../../pages/SitePage.tsx'
import { type ImageSizes, siteImageSizes } from './imageSizes.ts'
import { problemsPage } from './problemsPage.ts'

export type PreviewDeps = {
  /** The repository as the editor read it (its files under content/, the names under public/). */
  source(): Promise<ContentSource> | ContentSource
  /** The content check the save runs (checkContent with the editor's rules). */
  check(source: ContentSource): CheckResult | Promise<CheckResult>
  /**
   * Size and variants of an image under public/. Default: read from the site's files as the
   * page asks for them (imageSizes.ts), the page rendered again once they are known.
   */
  imageInfo?: (src: string) => ImageInfo | undefined
}

/** The editor's one reader of the site's images (each read once a visit). */
let siteSizes: ImageSizes | undefined

/** What the pane shows: an entry (Decap's path) as edited, in one language. */
export type PreviewRequest = {
  path: string
  lang: Lang
  /**
   * The entry's value as the form holds it. For a page (both languages in one entry, Decap's
   * `content/pages/<id>.yaml`), the edited language's fields only: the other is the repository's.
   */
  data: unknown
}

export type PreviewResult =
  | { kind: 'page'; html: string; pageId: string; urlPath: string; lang: Lang; ms: Timings }
  | { kind: 'problems'; html: string; lang: Lang; ms: Timings }

/** Where the time of one preview went, in ms. */
export type Timings = { plan: number; check: number; render: number }

/** The HTML of the page `request` shows, or of the problems that keep it from being shown. */
export async function renderPreview(
  deps: PreviewDeps,
  request: PreviewRequest,
): Promise<PreviewResult> {
  // A language file of its own (the git hosts' entries: `content/en/faqs.yaml`) is its language.
  const fileLang = LANG_FILE.exec(request.path)?.[1] as Lang | undefined
  const lang = fileLang ?? (LANGS.includes(request.lang) ? request.lang : SOURCE_LANG)
  const base = await deps.source()
  const t0 = performance.now()
  const wouldBe = overlaySource(base, wouldBeTexts(base, request.path, entryValue(base, request)))
  const t1 = performance.now()
  const { content, problems } = await deps.check(wouldBe)
  const t2 = performance.now()
  if (problems.length) {
    const html = problemsPage(problems.map(formatProblemFr))
    return { kind: 'problems', html, lang, ms: { plan: t1 - t0, check: t2 - t1, render: 0 } }
  }
  const full = content as SiteContent
  const pageId = previewPage(full, request.path)
  const urlPath = pathOf(full.routes, pageId, lang)
  if (!deps.imageInfo) siteSizes ??= siteImageSizes()
  const sizes = deps.imageInfo ? undefined : siteSizes
  const render = () => {
    const imageInfo = deps.imageInfo ?? ((src: string) => sizes?.info(src))
    const model = pageModel(full, pageId, lang, urlPath, imageInfo)
    return renderDocument(<SitePage model={model} fill={factFiller(full, lang)} />)
  }
  let html = render()
  // Images the page shows and the editor has not read yet: read, then rendered again with them.
  if (sizes && (await sizes.learn())) html = render()
  const ms = { plan: t1 - t0, check: t2 - t1, render: performance.now() - t2 }
  return { kind: 'page', html, pageId, urlPath, lang, ms }
}

/** A page's value: the edited language from the form, the other as the repository has it. */
function entryValue(source: ContentSource, { path, lang, data }: PreviewRequest): unknown {
  if (!localeFiles(path)) return data
  const saved = readEntryFrom(source, path).data
  const value = (saved ? parse(saved) : {}) as Record<string, unknown>
  return { ...value, [lang]: data }
}

const LANG_FILE = /^content\/(fr|en)\/([^/]+)\.yaml$/

/** The page an entry shows: its own for a page, else the home page (strings, settings, data). */
export function previewPage(content: SiteContent, path: string): string {
  const page = pageIdOf(path) ?? LANG_FILE.exec(path)?.[2]
  const ids = content.routes.routes.map((r) => r.id)
  if (page && ids.includes(page)) return page
  return ids.includes('home') ? 'home' : (ids[0] as string)
}
