import { factFiller, pageModel } from '../../../templates/core/content/pageModel.ts'
import { ContentError, type ContentProblem } from '../../../templates/core/content/problems.ts'
import {
  forgetValidations,
  rememberValidations,
} from '../../../templates/core/content/validator.ts'
import type { Lang } from '../../../templates/lib/languages.ts'
import type { PageModel } from '../../../templates/lib/siteModel.ts'
import { imageInfo } from '../images/imageIndex.ts'
import {
  type ContentDirs,
  collectContent,
  handedOver,
  projectDirs,
  type SiteContent,
} from './load.ts'

/** The content as last read: complete and valid, or the problems that keep it from being so. */
export type ContentState = { content?: SiteContent; problems: ContentProblem[] }

/** A new object after each read: readers tell a new state from one they have seen by identity. */
let state: ContentState | undefined

/** The project whose content is served: SITE_ROOT (a copy, in tests and benchmarks) or here. */
export function contentDirs(): ContentDirs {
  return projectDirs(process.env.SITE_ROOT ?? process.cwd())
}

/**
 * The current content, read once and kept until invalidateContent() (the build reads it once;
 * the dev server invalidates it when a watched file changes). Reading again re-parses only
 * the files that changed (yamlFile.ts) and reuses the compiled schemas (validator.ts); the
 * cross-file checks run again every time, as any edit can change their outcome.
 */
export function contentState(): ContentState {
  if (!state) {
    // The build validated the content before rendering and handed it over: not validated twice.
    const handed = handedOver(contentDirs())
    const { content, problems } = handed
      ? { content: handed, problems: [] }
      : collectContent(contentDirs())
    state = problems.length ? { problems } : { problems, content: content as SiteContent }
  }
  return state
}

/**
 * Forgets the content read so far: the next reader reads it again. `changed` lists the files
 * that changed; one outside the YAML files (an image, a PDF) may turn an asset check around.
 */
export function invalidateContent(changed: readonly string[] = []): void {
  state = undefined
  if (changed.some((file) => !file.endsWith('.yaml'))) forgetValidations()
}

/** For a process that re-reads the content (the dev server): validate only what changed. */
export const keepValidations = rememberValidations

/** The validated content; throws a ContentError listing every problem when there are some. */
export function getContent(): SiteContent {
  const { content, problems } = contentState()
  if (!content) throw new ContentError(problems)
  return content
}

/** The model of one page, for the templates: the pure builder on the content as last read. */
export function buildModel(pageId: string, lang: Lang, urlPath: string): PageModel {
  return pageModel(getContent(), pageId, lang, urlPath, (src) =>
    imageInfo(contentDirs().public, src),
  )
}

export function fillerFor(lang: Lang): (text: string) => string {
  return factFiller(getContent(), lang)
}
