// Serves the built site the way a static host does (/x from x.html, the redirects, per-language
// 404 pages with status 404) plus the local form inbox. `npm run serve` (PORT, default 3000).
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createStaticHost } from './lib/serve/staticHost.ts'

const dir = fileURLToPath(new URL('../dist/client', import.meta.url))
if (!existsSync(dir)) {
  console.error('No built site in dist/client: run `npm run build` first.')
  process.exit(1)
}
const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '127.0.0.1'
createStaticHost(dir).listen(port, host, () => {
  console.log(
    `Site served at http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/ (French) and http://localhost:${port}/en (English)`,
  )
  console.log(
    'Form submissions are stored in .inbox/ (list them with `npm run inbox`). Ctrl+C stops.',
  )
})
