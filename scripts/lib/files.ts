// Every file below a folder: the one lister of Node's code (the built site, public/, content/, the
// code build's inputs, the editor's bundle) and of the tools and tests that read a tree.
import { type Dirent, readdirSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

/**
 * The files below `dir`, by their path from it with `/` between folders, sorted (by UTF-16 code
 * units, as `Array.prototype.sort`); none when `dir` cannot be read (absent, or not a folder). A
 * link to a file counts as a file; a link to a folder is not followed (readdir's recursive walk
 * does not enter it), nor counted. `onFolder` is given `dir`, before it is read, then each folder
 * below it (as `join(dir, path)`).
 */
export function listFiles(dir: string, onFolder?: (folder: string) => void): string[] {
  let entries: Dirent[]
  try {
    onFolder?.(dir)
    entries = readdirSync(dir, { recursive: true, withFileTypes: true })
  } catch {
    return []
  }
  // parentPath is `dir` or a folder below it, normalised (`./x` gives `x/y`): its path from
  // `dir`, worked out once per folder.
  const folders = new Map<string, string>([[dir, '']])
  const files: string[] = []
  for (const e of entries) {
    let from = folders.get(e.parentPath)
    if (from === undefined) {
      from = `${relative(dir, e.parentPath).split(sep).join('/')}/`
      folders.set(e.parentPath, from)
    }
    const path = `${from}${e.name}`
    if (e.isDirectory()) onFolder?.(join(dir, path))
    else if (e.isFile() || (e.isSymbolicLink() && isFile(join(dir, path)))) files.push(path)
  }
  return files.sort()
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}
