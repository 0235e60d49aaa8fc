// Unreferenced PDFs: a brochure under public/ that no built page links to is dead weight (or a
// forgotten link). Links to PDFs that do not exist are reported by validateLink.
import { join } from 'node:path'
import { listFiles } from '../files.ts'
import type { Finding } from './findings.ts'
import { warning } from './findings.ts'
import { classifyUrl } from './links.ts'
import type { BuiltPage, SiteIndex } from './site.ts'

/** Paths (`/docs/x.pdf`) of the PDFs some built page links to. */
export function linkedPdfs(pages: BuiltPage[], site: SiteIndex): Set<string> {
  const linked = new Set<string>()
  for (const page of pages)
    for (const link of page.doc.links) {
      const kind = classifyUrl(link.url, page.path, site.origin)
      if (kind.kind === 'internal' && kind.path.toLowerCase().endsWith('.pdf'))
        linked.add(kind.path)
    }
  return linked
}

export function checkUnreferencedPdfs(
  root: string,
  pages: BuiltPage[],
  site: SiteIndex,
): Finding[] {
  const linked = linkedPdfs(pages, site)
  return listFiles(join(root, 'public'))
    .filter((f) => f.toLowerCase().endsWith('.pdf') && !linked.has(`/${f}`))
    .map((f) =>
      warning(
        'pdf',
        { file: `public/${f}`, line: 1, col: 1 },
        'unreferenced PDF: no built page links to it',
      ),
    )
}
