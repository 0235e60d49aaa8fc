// The build report on its own (the build runs it too): missing translations, broken links,
// links to redirects, unreferenced or missing PDFs, case collisions, hreflang pairs, sitemap,
// structured data.
// `npm run report [-- --strict] [--root DIR] [--dist DIR]`; exits 1 on errors (and on
// warnings with --strict). Writes reports/report.json and reports/report.html.
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runReport } from './lib/report/report.ts'

const option = (name: string) => {
  const i = process.argv.indexOf(name)
  return i >= 0 ? process.argv[i + 1] : undefined
}
const root = resolve(option('--root') ?? fileURLToPath(new URL('..', import.meta.url)))
const distDir = resolve(option('--dist') ?? join(root, 'dist', 'client'))
if (!existsSync(distDir)) {
  console.error(`No built site in ${distDir}: run \`npm run build\` first.`)
  process.exit(1)
}
const { ok } = await runReport({
  root,
  distDir,
  strict: process.argv.includes('--strict'),
  quiet: false,
})
process.exit(ok ? 0 : 1)
