// Serves the built site the way a static host does (`_headers`, `_redirects`, /x from x.html,
// per-language 404 pages with status 404) plus the local form inbox. `npm run serve`
// (PORT, default 3000; HOST, default 127.0.0.1; SERVE_DIR, default dist/client; INBOX_DIR).
import { existsSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { inboxLocationProblem, publishedFolders } from './lib/inbox/location.ts'
import { inboxDir, prepareInbox } from './lib/inbox/store.ts'
import { createStaticHost } from './lib/serve/staticHost.ts'

const dir = resolve(
  process.env.SERVE_DIR ?? fileURLToPath(new URL('../dist/client', import.meta.url)),
)
if (!existsSync(dir)) {
  console.error(
    `No built site in ${relative(process.cwd(), dir) || dir}: run \`npm run build\` first.`,
  )
  process.exit(1)
}
const inbox = inboxDir()
const problem = inboxLocationProblem(inbox, publishedFolders(dir))
if (problem) {
  console.error(problem)
  process.exit(1)
}
const { removedTemp } = await prepareInbox(inbox)
const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '127.0.0.1'
const server = createStaticHost(dir)
server.listen(port, host, () => {
  const actual = (server.address() as AddressInfo).port
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host
  console.log(
    `Site served at http://${shown}:${actual}/ (French) and http://${shown}:${actual}/en (English)`,
  )
  const where = relative(process.cwd(), inbox)
  const named = where && !where.startsWith('..') ? `${where}/` : inbox
  const cleaned = removedTemp.length
    ? ` (${removedTemp.length} unfinished temporary folder(s) from a crash removed)`
    : ''
  console.log(
    `Form submissions are stored in ${named}${cleaned} (list them with \`npm run inbox\`). Ctrl+C stops.`,
  )
})
