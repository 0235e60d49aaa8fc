import type { Plugin } from 'vite'
import { handleInbox } from './handler.ts'
import { inboxLocationProblem } from './location.ts'
import { inboxDir, prepareInbox } from './store.ts'

/** Serves the local form inbox at the default form endpoints in `vike dev` and `vite preview`. */
export function formInbox(): Plugin {
  const middleware = (
    req: import('node:http').IncomingMessage,
    res: import('node:http').ServerResponse,
    next: () => void,
  ) => {
    if (!req.url?.startsWith('/api/inbox/')) return next()
    handleInbox(req, res).catch(next)
  }
  /** Refuses a published INBOX_DIR in one line, and cleans what a crash left, before serving. */
  const open = async () => {
    const problem = inboxLocationProblem(inboxDir())
    if (problem) {
      console.error(problem)
      process.exit(1)
    }
    await prepareInbox()
  }
  return {
    name: 'form-inbox',
    configureServer: async (server) => {
      await open()
      server.middlewares.use(middleware)
    },
    configurePreviewServer: async (server) => {
      await open()
      server.middlewares.use(middleware)
    },
  }
}
