import type { ContentProblem } from '../../../templates/core/content/problems.ts'

/** What the build report can find, by kind; the summary counts each kind. */
export const CATEGORIES = {
  content: 'content problems',
  link: 'broken links',
  indirect: 'links to a redirect or alias',
  pdf: 'PDF problems',
  case: 'case collisions',
  hreflang: 'hreflang pairs',
  sitemap: 'sitemap vs pages',
  structured: 'structured data',
  translation: 'outdated translations',
} as const

export type Category = keyof typeof CATEGORIES
export type Severity = 'error' | 'warning'

/** One thing the report found, located in a content file, a built file or public/. */
export type Finding = {
  severity: Severity
  category: Category
  /** Path shown to the reader: `content/en/faqs.yaml`, `dist/client/en/contact.html`... */
  file: string
  line: number
  col: number
  message: string
  /** Dotted key path inside a content file (content problems only). */
  key?: string
  /** Opens the file at the line in VS Code (content problems only). */
  editorUrl?: string
}

export type Location = Pick<Finding, 'file' | 'line' | 'col'>

export const error = (category: Category, at: Location, message: string): Finding => ({
  severity: 'error',
  category,
  ...at,
  message,
})

export const warning = (category: Category, at: Location, message: string): Finding => ({
  severity: 'warning',
  category,
  ...at,
  message,
})

export function formatFinding(f: Finding): string {
  const key = f.key ? `${f.key}  ` : ''
  return `${f.file}:${f.line}:${f.col}  ${key}${f.severity === 'warning' ? 'warning: ' : ''}${f.message}`
}

/** A content problem as a report finding: an error, with a link that opens the YAML at its line. */
export function contentFinding(root: string, p: ContentProblem): Finding {
  const abs = `${root.replace(/\/+$/, '')}/${p.file}`
  return {
    ...error('content', p, p.message),
    key: p.key,
    editorUrl: `vscode://file${encodeURI(abs.startsWith('/') ? abs : `/${abs}`)}:${p.line}:${p.col}`,
  }
}

export function sortFindings(findings: Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      a.line - b.line ||
      a.col - b.col ||
      a.message.localeCompare(b.message),
  )
}

export function countByCategory(findings: Finding[]): Record<Category, number> {
  const counts = Object.fromEntries(Object.keys(CATEGORIES).map((c) => [c, 0])) as Record<
    Category,
    number
  >
  for (const f of findings) counts[f.category] += 1
  return counts
}
