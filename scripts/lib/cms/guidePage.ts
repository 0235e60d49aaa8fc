// The editor's guide in French, at /admin/aide/ wherever the editor is: written
// by every build with the editor (beside /admin/index.html, so the `/admin/*` headers rule serves
// it), and by the dev server at the same path. Plain HTML and CSS, no script: the guide's text is
// docs/editor-guide/aide.html (the body, written with plain keys: French typography is applied
// here, templates/lib/frenchTypography.ts), its style aide.css (inlined), its screenshots
// images/*.png, made by tests/dev/guide-screenshots.spec.ts from the real editor.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { imageSize } from 'image-size'
import { frenchHtml } from '../../../templates/lib/frenchTypography.ts'
import { editorPageStart } from './adminPage.ts'

/** Where the guide is served, and where its files go in the built site. */
export const GUIDE_PATH = '/admin/aide/'
export const GUIDE_DIR = 'admin/aide'
/** The guide's sources, relative to the code root. */
export const GUIDE_SOURCE = 'docs/editor-guide'

const source = (codeRoot: string, file: string) => join(codeRoot, GUIDE_SOURCE, file)

/** The screenshots of the guide's folder (file names). */
export function guideImages(codeRoot: string): string[] {
  return readdirSync(source(codeRoot, 'images'))
    .filter((f) => f.endsWith('.png'))
    .sort()
}

/** The images the guide's text names (`images/x.png`), in order. */
export function imagesNamed(body: string): string[] {
  return [...body.matchAll(/<img\b[^>]*\bsrc="images\/([^"]+)"/g)].map((m) => m[1] as string)
}

/** The guide's page: the body with French typography, its images sized, the style inlined. */
export function guideHtml(codeRoot: string): string {
  const body = frenchHtml(readFileSync(source(codeRoot, 'aide.html'), 'utf8')).replace(
    /<img\b([^>]*)\bsrc="images\/([^"]+)"([^>]*)>/g,
    (_, before: string, name: string, after: string) => {
      const { width, height } = imageSize(readFileSync(source(codeRoot, `images/${name}`)))
      return `<img${before}src="images/${name}" width="${width}" height="${height}"${after}>`
    },
  )
  const css = readFileSync(source(codeRoot, 'aide.css'), 'utf8')
  return `${editorPageStart}
<title>Aide de l’éditeur du site</title>
<style>
${css.trim()}
</style>
</head>
<body>
${body.trim()}
</body>
</html>
`
}

/** Writes the guide into a built site (`clientDir`): its page and its images. The files written. */
export function writeGuide(clientDir: string, codeRoot: string): string[] {
  const out = join(clientDir, GUIDE_DIR)
  mkdirSync(join(out, 'images'), { recursive: true })
  writeFileSync(join(out, 'index.html'), guideHtml(codeRoot))
  const images = guideImages(codeRoot)
  for (const name of images)
    copyFileSync(source(codeRoot, `images/${name}`), join(out, 'images', name))
  return ['index.html', ...images.map((n) => `images/${n}`)].map((f) => `${GUIDE_DIR}/${f}`)
}
