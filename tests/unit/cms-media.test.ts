// The CMS's media: what an editor uploads lands under public/ with a clean
// name, a PDF with its documents.yaml entry, and a new edition of a document keeps its old URL
// as a redirect, as docs/content.md's "Replace a PDF" does by hand. Each case runs on a copy
// of the real content; a refused upload leaves content/ and public/ byte for byte as they were.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { listMedia } from '../../scripts/lib/cms/media.ts'
import { collectContent, projectDirs } from '../../scripts/lib/content/load.ts'
import { listFiles } from '../../scripts/lib/files.ts'
import { imageInfo } from '../../scripts/lib/images/imageIndex.ts'
import { documentRedirectLines } from '../../scripts/lib/pipeline/documentRedirects.ts'
import { redirectsFile } from '../../scripts/lib/pipeline/staticFiles.ts'
import { formatProblem } from '../../templates/core/content/problems.ts'
import { cleanFileName, MediaError } from '../../templates/core/editor/mediaNames.ts'
import { deleteMedia, replaceDocument, saveUpload } from './diskMedia.ts'
import { applyPatch, removeTree, treeFrom } from './fixtureTree.ts'

let root: string
beforeEach(() => {
  root = treeFrom('real')
})
afterEach(() => removeTree(root))

const DOCS = 'content/data/documents.yaml'
const read = (rel: string) => readFileSync(join(root, rel), 'utf8')
const pdf = (edition: string) => Buffer.from(`%PDF-1.7\n% ${edition}\n%%EOF\n`)
const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#0b4f8a' } })
    .png()
    .toBuffer()

/** Every file under content/ and public/ with its bytes. */
function snapshot(): Map<string, string> {
  return new Map(
    ['content', 'public'].flatMap((part) =>
      listFiles(join(root, part)).map((rel) => {
        const path = join(root, part, rel)
        return [path, readFileSync(path).toString('base64')] as const
      }),
    ),
  )
}

/** What `npm run validate` prints for the tree. */
const validate = () => collectContent(projectDirs(root)).problems.map(formatProblem)

/** The lines the build writes in `_redirects` (scripts/build.ts: documents first, then routes). */
function redirects(): string {
  const { content } = collectContent(projectDirs(root))
  if (!content.routes) throw new Error('no route table')
  return documentRedirectLines(content.data ?? {}) + redirectsFile(content.routes)
}

/** The error a refused call throws, as the editor reads it. */
async function refusal(run: () => unknown): Promise<MediaError> {
  try {
    await run()
  } catch (error) {
    if (error instanceof MediaError) return error
    throw error
  }
  throw new Error('not refused')
}

describe('cleanFileName', () => {
  it.each([
    ['Catalogue Été 2026.PDF', 'catalogue-ete-2026.pdf'],
    ['Photo  Usine (vue aérienne).JPG', 'photo-usine-vue-aerienne.jpg'],
    ['Fiche Œuvre & Cœur.pdf', 'fiche-oeuvre-coeur.pdf'],
    ['rapport.final.v2.pdf', 'rapport-final-v2.pdf'],
    ['..cache.png', 'cache.png'],
    ['logo_Partenaire.SVG', 'logo-partenaire.svg'],
    ['portrait.jpeg', 'portrait.jpeg'],
    ['  Façade  .webp', 'facade.webp'],
  ])('%s -> %s', (name, clean) => {
    expect(cleanFileName(name)).toBe(clean)
  })

  it.each([
    [
      '../../x.pdf',
      'Le nom « ../../x.pdf » contient un chemin : donnez seulement le nom du fichier.',
    ],
    [
      'docs/x.pdf',
      'Le nom « docs/x.pdf » contient un chemin : donnez seulement le nom du fichier.',
    ],
    ['..\\x.pdf', 'Le nom « ..\\x.pdf » contient un chemin : donnez seulement le nom du fichier.'],
    [
      'photo.jpg.exe',
      'Le fichier « photo.jpg.exe » n’est pas accepté : le site prend des images JPEG, PNG, WebP ou SVG, et des documents PDF (.exe n’en est pas).',
    ],
    [
      'anim.gif',
      'Le fichier « anim.gif » n’est pas accepté : le site prend des images JPEG, PNG, WebP ou SVG, et des documents PDF (.gif n’en est pas).',
    ],
    [
      'notes',
      'Le fichier « notes » n’a pas d’extension : le site prend des images JPEG, PNG, WebP ou SVG, et des documents PDF.',
    ],
    [
      '.pdf',
      'Le fichier « .pdf » n’a pas d’extension : le site prend des images JPEG, PNG, WebP ou SVG, et des documents PDF.',
    ],
    [
      '« — ».pdf',
      'Le nom « « — ».pdf » ne contient ni lettre ni chiffre : renommez le fichier avant de l’envoyer.',
    ],
  ])('refuses %s', (name, message) => {
    expect(() => cleanFileName(name)).toThrow(new MediaError(message))
  })
})

describe('saveUpload: a PDF', () => {
  it('lands in public/docs/ with a documents.yaml entry added below the others, the check passing', async () => {
    const before = read(DOCS)
    const bytes = pdf('2026')
    const upload = await saveUpload({ root, name: 'Tarifs Été 2026.pdf', bytes })
    expect(upload).toEqual({
      path: 'public/docs/tarifs-ete-2026.pdf',
      publicUrl: '/docs/tarifs-ete-2026.pdf',
      documentId: 'tarifs-ete-2026',
    })
    expect(readFileSync(join(root, upload.path))).toEqual(bytes)
    // Only lines added, at the end of the list; everything before it byte for byte.
    expect(read(DOCS)).toBe(
      `${before}  - id: tarifs-ete-2026
    file: /docs/tarifs-ete-2026.pdf
    title:
      fr: Tarifs Été 2026
      en: Tarifs Été 2026
`,
    )
    expect(validate()).toEqual([])
  })

  it('takes the titles given, and a fresh id when the name is an id already', async () => {
    const upload = await saveUpload({
      root,
      name: 'brochure-cellules-sme36.pdf',
      bytes: pdf('new'),
      title: { fr: 'Brochure SME 36 (2026)', en: 'SME 36 brochure (2026)' },
    })
    expect(upload.path).toBe('public/docs/brochure-cellules-sme36-2.pdf')
    expect(upload.documentId).toBe('brochure-cellules-sme36-2')
    expect(read(DOCS)).toContain(
      '  - id: brochure-cellules-sme36-2\n    file: /docs/brochure-cellules-sme36-2.pdf\n    title:\n      fr: Brochure SME 36 (2026)\n      en: SME 36 brochure (2026)\n',
    )
    expect(validate()).toEqual([])
  })

  it('an id starts with a letter, as the schema wants', async () => {
    const upload = await saveUpload({ root, name: '2026 Tarifs.pdf', bytes: pdf('x') })
    expect(upload.documentId).toBe('doc-2026-tarifs')
    expect(validate()).toEqual([])
  })

  it('refuses bytes that are no PDF, writing nothing', async () => {
    const before = snapshot()
    const error = await refusal(() =>
      saveUpload({ root, name: 'catalogue.pdf', bytes: Buffer.from('<html>not a pdf</html>') }),
    )
    expect(error.message).toBe(
      'Le fichier « catalogue.pdf » n’est pas un vrai PDF : exportez-le de nouveau.',
    )
    expect(snapshot()).toEqual(before)
  })

  it('refused by the content check: the uploaded file goes again, documents.yaml untouched', async () => {
    applyPatch(root, {
      replace: [['content/data/documents.yaml', 'en: Transformer catalogue', 'en: ""']],
    })
    const before = snapshot()
    const error = await refusal(() => saveUpload({ root, name: 'tarifs.pdf', bytes: pdf('x') }))
    expect(error.message).toMatch(
      /^Rien n’a été enregistré : la vérification du contenu a trouvé 1 problème\(s\)\.\n/,
    )
    expect(error.problems.map(formatProblem)).toEqual([
      'content/data/documents.yaml:11:11  documents[0].title.en  must be a non-empty string',
    ])
    expect(snapshot()).toEqual(before)
    expect(existsSync(join(root, 'public/docs/tarifs.pdf'))).toBe(false)
  })

  it('refuses a PDF where an image is expected', async () => {
    const error = await refusal(() =>
      saveUpload({ root, name: 'plan.pdf', bytes: pdf('x'), kind: 'image' }),
    )
    expect(error.message).toBe('Le fichier « plan.pdf » est un PDF, pas une image.')
  })
})

describe('saveUpload: name collisions', () => {
  it('the same bytes under the same name: nothing written, the registered document named', async () => {
    const before = snapshot()
    const bytes = readFileSync(join(root, 'public/docs/brochure-cellules-sme36.pdf'))
    const upload = await saveUpload({ root, name: 'Brochure Cellules SME36.pdf', bytes })
    expect(upload).toEqual({
      path: 'public/docs/brochure-cellules-sme36.pdf',
      publicUrl: '/docs/brochure-cellules-sme36.pdf',
      documentId: 'brochure-cellules-sme36',
    })
    expect(snapshot()).toEqual(before)
  })

  it('another image of that name, in any case: -2, the other file untouched', async () => {
    const other = await png()
    writeFileSync(join(root, 'public/images/home/Usine.png'), other)
    writeFileSync(join(root, 'public/images/home/usine-2.png'), other)
    const upload = await saveUpload({
      root,
      name: 'usine.png',
      folder: 'home',
      bytes: await sharp(other).flip().png({ compressionLevel: 1 }).toBuffer(),
    })
    expect(upload.path).toBe('public/images/home/usine-3.png')
    expect(readFileSync(join(root, 'public/images/home/Usine.png'))).toEqual(other)
  })

  it('an old URL of a document (formerly) is never taken: it must stay a redirect', async () => {
    await replaceDocument({
      root,
      documentId: 'catalogue-transformateurs',
      name: 'catalogue-transformateurs-2026.pdf',
      bytes: pdf('2026'),
    })
    const upload = await saveUpload({
      root,
      name: 'catalogue-transformateurs-2024.pdf',
      bytes: pdf('2024 again'),
    })
    expect(upload.path).toBe('public/docs/catalogue-transformateurs-2024-2.pdf')
    expect(validate()).toEqual([])
  })
})

describe('saveUpload: an image', () => {
  it('lands under public/images/<folder>/ and the pipeline makes its variants', async () => {
    const upload = await saveUpload({
      root,
      name: 'Usine Été.PNG',
      folder: 'Home',
      bytes: await png(),
    })
    expect(upload).toEqual({
      path: 'public/images/home/usine-ete.png',
      publicUrl: '/images/home/usine-ete.png',
    })
    const info = imageInfo(join(root, 'public'), upload.publicUrl)
    expect(info).toMatchObject({ width: 64, height: 48, variants: { widths: [64] } })
  })

  it.each([
    [
      'PNG bytes named .jpg',
      'photo.jpg',
      'png',
      /« photo\.jpg » n’est pas une image JPG lisible \(c’est du png\)/,
    ],
    ['no image at all', 'photo.webp', 'text', /« photo\.webp » n’est pas une image WEBP lisible :/],
    ['an SVG with a script', 'logo.svg', 'svg', /contient du code \(script\)/],
  ])('refuses %s, writing nothing', async (_, name, content, message) => {
    const bytes =
      content === 'png'
        ? await png()
        : content === 'svg'
          ? Buffer.from(
              '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
            )
          : Buffer.from('hello')
    const before = snapshot()
    expect((await refusal(() => saveUpload({ root, name, bytes }))).message).toMatch(message)
    expect(snapshot()).toEqual(before)
  })

  it('refuses a folder outside public/images/', async () => {
    const error = await refusal(async () =>
      saveUpload({ root, name: 'x.png', folder: '../docs', bytes: await png() }),
    )
    expect(error.message).toBe('Le dossier « ../docs » n’est pas un dossier d’images valable.')
  })
})

describe('replaceDocument: the catalogue’s new edition keeps the old URL', () => {
  const OLD = '/docs/catalogue-transformateurs-2024.pdf'
  const NEW = '/docs/catalogue-transformateurs-2026.pdf'

  it('new file, `file` changed, old path under formerly, old file removed, 301 in _redirects', async () => {
    const before = read(DOCS)
    const bytes = pdf('2026')
    const replaced = await replaceDocument({
      root,
      documentId: 'catalogue-transformateurs',
      name: 'Catalogue Transformateurs 2026.pdf',
      bytes,
    })
    expect(replaced).toEqual({
      path: `public${NEW}`,
      publicUrl: NEW,
      documentId: 'catalogue-transformateurs',
      formerly: [OLD],
      removed: `public${OLD}`,
    })
    expect(readFileSync(join(root, `public${NEW}`))).toEqual(bytes)
    expect(existsSync(join(root, `public${OLD}`))).toBe(false)
    // The guide's two edits, and nothing else of the file changed.
    expect(read(DOCS)).toBe(
      before.replace(
        `    file: ${OLD}\n    title:\n      fr: Catalogue des transformateurs\n      en: Transformer catalogue\n`,
        `    file: ${NEW}\n    title:\n      fr: Catalogue des transformateurs\n      en: Transformer catalogue\n    formerly:\n      - ${OLD}\n`,
      ),
    )
    expect(read(DOCS)).not.toBe(before)
    expect(validate()).toEqual([])
    expect(redirects().split('\n')).toContain(`${OLD}  ${NEW}  301`)
  })

  it('a later edition redirects every old URL to the newest file', async () => {
    const replace = (name: string) =>
      replaceDocument({ root, documentId: 'catalogue-transformateurs', name, bytes: pdf(name) })
    await replace('catalogue-transformateurs-2026.pdf')
    const last = await replace('catalogue-transformateurs-2028.pdf')
    expect(last.formerly).toEqual([OLD, NEW])
    const lines = redirects().split('\n')
    expect(lines).toContain(`${OLD}  /docs/catalogue-transformateurs-2028.pdf  301`)
    expect(lines).toContain(`${NEW}  /docs/catalogue-transformateurs-2028.pdf  301`)
    expect(validate()).toEqual([])
  })

  it('under the very same name: the file replaced in place, the URL unchanged, no redirect', async () => {
    const before = read(DOCS)
    const bytes = pdf('corrected')
    const replaced = await replaceDocument({
      root,
      documentId: 'catalogue-transformateurs',
      name: 'catalogue-transformateurs-2024.pdf',
      bytes,
    })
    expect(replaced).toEqual({
      path: `public${OLD}`,
      publicUrl: OLD,
      documentId: 'catalogue-transformateurs',
      formerly: [],
    })
    expect(readFileSync(join(root, `public${OLD}`))).toEqual(bytes)
    expect(read(DOCS)).toBe(before)
  })

  it('refused by the content check: the old file back, the new one gone, YAML untouched', async () => {
    applyPatch(root, {
      replace: [['content/fr/home.yaml', 'href: "page:history"', 'href: "page:nowhere"']],
    })
    const before = snapshot()
    const error = await refusal(() =>
      replaceDocument({
        root,
        documentId: 'catalogue-transformateurs',
        name: 'catalogue-transformateurs-2026.pdf',
        bytes: pdf('2026'),
      }),
    )
    expect(error.problems.map((p) => p.file)).toEqual(['content/fr/home.yaml'])
    expect(snapshot()).toEqual(before)
  })

  it('a file another document still names is kept, and its URL is no redirect', async () => {
    applyPatch(root, {
      replace: [
        [
          DOCS,
          '  - id: catalogue-batteries-condensateurs',
          `  - id: catalogue-general\n    file: ${OLD}\n    title:\n      fr: Catalogue général\n      en: General catalogue\n  - id: catalogue-batteries-condensateurs`,
        ],
      ],
    })
    expect(validate()).toEqual([])
    const replaced = await replaceDocument({
      root,
      documentId: 'catalogue-transformateurs',
      name: 'catalogue-transformateurs-2026.pdf',
      bytes: pdf('2026'),
    })
    expect(replaced).toMatchObject({ publicUrl: NEW, formerly: [] })
    expect(replaced.removed).toBeUndefined()
    expect(existsSync(join(root, `public${OLD}`))).toBe(true)
    expect(redirects()).not.toContain(OLD)
    expect(validate()).toEqual([])
  })

  it('refuses an unknown document and a file that is no PDF', async () => {
    const before = snapshot()
    const unknown = await refusal(() =>
      replaceDocument({ root, documentId: 'catalogue-2019', name: 'x.pdf', bytes: pdf('x') }),
    )
    expect(unknown.message).toBe(
      'Aucun document « catalogue-2019 » dans content/data/documents.yaml : rien à remplacer.',
    )
    const image = await refusal(async () =>
      replaceDocument({
        root,
        documentId: 'catalogue-transformateurs',
        name: 'x.png',
        bytes: await png(),
      }),
    )
    expect(image.message).toBe('Un document se remplace par un PDF, pas par « x.png ».')
    expect(snapshot()).toEqual(before)
  })
})

describe('listMedia', () => {
  it('lists the images and PDFs under public/, with their hash and size, no hidden file', async () => {
    writeFileSync(join(root, 'public/docs/.draft.pdf'), pdf('hidden'))
    writeFileSync(join(root, 'public/docs/notes.txt'), 'not media')
    const media = listMedia(root)
    const paths = media.map((m) => m.path)
    expect(paths).toEqual([...paths].sort())
    expect(paths).toContain('public/images/logo.svg')
    expect(paths).toContain('public/favicon.svg')
    expect(paths.filter((p) => p.endsWith('.pdf'))).toHaveLength(8)
    expect(paths.some((p) => p.includes('.draft') || p.endsWith('.txt'))).toBe(false)
    const catalogue = media.find((m) => m.name === 'catalogue-transformateurs-2024.pdf')
    const bytes = readFileSync(join(root, 'public/docs/catalogue-transformateurs-2024.pdf'))
    expect(catalogue).toEqual({
      path: 'public/docs/catalogue-transformateurs-2024.pdf',
      publicUrl: '/docs/catalogue-transformateurs-2024.pdf',
      name: 'catalogue-transformateurs-2024.pdf',
      id: createHash('sha256').update(bytes).digest('hex'),
      size: bytes.length,
    })
  })
})

describe('deleteMedia', () => {
  it('removes a file nothing names', async () => {
    const upload = await saveUpload({ root, name: 'essai.png', bytes: await png() })
    deleteMedia(root, upload.path)
    expect(existsSync(join(root, upload.path))).toBe(false)
  })

  it('refuses a file the content names, leaving it there', async () => {
    const before = snapshot()
    const error = await refusal(() => deleteMedia(root, 'public/docs/brochure-cellules-sme36.pdf'))
    expect(error.problems.map(formatProblem)).toEqual([
      'content/data/documents.yaml:18:11  documents[2].file  pdf file not found: expected public/docs/brochure-cellules-sme36.pdf to exist',
    ])
    expect(snapshot()).toEqual(before)
  })

  it('refuses a path that is no media of the site', () => {
    expect(() => deleteMedia(root, 'public/../content/site.yaml')).toThrow(
      'n’est pas une image ou un PDF du site',
    )
    expect(existsSync(join(root, 'content/site.yaml'))).toBe(true)
  })
})
