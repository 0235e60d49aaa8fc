// What the hosts that commit files rather than git objects share (Gitea's ChangeFiles, GitLab's
// commit actions: giteaHost.ts, gitLabHost.ts). Their write names each file by its path and
// whether it exists (create, update, delete), so the host keeps the ids of the files it listed,
// by head: a save is planned on one of those listings. Neither answers the blob ids of what it
// wrote; git's id of a text is computed here (SHA-1 of `blob <size>\0<bytes>`, Web Crypto), so
// the next listing does not fetch back what the save wrote. Pure: the browser's and Node's.
import type { TreeFile } from './repository.ts'

const LISTINGS_KEPT = 4

/** Each listing's files (content/ and public/) by path, for the few last heads. */
export class ListedFiles {
  private readonly byHead = new Map<string, ReadonlyMap<string, string>>()

  remember(head: string, files: readonly TreeFile[]): void {
    this.byHead.delete(head)
    this.byHead.set(head, new Map(files.map((f) => [f.path, f.id])))
    while (this.byHead.size > LISTINGS_KEPT)
      this.byHead.delete(this.byHead.keys().next().value as string)
  }

  at(head: string): ReadonlyMap<string, string> | undefined {
    return this.byHead.get(head)
  }
}

/** The save's files as a host's operations: what each does to the tree at the parent. */
export type FileChange = {
  path: string
  action: 'create' | 'update' | 'delete'
  /** The id the file had at the parent (update, delete). */
  id?: string
  /** The text (a data file), or the bytes in base64 (an upload); none for a delete. */
  text?: string
  base64?: string
}

/**
 * The changes of a save at `parent` (`known`: its files by path): a text or an upload creates
 * the file or updates it, null removes it. A removal of a file the parent lacks is the plan's
 * mistake, not the host's: refused before any request.
 */
export async function changesOf(
  known: ReadonlyMap<string, string>,
  files: ReadonlyMap<string, string | null>,
  assets: readonly { path: string; toBase64(): Promise<string> }[],
): Promise<FileChange[]> {
  const changes: FileChange[] = []
  const put = (path: string, content: Pick<FileChange, 'text' | 'base64'>) => {
    const id = known.get(path)
    changes.push(
      id ? { path, action: 'update', id, ...content } : { path, action: 'create', ...content },
    )
  }
  for (const [path, text] of files) {
    if (text !== null) put(path, { text })
    else {
      const id = known.get(path)
      if (!id) throw new Error(`${path}: not in the repository, cannot be removed`)
      changes.push({ path, action: 'delete', id })
    }
  }
  for (const asset of assets)
    put(asset.path.replace(/^\/+/, ''), { base64: await asset.toBase64() })
  return changes
}

/** git's blob id of a text (its UTF-8 bytes), as `git hash-object` gives it. */
export async function gitBlobId(text: string): Promise<string> {
  const body = new TextEncoder().encode(text)
  const header = new TextEncoder().encode(`blob ${body.length}\0`)
  const bytes = new Uint8Array(header.length + body.length)
  bytes.set(header)
  bytes.set(body, header.length)
  const digest = await crypto.subtle.digest('SHA-1', bytes)
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** The texts a commit wrote, by their git ids. */
export async function writtenTexts(changes: readonly FileChange[]): Promise<Map<string, string>> {
  const texts = changes.flatMap((c) => (c.text === undefined ? [] : [c.text]))
  const ids = await Promise.all(texts.map(gitBlobId))
  return new Map(ids.map((id, i) => [id, texts[i] as string]))
}

/** A text in base64 of its UTF-8 bytes (btoa takes Latin-1 only). */
export function utf8Base64(text: string): string {
  const bytes = new TextEncoder().encode(text)
  let binary = ''
  // In slices: String.fromCharCode takes its bytes as arguments.
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/** The status and message of a failed request, as Decap's API classes throw it (APIError). */
export function failure(e: unknown): { status?: number; message: string } {
  const { status, message } = (e ?? {}) as { status?: number; message?: unknown }
  return { status, message: typeof message === 'string' ? message : String(e) }
}
