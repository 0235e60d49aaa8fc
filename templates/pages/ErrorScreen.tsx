import type { Lang } from '../lib/languages.ts'
import '../styles/index.css'

/** The router's fallback screen: shown when a page fails to render. */
export function ErrorScreen({ lang, message }: { lang: Lang; message: string }) {
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Unexpected Application Error!</title>
      </head>
      <body>
        <main id="main" className="error-screen">
          <h1>Unexpected Application Error!</h1>
          <p>{message}</p>
          <p>
            <a href={lang === 'en' ? '/en' : '/'}>
              {lang === 'en' ? 'Back to home' : "Retour à l'accueil"}
            </a>
          </p>
        </main>
      </body>
    </html>
  )
}
