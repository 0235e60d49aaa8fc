// What the build's last steps read in each rendered page, taken by the renderer that made it
// (renderChild.mjs) while the page is still in its memory: the report's view of the document
// (links, ids, language, alternates) and the headers' facts (inline code hashes, forms) and
// blocked markup. A build of 1,000 pages otherwise read and scanned every page again on one
// core after rendering (0.7 s at N=500, profiled), while the renderers share both cores.
import { type HtmlDocument, readHtmlDocument } from '../report/html.ts'
import { blockedMarkup, type PageFacts, pageFacts, pathForFile } from './headers.ts'

export type PageAnalysis = { doc: HtmlDocument; facts: PageFacts; blocked: string[] }

/** `file`: the page's path in the built site (`en/contact.html`), `html` its text. */
export function analysePage(file: string, html: string): PageAnalysis {
  return {
    doc: readHtmlDocument(html),
    facts: pageFacts(pathForFile(file), html),
    blocked: blockedMarkup(html),
  }
}
