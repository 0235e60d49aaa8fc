import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Copies a built site aside so a rebuild of dist/ during a long measurement (another terminal,
 * another agent) cannot pull files from under the server. Returns the copy and its remover.
 */
export function snapshot(dir: string): { dir: string; remove: () => void } {
  const tmp = mkdtempSync(join(tmpdir(), 'site-snapshot-'))
  const copy = join(tmp, 'client')
  cpSync(dir, copy, { recursive: true })
  return { dir: copy, remove: () => rmSync(tmp, { recursive: true, force: true }) }
}
