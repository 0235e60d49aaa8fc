import { type FileProblem, fileProblem, MAX_FILE_BYTES } from './rules.ts'

/**
 * Why a chosen CV is refused, or null when it is fine: judged on its bytes by the inbox's own
 * check (header, then structure), not by its name or declared type. A file over the limit is
 * refused on its header alone: no need to read it.
 */
export async function checkFile(picked: File): Promise<FileProblem | null> {
  const bytes = picked.size > MAX_FILE_BYTES ? picked.slice(0, 16) : picked
  return fileProblem(new Uint8Array(await bytes.arrayBuffer()), picked.size)
}
