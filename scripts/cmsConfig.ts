// Prints the CMS's configuration as Decap CMS reads it (YAML), generated from schemas/ and
// content/routes.yaml (scripts/lib/cms/config.ts), for a developer to look at:
// `npm run cms:config [-- --root DIR] [--proxy-url URL]`. Nothing is written.
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { stringify } from 'yaml'
import { cmsConfig } from './lib/cms/config.ts'

const option = (name: string) => {
  const at = process.argv.indexOf(name)
  return at > 0 ? process.argv[at + 1] : undefined
}
const root = resolve(option('--root') ?? fileURLToPath(new URL('..', import.meta.url)))
const config = cmsConfig(root, { proxyUrl: option('--proxy-url') })
// The same option lists (pages, links, images) are one object each: printed once, then aliased.
process.stdout.write(stringify(config, { lineWidth: 0 }))
