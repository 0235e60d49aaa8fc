// Regenerates what derives from schemas/: the block list of page.schema.json and the content
// types in templates/content.gen.ts. `npm run types`; tests/unit/types.test.ts fails when stale.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { generatedFiles } from './lib/content/generate.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
for (const [path, text] of Object.entries(await generatedFiles(root))) {
  writeFileSync(path, text)
  console.log(`wrote ${path.slice(root.length)}`)
}
