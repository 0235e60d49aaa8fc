// The built site with every script removed from its pages: the static floor a page's LCP is
// compared with (the budget: LCP within 10 % of the same page without its scripts).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** Removes <script> elements and module preloads from every .html file under `dir` (in place). */
export function stripScripts(dir: string): void {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name)
    if (statSync(file).isDirectory()) stripScripts(file)
    else if (name.endsWith('.html')) writeFileSync(file, withoutScripts(readFileSync(file, 'utf8')))
  }
}

export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '')
}
