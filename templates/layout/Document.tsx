import type { ReactNode } from 'react'
import { useSite } from '../lib/SiteContext.tsx'
import '../styles/index.css'
import { BackToTop } from './BackToTop.tsx'
import { Footer } from './Footer.tsx'
import { Head } from './Head.tsx'
import { Header } from './Header.tsx'
import { PageStyle } from './PageStyle.tsx'
import { RevealOverlay } from './RevealOverlay.tsx'
import { StructuredData } from './StructuredData.tsx'

export function Document({ children }: { children: ReactNode }) {
  const { lang, t } = useSite()
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Lets CSS tell a scripted page from one read with JavaScript off. Inline, so it
            runs before the first paint; allowed by its hash in the CSP (build/headers.ts). */}
        <script>{"document.documentElement.classList.add('js')"}</script>
        <PageStyle />
        <Head />
        <StructuredData />
      </head>
      <body>
        <RevealOverlay />
        <a className="skip-link" href="#main">
          {t('common.skipToContent')}
        </a>
        <Header />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <Footer />
        <BackToTop />
      </body>
    </html>
  )
}
