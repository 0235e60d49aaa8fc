// The inbox holds CVs and personal data: it must never sit where a web server publishes files.
import { existsSync, realpathSync } from 'node:fs'
import { basename, dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const PROJECT = fileURLToPath(new URL('../../../', import.meta.url))

/** A path with its symbolic links followed, as far as it exists (the rest appended as is). */
function real(path: string): string {
  const absolute = resolve(path)
  if (existsSync(absolute)) return realpathSync(absolute)
  const parent = dirname(absolute)
  return parent === absolute ? absolute : join(real(parent), basename(absolute))
}

const within = (path: string, folder: string) =>
  path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep)

/** Folders whose content is published: the build output, the public files, the served folder. */
export function publishedFolders(served?: string): string[] {
  return [join(PROJECT, 'dist'), join(PROJECT, 'public'), ...(served ? [served] : [])]
}

/**
 * One line saying why `inbox` may not be used (it is inside a published folder, or is one of
 * them, symbolic links followed), or null when it is fine.
 */
export function inboxLocationProblem(inbox: string, published = publishedFolders()): string | null {
  const where = real(inbox)
  for (const folder of published) {
    const f = real(folder)
    if (within(where, f)) {
      const shown = relative(process.cwd(), folder) || folder
      return `INBOX_DIR=${inbox} is inside ${shown}/, which is published: submissions would be public. Choose a folder outside dist/, public/ and the served folder (default .inbox/).`
    }
  }
  return null
}
