// A file's git blob id (`git hash-object`: SHA-1 of `blob <size>\0` and the bytes), with Web
// Crypto, so the browser and Node compute it alike. The id git hosts give each file of a tree:
// the editor compares an upload's with the tree's to know that a file already there holds the
// very same bytes (it is then neither renamed `-2` nor committed again). The dev store gives the
// files under public/ the same id (fileStore.ts), so both editors compare alike.

/** The git blob id of `bytes`, in hex. */
export async function gitBlobId(bytes: Uint8Array): Promise<string> {
  const header = new TextEncoder().encode(`blob ${bytes.byteLength}\0`)
  const whole = new Uint8Array(header.byteLength + bytes.byteLength)
  whole.set(header)
  whole.set(bytes, header.byteLength)
  const digest = await crypto.subtle.digest('SHA-1', whole)
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}
