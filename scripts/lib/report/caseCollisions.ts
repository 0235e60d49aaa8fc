// Both the build (before it swaps the site in) and the report (on a built site) refuse two
// output paths that only a case-sensitive file system tells apart.

/** Output paths that differ only by case collide on case-insensitive file systems. */
export function caseCollisions(paths: string[]): [string, string][] {
  const seen = new Map<string, string>()
  const out: [string, string][] = []
  for (const p of paths) {
    const key = p.toLowerCase()
    const first = seen.get(key)
    if (first !== undefined && first !== p) out.push([first, p])
    else seen.set(key, p)
  }
  return out
}
