// Reading Content-Security-Policy headers as a browser does: a response may carry several
// policies (joined by commas); a source is allowed only if every policy allows it.
export type Policy = Map<string, string[]>

export function parsePolicies(header: string | null): Policy[] {
  if (!header) return []
  return header.split(',').map(
    (p) =>
      new Map(
        p
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .filter((d) => d[0])
          .map(([name = '', ...values]) => [name.toLowerCase(), values]),
      ),
  )
}

const FALLBACK: Record<string, string[]> = {
  'script-src-elem': ['script-src', 'default-src'],
  'script-src': ['default-src'],
  'style-src-attr': ['style-src', 'default-src'],
  'style-src': ['default-src'],
  'frame-src': ['child-src', 'default-src'],
}

/** The sources a policy gives a directive (following the fallback chain), or undefined (all). */
export function sources(policy: Policy, directive: string): string[] | undefined {
  for (const d of [directive, ...(FALLBACK[directive] ?? [])])
    if (policy.has(d)) return policy.get(d)
  return undefined
}

/** Whether every policy lists `source` (literally) for the directive. */
export const allAllow = (policies: Policy[], directive: string, source: string) =>
  policies.every((p) => sources(p, directive)?.includes(source) ?? true)
