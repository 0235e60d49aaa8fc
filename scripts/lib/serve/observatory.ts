// An HTTP-Observatory-style score of a page's response headers (MDN's scoring: start at 100,
// apply each test's modifier, bonuses only once the score is at least 90). Cookies, CORS and
// SRI do not apply to this static site; the HTTP -> HTTPS redirection is the host's, so it is
// scored only when asked (`https: false` counts it as missing: a header-less site
// then scores F, 10/100).
// Usage: npx tsx scripts/lib/serve/observatory.ts http://127.0.0.1:3000/

type Headers = Record<string, string | undefined>
export type Score = { score: number; grade: string; tests: [test: string, modifier: number][] }

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...values]) => [name.toLowerCase(), values] as const),
  )

function csp(value: string | undefined): [string, number] {
  if (!value) return ['csp-not-implemented', -25]
  const d = directives(value)
  const script = d.get('script-src') ?? d.get('default-src') ?? []
  if (script.length === 0) return ['csp-implemented-with-unsafe (no script-src/default-src)', -20]
  if (script.includes("'unsafe-inline'") && !script.some((s) => /^'(nonce|sha\d+)-/.test(s)))
    return ['csp-implemented-with-unsafe-inline', -20]
  if (script.includes("'unsafe-eval'")) return ['csp-implemented-with-unsafe-eval', -10]
  if (!d.has('object-src') && !d.get('default-src')?.includes("'none'"))
    return ['csp-implemented-without-object-src-restriction', -5]
  return d.get('default-src')?.includes("'none'")
    ? ['csp-implemented-with-no-unsafe-default-src-none', 5]
    : ['csp-implemented-with-no-unsafe', 0]
}

function hsts(value: string | undefined): [string, number] {
  const age = Number(/max-age=(\d+)/i.exec(value ?? '')?.[1] ?? -1)
  if (age < 0) return ['hsts-not-implemented', -20]
  if (age < 15_768_000) return ['hsts-implemented-max-age-less-than-six-months', -10]
  return /preload/i.test(value ?? '') ? ['hsts-preload-requested', 0] : ['hsts-implemented', 0]
}

function referrer(value: string | undefined): [string, number] {
  if (!value) return ['referrer-policy-not-implemented', 0]
  const last = value.split(',').pop()?.trim().toLowerCase() ?? ''
  const privateOnes = [
    'no-referrer',
    'same-origin',
    'strict-origin',
    'strict-origin-when-cross-origin',
  ]
  if (privateOnes.includes(last)) return ['referrer-policy-private', 5]
  if (['origin-when-cross-origin', 'origin', 'no-referrer-when-downgrade'].includes(last))
    return ['referrer-policy-no-referrer-when-downgrade', 0]
  return ['referrer-policy-unsafe', -5]
}

function framing(h: Headers): [string, number] {
  const ancestors = directives(h['content-security-policy'] ?? '').get('frame-ancestors')
  if (ancestors && !ancestors.includes('*')) return ['x-frame-options-implemented-via-csp', 5]
  const xfo = h['x-frame-options']?.toUpperCase()
  if (xfo === 'DENY' || xfo === 'SAMEORIGIN') return ['x-frame-options-sameorigin-or-deny', 0]
  return ['x-frame-options-not-implemented', -20]
}

const GRADES: [number, string][] = [
  [100, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [80, 'B+'],
  [70, 'B'],
  [65, 'B-'],
  [60, 'C+'],
  [50, 'C'],
  [45, 'C-'],
  [40, 'D+'],
  [30, 'D'],
  [25, 'D-'],
  [0, 'F'],
]

/** The score of one response's headers (names in lower case). */
export function observatoryScore(h: Headers, { https }: { https?: boolean } = {}): Score {
  const tests: [string, number][] = [
    csp(h['content-security-policy']),
    framing(h),
    h['x-content-type-options']?.toLowerCase() === 'nosniff'
      ? ['x-content-type-options-nosniff', 0]
      : ['x-content-type-options-not-implemented', -5],
    hsts(h['strict-transport-security']),
    referrer(h['referrer-policy']),
  ]
  if (https === false) tests.push(['redirection-missing', -20])
  const penalties = tests.reduce((s, [, m]) => s + Math.min(0, m), 100)
  const bonus = tests.reduce((s, [, m]) => s + Math.max(0, m), 0)
  const score = Math.max(0, penalties >= 90 ? penalties + bonus : penalties)
  const grade = GRADES.find(([min]) => score >= min)?.[1] ?? 'F'
  return { score, grade, tests }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2] ?? 'http://127.0.0.1:3000/'
  const response = await fetch(url)
  const h = Object.fromEntries(response.headers)
  const { score, grade, tests } = observatoryScore(h)
  for (const [test, modifier] of tests) console.log(`${String(modifier).padStart(4)}  ${test}`)
  console.log(`${url}: ${score}/100, ${grade} (redirection to HTTPS is the host's, not scored)`)
}
