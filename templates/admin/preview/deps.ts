// The preview's two inputs in the editor (PreviewDeps, render.tsx): the repository as the
// editor's backend read it (templates/admin/backend/) and the content check with
// the rules of the editor's configuration (siteCheck.ts), the same the save runs.
// main.tsx hands over, with provideRepository(), the tree each entry is read from (the backend's
// readEntry): the newest snapshot, which a save replaces.
import type { ContentSource } from '../../core/content/source.ts'
import { siteChecker } from '../check/siteCheck.ts'
import type { PreviewDeps } from './render.tsx'

let repository: ContentSource | undefined
const waiting: ((source: ContentSource) => void)[] = []

/** The repository as the backend read it, each time it reads an entry from it. */
export function provideRepository(source: ContentSource): void {
  repository = source
  for (const resolve of waiting.splice(0)) resolve(source)
}

export function previewDeps(): PreviewDeps {
  return {
    source: () => repository ?? new Promise<ContentSource>((resolve) => waiting.push(resolve)),
    check: async (source) => (await siteChecker())(source),
  }
}
