// Renders the pages in several processes at once (one per core, at most RENDER_PROCESSES):
// vike's pre-rendering runs on one thread, and a build renders hundreds of pages. Each child
// (renderChild.ts) renders an interleaved share of the routes into the same staging folder,
// then exits, so its memory is gone before the search index is built.
import { fork } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { allPagePaths } from '../../../templates/lib/siteModel.ts'
// Types only: this module is loaded before the content code (scripts/build.ts starts the
// renderers first), and load.ts with ajv and yaml takes 0.2 s to load.
import type { SiteContent } from '../content/load.ts'
import { exited, track } from './childProcesses.ts'
import type { PageAnalysis } from './pageAnalysis.ts'
import type { IndexedPage } from './searchDocument.ts'
import { fileForPath } from './staticFiles.ts'

const codeRoot = fileURLToPath(new URL('../../..', import.meta.url))
const RENDER_PROCESSES = 2

/** The not-found page: vike pre-renders its error page for this URL into 404.html. */
export const NOT_FOUND_PATH = '/404'

/** How many renderers: BUILD_RENDER_PROCESSES, else one per core up to RENDER_PROCESSES. */
export function renderProcessCount(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.BUILD_RENDER_PROCESSES)
  if (Number.isInteger(asked) && asked > 0) return asked
  return Math.max(1, Math.min(RENDER_PROCESSES, availableParallelism()))
}

/** What the renderers read in the pages they wrote, by file under client/ (`en/contact.html`). */
export type PageAnalyses = Map<string, PageAnalysis>

export type Renderers = {
  /**
   * Renders every page into `outDir`/client from the bundles in `outDir`; removes `outDir`/server.
   * Returns each page's analysis (pageAnalysis.ts), taken from the page as it was written, with
   * its search document for the pages `searched` lists by file.
   */
  render: (
    outDir: string,
    content: SiteContent,
    contentDir: string,
    searched?: Map<string, IndexedPage>,
  ) => Promise<PageAnalyses>
}

/**
 * Starts the renderers of `root`'s pages: they load vike and React while the build validates the
 * content and bundles the code, then wait for their share of the routes.
 */
export function startRenderers(root: string, count = renderProcessCount()): Renderers {
  const children = Array.from({ length: count }, () => {
    const child = track(
      fork(join(codeRoot, 'scripts/lib/pipeline/renderChild.mjs'), [], {
        cwd: codeRoot,
        // A young generation of 8 MB semi-spaces instead of 16: about 20 MB less per renderer
        // (16 MB gave the build a peak of 507-532 MB at N=500, the parent and both renderers).
        // 4 MB saved 9 MB more each but collected more often: prerender at N=500, four
        // interleaved runs each, 4.0-4.6 s with 4 MB, 3.8-4.1 s with 8 (161 MB per renderer).
        execArgv: ['--max-semi-space-size=8'],
        env: { ...process.env, SITE_ROOT: root, NODE_ENV: process.env.NODE_ENV ?? 'production' },
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
    )
    // Done when it exited cleanly and its IPC channel is closed: the channel closes after the
    // last message is read, while the exit event may come before it.
    const done = Promise.all([
      exited(child, 'A page renderer'),
      new Promise((closed) => child.once('disconnect', closed)),
    ])
    done.catch(() => {}) // awaited in render(); a renderer killed before must not end the build
    return { child, done }
  })
  return {
    render: async (outDir, content, contentDir, searched) => {
      const all = allPagePaths(content.routes)
      const analyses: PageAnalyses = new Map()
      // The last build's pages: a page rendered to the same bytes is linked from there.
      const previous = join(root, 'dist', 'client')
      const previousDir = existsSync(previous) ? previous : undefined
      for (const { child } of children)
        child.on('message', (message: { analyses?: [string, PageAnalysis][] }) => {
          for (const [file, analysis] of message.analyses ?? []) analyses.set(file, analysis)
        })
      try {
        await Promise.all(
          children.map(({ child, done }, index) => {
            // Interleaved shares: each renderer gets pages of every kind. As vike pre-renders,
            // the error page is written as 404.html unless a route renders /404 (the first's).
            const paths = all.filter((_, i) => i % count === index)
            const jobs: { path: string; file: string; status: number; search?: IndexedPage }[] =
              paths.map((path) => {
                const file = fileForPath(path)
                return { path, file, status: 200, search: searched?.get(file) }
              })
            if (index === 0 && !all.includes(NOT_FOUND_PATH))
              jobs.push({ path: NOT_FOUND_PATH, file: fileForPath(NOT_FOUND_PATH), status: 404 })
            child.send({ contentDir, outDir, previousDir, content, jobs })
            return done
          }),
        )
      } finally {
        // One failed: the others' pages are of no use. Only the renderers: the editor's build
        // (cms/adminBuild.ts) may still be running beside them.
        for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL')
      }
      rmSync(join(outDir, 'server'), { recursive: true, force: true })
      return analyses
    },
  }
}
