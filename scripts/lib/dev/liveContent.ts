import type { IncomingMessage, ServerResponse } from 'node:http'
import { basename, join, sep } from 'node:path'
import type { Plugin, ViteDevServer } from 'vite'
import type { ContentState } from '../content/model.ts'
import { overlayError, problemPage, terminalReport } from './problemView.ts'

type ContentModel = typeof import('../content/model.ts')

/** Swap, backup and temporary files editors write beside the real one: no reload for those. */
const EDITOR_LITTER = /^\.|~$|\.(swp|swx|tmp|bak)$/

/**
 * Editors save several files at once (and some write in two steps): wait this long after the
 * last event. The dev editor writes a save's files in one synchronous batch
 * (writeFilesAtomically), whose events arrive within a few ms; 30 ms was a third of the overlay's
 * 100 ms budget.
 */
const SETTLE_MS = 10

/**
 * `npm run dev` shows every edit under content/ and public/ in the open pages: the content
 * model is read again (only the changed files are re-parsed), then the open pages reload, or
 * show Vite's error overlay listing every problem; the terminal prints the list once. While
 * the content is broken, any page request gets that list instead of a page.
 *
 * No vike module needs invalidating: vike 0.4 loads +route/+data through server.ssrLoadModule
 * and reloads them only when a file of Vite's module graph changes; the YAML is read with fs,
 * not imported, and the route and data functions ask the model on every request.
 */
export function liveContent(): Plugin {
  return {
    name: 'live-content',
    apply: 'serve',
    configureServer(server) {
      const live = watchContent(server)
      // Added after Vite's own middlewares (assets, modules) and before vike's page renderer.
      return () => {
        server.middlewares.use((req, res, next) => {
          if ((req.url ?? '').split('?')[0] === '/build.json')
            return void live.serveBuildInfo(res).catch(next)
          live.servePage(req, res).then((served) => served || next(), next)
        })
      }
    },
  }
}

function watchContent(server: ViteDevServer) {
  // The model instance vike's +route/+data use: the one in Vite's SSR module graph. (The
  // vite.config bundle has its own copies of every module it imports.)
  const modelPath = join(server.config.root, 'scripts/lib/content/model.ts')
  const model = () => server.ssrLoadModule(modelPath) as Promise<ContentModel>
  const logger = server.config.logger
  const changed = new Set<string>()
  let timer: NodeJS.Timeout | undefined
  // The state last announced (by identity: a code edit re-creates the model module, whose
  // states then start anew).
  let announced: ContentState | undefined
  let broken = false
  // The time (ms) before which every write is in the content the pages are made of: taken just
  // before the content is read again after a change (or first), kept once that read has no
  // problem. The dev server's /build.json names it: the editor's saves (whose `version` is the
  // time after their write, cms/devEditor.ts) are served once it is later (admin/live/).
  let servedUpTo = 0
  let read = false

  // content/, public/ and schemas/ of the served project (SITE_ROOT in tests): Vite watches
  // its root already, not a copy elsewhere.
  const ready = model().then(({ contentDirs, keepValidations }) => {
    keepValidations()
    const dirs = contentDirs()
    const watched = [dirs.content, dirs.public, dirs.schemas]
    server.watcher.add(watched)
    return { root: dirs.root, watched }
  })

  /** Tells the open pages and the terminal about a state they have not seen yet. */
  const announce = (root: string, state: ContentState) => {
    if (state === announced) return
    const first = announced === undefined
    announced = state
    const hot = server.environments.client.hot
    if (state.problems.length) {
      broken = true
      // The open pages first: the terminal's list (a write to a pipe or a tty) can wait a frame.
      hot.send({ type: 'error', err: overlayError(root, state.problems) })
      logger.error(terminalReport(state.problems), { timestamp: true })
      return
    }
    if (broken) logger.info('content is valid again', { timestamp: true })
    broken = false
    if (!first) hot.send({ type: 'full-reload', path: '*' })
  }

  /** Reads the content again if a file changed since the last read; announces the result. */
  const refresh = async (): Promise<ContentState> => {
    clearTimeout(timer)
    const [m, { root }] = await Promise.all([model(), ready])
    // Every file written before this moment is read below (the whole tree is read again,
    // diskSource keeping only the texts whose size and time are unchanged).
    const before = Date.now() - 1
    const reads = changed.size > 0 || !read
    if (changed.size) {
      m.invalidateContent([...changed])
      changed.clear()
    }
    const state = m.contentState()
    read = true
    if (reads && !state.problems.length) servedUpTo = Math.max(servedUpTo, before)
    announce(root, state)
    return state
  }

  const onFileEvent = async (file: string) => {
    const { watched } = await ready
    if (!watched.some((d) => file === d || file.startsWith(d + sep))) return
    if (EDITOR_LITTER.test(basename(file))) return
    changed.add(file)
    clearTimeout(timer)
    timer = setTimeout(() => void refresh().catch(crashed), SETTLE_MS)
  }
  /** Not a content mistake: a defect of the checker itself, shown as such. */
  const crashed = (error: Error) => {
    logger.error(`Reading the content failed: ${error.stack ?? error.message}`, { error })
    server.environments.client.hot.send({
      type: 'error',
      err: { message: `Reading the content failed: ${error.message}`, stack: error.stack ?? '' },
    })
  }
  for (const event of ['add', 'change', 'unlink', 'addDir', 'unlinkDir'] as const)
    server.watcher.on(event, (file: string) => void onFileEvent(file))
  // A page that connects after the problems were announced (it was loading: a reload, or a page
  // served just before the files changed) gets them too; Vite replays a build error the same way.
  server.environments.client.hot.on('vite:client:connect', (_payload, client) => {
    const problems = announced?.problems
    if (problems?.length)
      void ready.then(({ root }) =>
        client.send({ type: 'error', err: overlayError(root, problems) }),
      )
  })
  // The state at start-up: problems are printed before any page is asked for.
  void refresh().catch(crashed)

  return {
    /**
     * The dev server's /build.json, as a build writes it (pipeline/buildInfo.ts): its `commit`
     * is the time up to which the pages serve every write (`servedUpTo`), once any pending
     * change is read.
     */
    async serveBuildInfo(res: ServerResponse) {
      await refresh()
      res.statusCode = 200
      res.setHeader('Content-Type', 'application/json; charset=utf-8')
      res.setHeader('Cache-Control', 'no-store')
      const at = servedUpTo || Date.now()
      res.end(
        JSON.stringify({
          commit: String(servedUpTo),
          builtAt: new Date(at).toISOString(),
          host: 'dev',
        }),
      )
    },
    /** Answers a page request with the problem list while the content is broken. */
    async servePage(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false
      const state = await refresh()
      if (!state.problems.length) return false
      const { root } = await ready
      res.statusCode = 500
      res.setHeader('Content-Type', 'text/html; charset=utf-8')
      res.setHeader('Cache-Control', 'no-store')
      res.end(problemPage(root, state.problems))
      return true
    },
  }
}
