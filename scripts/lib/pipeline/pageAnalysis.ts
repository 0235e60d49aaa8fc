// What the build's last steps read in each rendered page, taken by the renderer that made it
// (renderChild.mjs) while the page is still in its memory: the report's view of the document
// (links, ids, language, alternates), the headers' facts (inline code hashes, forms) and blocked
// markup, and the search document. A build of 1,000 pages otherwise read and scanned every page
// again on one core after rendering (0.7 s at N=500, profiled), while the renderers share both
// cores.
import { type HtmlDocument, readHtmlDocument } from '../report/html.ts'
import { blockedMarkup, type PageFacts, pageFacts, pathForFile } from './headers.ts'
import { type IndexedPage, searchDocument } from './searchDocument.ts'

export type PageAnalysis = {
  doc: HtmlDocument
  facts: PageFacts
  blocked: string[]
  /**
   * What the search indexes of the page (searchDocument.ts), for a page it indexes: as UTF-8, half
   * the memory of the string (the build holds a thousand of them) and outside the heap.
   */
  search?: Uint8Array
}

/**
 * `file`: the page's path in the built site (`en/contact.html`), `html` its text, `search` the
 * page as the search indexes it, if it does.
 */
export function analysePage(file: string, html: string, search?: IndexedPage): PageAnalysis {
  return {
    doc: readHtmlDocument(html),
    facts: pageFacts(pathForFile(file), html),
    blocked: blockedMarkup(html),
    ...(search && { search: Buffer.from(searchDocument(html, search)) }),
  }
}
