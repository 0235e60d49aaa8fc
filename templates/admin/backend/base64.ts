// Base64 as the git hosts send bytes (GitHub's contents, in lines of 60 characters) and Decap
// hands an upload's (AssetProxy.toBase64).

/** The bytes of a base64 text; whitespace (line breaks) is ignored. */
export function base64Bytes(base64: string): Uint8Array {
  const binary = atob(base64.replace(/\s+/g, ''))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
