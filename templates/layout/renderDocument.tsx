import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { HelmetProvider } from 'react-helmet-async'

/** React renders the whole document, <html> included, so head tags land in <head>. */
export function renderDocument(page: ReactNode): string {
  return `<!DOCTYPE html>${renderToString(<HelmetProvider>{page}</HelmetProvider>)}`
}
