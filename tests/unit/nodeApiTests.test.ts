// Which unit tests run again on the other Node versions (scripts/testing/nodeApiTests.ts): those that
// touch Node's own APIs, found from their imports, so that a new test file lands in the right set
// without a list to keep.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { nodeApiReasons, nodeApiTests } from '../../scripts/testing/nodeApiTests.ts'

const repo = fileURLToPath(new URL('../..', import.meta.url))

describe('the unit tests run on every Node version', () => {
  it("hold the server, the inbox, the stand-ins, atomic writes, the disk's reader and the caches", () => {
    const chosen = nodeApiTests(repo)
    for (const file of [
      'serve.test.ts',
      'serve-limits.test.ts',
      'inbox.test.ts',
      'inbox-store.test.ts',
      'gitHubStandIn.test.ts',
      'sitePreview.test.ts',
      'editing-save.test.ts',
      'cms-entries.test.ts',
      'contentSource.test.ts',
      'checkCache.test.ts',
      'buildRender.test.ts',
      'search.test.ts',
    ])
      expect(chosen).toContain(`tests/unit/${file}`)
    // The pure ones run once, on the machine's Node.
    for (const file of ['form-rules.test.ts', 'editing-yaml.test.ts', 'structuredData.test.ts'])
      if (!nodeApiReasons(repo, join(repo, 'tests/unit', file)).length)
        expect(chosen).not.toContain(`tests/unit/${file}`)
    expect(chosen).not.toContain('tests/unit/editing-yaml.test.ts')
    expect(chosen.length).toBeLessThan(85)
  })

  describe('a new test file', () => {
    const root = mkdtempSync(join(tmpdir(), 'node-api-tests-'))
    afterAll(() => rmSync(root, { recursive: true, force: true }))
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true })
      writeFileSync(join(root, path), text)
    }
    write(
      'scripts/lib/watcher.ts',
      "import { readFileSync, watch } from 'node:fs'\nexport const w = [readFileSync, watch]\n",
    )
    write('scripts/lib/pure.ts', "import { join } from 'node:path'\nexport const p = join\n")
    write(
      'tests/unit/server.test.ts',
      "import { createServer } from 'node:http'\nimport { it } from 'vitest'\n",
    )
    write(
      'tests/unit/multiline.test.ts',
      "import {\n  readFileSync,\n  renameSync,\n} from 'node:fs'\nimport { it } from 'vitest'\n",
    )
    write(
      'tests/unit/watcher.test.ts',
      "import { w } from '../../scripts/lib/watcher.ts'\nimport { it } from 'vitest'\n",
    )
    write(
      'tests/unit/tagged.test.ts',
      "// @node-api: what it tests writes through a module it does not import itself\nimport { it } from 'vitest'\n",
    )
    write(
      'tests/unit/pure.test.ts',
      "import { readFileSync } from 'node:fs'\nimport type { Server } from 'node:http'\nimport { p } from '../../scripts/lib/pure.ts'\nimport { it } from 'vitest'\n",
    )

    it('that starts a server, renames a file, uses a watcher of ours or says @node-api is one of them; one that only reads is not', () => {
      expect(nodeApiTests(root)).toEqual([
        'tests/unit/multiline.test.ts',
        'tests/unit/server.test.ts',
        'tests/unit/tagged.test.ts',
        'tests/unit/watcher.test.ts',
      ])
      expect(nodeApiReasons(root, join(root, 'tests/unit/watcher.test.ts'))).toEqual([
        'scripts/lib/watcher.ts: fs.watch',
      ])
    })
  })
})
