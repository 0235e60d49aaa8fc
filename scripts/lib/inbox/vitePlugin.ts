import type { Plugin } from 'vite'
import { handleInbox } from './handler.ts'

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
  return {
    name: 'form-inbox',
    configureServer: (server) => void server.middlewares.use(middleware),
    configurePreviewServer: (server) => void server.middlewares.use(middleware),
  }
}
