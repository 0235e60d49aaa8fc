// The address printed before a site path (templates/lib/siteUrl.ts, print.css --print-origin):
// SITE_URL over site.yaml, as the canonical links, and always a valid CSS string.
import { afterEach, describe, expect, it } from 'vitest'
import { printOriginCss, publicSiteUrl } from '../../templates/lib/siteUrl.ts'

const saved = process.env.SITE_URL
afterEach(() => {
  if (saved === undefined) delete process.env.SITE_URL
  else process.env.SITE_URL = saved
})

describe('the printed origin', () => {
  it("is site.yaml's address, or SITE_URL when set", () => {
    delete process.env.SITE_URL
    expect(publicSiteUrl('https://www.example.com/')).toBe('https://www.example.com')
    process.env.SITE_URL = ' https://www.transfo.tn/ '
    expect(publicSiteUrl('https://www.example.com')).toBe('https://www.transfo.tn')
    expect(printOriginCss(publicSiteUrl('https://www.example.com'))).toBe(
      '"https://www.transfo.tn"',
    )
  })

  it.each([
    ['https://www.transfo.tn/fr/', '"https://www.transfo.tn"'],
    ['https://WWW.Transfo.TN:8443', '"https://www.transfo.tn:8443"'],
    ['https://xn--transfo-9ya.tn', '"https://xn--transfo-9ya.tn"'],
    ['not a url', '""'],
    ['', '""'],
  ])('%j prints as %s', (url, css) => {
    expect(printOriginCss(url)).toBe(css)
  })

  it('never closes its string or the <style> element', () => {
    for (const url of ['https://a.tn/"x', 'https://a.tn/</style>', 'https://a.tn/\\'])
      expect(printOriginCss(url)).toMatch(/^"[^"<\\]*"$/)
  })
})
