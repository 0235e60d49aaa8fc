// Files the build already has on the disk (a cache entry, or the same bytes in the last build's
// site) are linked into the new site instead of written again. On the machines this project
// builds on (ext4), creating a file costs 0.2-1.1 ms of kernel time, depending on where the
// file system puts the folder, while a second name for an existing file costs 0.02 ms; and a
// removed file whose data another name still holds frees no blocks, so the old site goes in a
// fraction of the time. A build of a thousand pages writes several thousand files.
//
// A linked file is shared with its source: the build never writes into a file in place after
// it is made (cache entries are written aside and renamed; the staging folder's files are new).
import { copyFileSync, linkSync, rmSync } from 'node:fs'

/** Gives the file `from` the name `to` as well, or copies it where links are refused. */
export function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') {
      rmSync(to, { force: true })
      linkOrCopy(from, to)
      return
    }
    // Another file system (EXDEV), a file system without links (EPERM), too many links (EMLINK).
    copyFileSync(from, to)
  }
}
