import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import { renderDocument } from '../../templates/layout/renderDocument.tsx'
import { ErrorScreen } from '../../templates/pages/ErrorScreen.tsx'

// The router's fallback screen (spec §2): what a visitor sees when a page fails to render.
describe('the Unexpected Application Error! screen', () => {
  it('shows its title and the error message, in the language of the URL', () => {
    const html = renderDocument(
      createElement(ErrorScreen, { lang: 'en', message: 'Cannot read the ratings table' }),
    )
    expect(html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true)
    expect(html).toContain('<title>Unexpected Application Error!</title>')
    expect(html).toContain('<h1>Unexpected Application Error!</h1>')
    expect(html).toContain('<p>Cannot read the ratings table</p>')
    expect(html).toContain('href="/en"')
  })

  it('links French visitors back to the French home', () => {
    const html = renderDocument(
      createElement(ErrorScreen, { lang: 'fr', message: 'Internal Server Error' }),
    )
    expect(html).toContain('<html lang="fr">')
    expect(html).toContain('<a href="/">Retour à l&#x27;accueil</a>')
  })
})
