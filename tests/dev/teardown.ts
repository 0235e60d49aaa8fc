// After the dev tests: the copy they served goes (prepareSite makes a fresh one each run).
import { rmSync } from 'node:fs'
import { DEV_SITE } from './site.ts'

export default function teardown(): void {
  rmSync(DEV_SITE, { recursive: true, force: true })
}
