// The developers' YAML how-to (docs/content.md) performed step by step on a copy of the
// site's content, then built once: what a visitor would see after each task. Keep both in step. The
// editor's guide in French (docs/editor-guide/, /admin/aide/) is checked by editor-guide-page.test.ts.
import { spawnSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createStaticHost } from '../../scripts/lib/serve/staticHost.ts'
import { placeholderSvg } from '../../scripts/placeholder.ts'

const repo = fileURLToPath(new URL('../..', import.meta.url))
// vike builds only trees inside the project: a git-ignored scratch folder, removed afterwards.
const work = join(repo, `.tmp-guide-${process.pid}`)
vi.setConfig({ testTimeout: 60_000 })

/** Makes one edit in a file of the scratch tree; fails if the text to replace is not there. */
function edit(root: string, file: string, from: string, to: string): void {
  const path = join(root, file)
  const text = readFileSync(path, 'utf8')
  if (!text.includes(from)) throw new Error(`"${from.trim()}" is not in ${file}`)
  writeFileSync(path, text.replace(from, to))
}
const write = (root: string, file: string, text: string) => {
  mkdirSync(join(root, file, '..'), { recursive: true })
  writeFileSync(join(root, file), text)
}
function copySite(root: string): void {
  // schemas/ too: the pre-rendering bundle cannot find the repository's from a scratch tree.
  for (const d of ['content', 'public', 'schemas'])
    cpSync(join(repo, d), join(root, d), { recursive: true })
}

// The English file names its own editor schema, and the block's look (tone) is set once, in French.
const page = (lang: 'fr' | 'en', title: string, heading: string, text: string) =>
  `# yaml-language-server: $schema=../../schemas/${lang === 'fr' ? 'page.schema.json' : 'page.en.json'}
title: ${title}
description: "${text}"
blocks:
  - type: section
    id: conditions
${lang === 'fr' ? '    tone: muted\n' : ''}    heading: ${heading}
    paragraphs:
      - "${text} ${lang === 'fr' ? 'Voir le [catalogue](doc:catalogue-transformateurs).' : 'See the [catalogue](doc:catalogue-transformateurs).'}"
`

function addPage(root: string): void {
  edit(
    root,
    'content/routes.yaml',
    '  - { id: services, template: page, fr: { path: /services }, en: { path: /en/services } }\n',
    '  - { id: services, template: page, fr: { path: /services }, en: { path: /en/services } }\n' +
      '  - { id: warranty, template: page, parent: services, fr: { path: /garantie }, en: { path: /en/warranty } }\n',
  )
  edit(
    root,
    'content/routes.yaml',
    '      - page: training\n',
    '      - page: training\n      - page: warranty\n',
  )
  write(
    root,
    'content/fr/warranty.yaml',
    page(
      'fr',
      'Garantie',
      'Nos conditions de garantie',
      'Nos transformateurs sont garantis deux ans.',
    ),
  )
  write(
    root,
    'content/en/warranty.yaml',
    page('en', 'Warranty', 'Our warranty terms', 'Our transformers carry a two-year warranty.'),
  )
  edit(
    root,
    'content/i18n/fr.yaml',
    '  training: Formation\n',
    '  training: Formation\n  warranty: Garantie\n',
  )
  edit(
    root,
    'content/i18n/en.yaml',
    '  training: Training\n',
    '  training: Training\n  warranty: Warranty\n',
  )
}

const newsWords = (title: string, alt: string, text: string) =>
  `      - id: open-day-2025\n        title: ${title}\n        images:\n          - alt: "${alt}"\n        paragraphs:\n          - "${text}"\n`

function addNewsItem(root: string, languages: ('fr' | 'en')[]): void {
  edit(
    root,
    'content/data/news.yaml',
    'articles:\n',
    'articles:\n  - id: open-day-2025\n    category: factory\n    date: "2025-11-12"\n    images:\n      - /images/news/open-day-1.svg\n',
  )
  write(root, 'public/images/news/open-day-1.svg', placeholderSvg('Open day'))
  const words = {
    fr: newsWords(
      'Journée portes ouvertes à l’usine',
      'Visiteurs dans l’atelier de bobinage',
      'Le 12 novembre 2025, nous avons ouvert nos ateliers au public.',
    ),
    en: newsWords(
      'Factory open day',
      'Visitors in the winding workshop',
      'On 12 November 2025, we opened our workshops to the public.',
    ),
  }
  for (const lang of languages)
    edit(root, `content/${lang}/news.yaml`, '    items:\n', `    items:\n${words[lang]}`)
}

function replacePdf(root: string): void {
  renameSync(
    join(root, 'public/docs/catalogue-transformateurs-2024.pdf'),
    join(root, 'public/docs/catalogue-transformateurs-2026.pdf'),
  )
  edit(
    root,
    'content/data/documents.yaml',
    '    file: /docs/catalogue-transformateurs-2024.pdf\n',
    '    file: /docs/catalogue-transformateurs-2026.pdf\n    formerly: [/docs/catalogue-transformateurs-2024.pdf]\n',
  )
}

/** A photo replaces the home page's placeholder: the file, then one line of images.yaml. */
async function replaceImage(root: string): Promise<void> {
  const photo = await sharp({
    create: { width: 1600, height: 1000, channels: 3, background: { r: 11, g: 79, b: 138 } },
  })
    .jpeg()
    .toBuffer()
  writeFileSync(join(root, 'public/images/home/factory.jpg'), photo)
  edit(
    root,
    'content/data/images.yaml',
    '  intro: /images/home/intro.svg\n',
    '  intro: /images/home/factory.jpg\n',
  )
}

function changeMenuLabel(root: string): void {
  edit(root, 'content/i18n/fr.yaml', '  news: Actualités\n', '  news: Nouvelles\n')
}

const built = (file: string) => readFileSync(join(work, 'dist/client', file), 'utf8')
let build: ReturnType<typeof spawnSync>

describe("the editor's guide, performed and built", () => {
  beforeAll(async () => {
    rmSync(work, { recursive: true, force: true })
    copySite(work)
    addPage(work)
    addNewsItem(work, ['fr', 'en'])
    replacePdf(work)
    await replaceImage(work)
    changeMenuLabel(work)
    build = spawnSync('npx', ['tsx', 'scripts/build.ts', '--root', work], {
      cwd: repo,
      encoding: 'utf8',
    })
  }, 240_000)
  afterAll(() => rmSync(work, { recursive: true, force: true }))

  it('builds', () => {
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0)
  })

  it('add a page: both languages are built, in the menu, with a document link in the text', () => {
    const fr = built('garantie.html')
    expect(fr).toMatch(/<h2[^>]*>Nos conditions de garantie<\/h2>/)
    expect(fr).toContain('href="/docs/catalogue-transformateurs-2026.pdf">catalogue</a>')
    expect(built('en/warranty.html')).toMatch(/<h2[^>]*>Our warranty terms<\/h2>/)
    // tone: muted is written in the French file only; both languages show it.
    expect(fr).toContain('<section id="conditions" class="block section tone-muted">')
    expect(built('en/warranty.html')).toContain(
      '<section id="conditions" class="block section tone-muted">',
    )
    expect(built('services.html')).toContain('<a href="/garantie">Garantie</a>')
    expect(built('en/services.html')).toContain('<a href="/en/warranty">Warranty</a>')
  })

  it('add a news item: first on the news page with its date, first of the home cards', () => {
    const news = built('actualites.html')
    expect(news.indexOf('Journée portes ouvertes à l’usine')).toBeGreaterThan(0)
    expect(news.indexOf('Journée portes ouvertes')).toBeLessThan(news.indexOf('25 MVA'))
    expect(news).toContain('<time dateTime="2025-11-12">12 novembre 2025</time>')
    expect(news).toContain(
      'src="/images/news/open-day-1.svg" alt="Visiteurs dans l’atelier de bobinage"',
    )
    expect(built('en/news.html')).toContain('<time dateTime="2025-11-12">12 November 2025</time>')
    const home = built('index.html')
    const firstCard = /news-card-title"><a href="([^"]+)">([^<]+)</.exec(home)
    expect(firstCard?.slice(1)).toEqual([
      '/actualites#open-day-2025',
      'Journée portes ouvertes à l’usine',
    ])
  })

  it('replace a PDF: pages offer the new file, the old URL is redirected', async () => {
    expect(existsSync(join(work, 'dist/client/docs/catalogue-transformateurs-2026.pdf'))).toBe(true)
    expect(existsSync(join(work, 'dist/client/docs/catalogue-transformateurs-2024.pdf'))).toBe(
      false,
    )
    const page = built('transformateur_dist_24.html')
    expect(page).toContain('href="/docs/catalogue-transformateurs-2026.pdf"')
    expect(page).not.toContain('catalogue-transformateurs-2024')
    const server: Server = createStaticHost(join(work, 'dist/client'))
    // Port 0: any free port, so parallel test runs never collide.
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
    const { port } = server.address() as AddressInfo
    try {
      const res = await fetch(`http://127.0.0.1:${port}/docs/catalogue-transformateurs-2024.pdf`, {
        redirect: 'manual',
      })
      expect(res.status).toBe(301)
      expect(new URL(res.headers.get('location') ?? '', 'http://x').pathname).toBe(
        '/docs/catalogue-transformateurs-2026.pdf',
      )
    } finally {
      await new Promise((ok) => server.close(ok))
    }
  })

  it('replace an image: one edit, the photo in both languages, in modern formats', () => {
    const homes: [string, string][] = [
      ['index.html', 'Siège et usine de la société (photo à venir)'],
      ['en.html', 'Head office and factory (photo to come)'],
    ]
    for (const [file, alt] of homes) {
      const home = built(file)
      const image = /<section id="intro"[\s\S]*?<\/section>/.exec(home)?.[0] ?? ''
      expect(image).toContain(`src="/images/home/factory.jpg" alt="${alt}"`)
      expect(image).toMatch(/srcSet="\/_img\/[^"]+\.avif 480w/)
      expect(home).not.toContain('/images/home/intro.svg')
    }
  })

  it('change a menu label: the menu says it, the page keeps its own title', () => {
    const home = built('index.html')
    expect(home).toContain('<a href="/actualites">Nouvelles</a>')
    expect(home).not.toContain('<a href="/actualites">Actualités</a>')
    expect(built('actualites.html')).toMatch(/<h1[^>]*>Actualités<\/h1>/)
  })
})

describe("the editor's guide: fix an error", () => {
  it('validate prints the message docs/content.md shows, and passes once it is fixed', () => {
    const root = mkdtempSync(join(tmpdir(), 'guide-error-'))
    try {
      copySite(root)
      addNewsItem(root, ['fr'])
      const validate = () =>
        spawnSync('npx', ['tsx', 'scripts/validate.ts', '--root', root], {
          cwd: repo,
          encoding: 'utf8',
        })
      const failed = validate()
      expect(failed.status).toBe(1)
      const shown = /```\n(content\/data\/news\.yaml:[^\n]+\n\n[^\n]+)\n```/.exec(
        readFileSync(join(repo, 'docs/content.md'), 'utf8'),
      )?.[1]
      expect(shown, 'docs/content.md shows this error').toBeDefined()
      expect(failed.stderr.replace(/^npm warn.*\n/gm, '').trim()).toBe(shown)
      // The fix the message asks for: the English words of the article.
      edit(
        root,
        'content/en/news.yaml',
        '    items:\n',
        `    items:\n${newsWords('Factory open day', 'Visitors in the winding workshop', 'We opened our workshops.')}`,
      )
      const fixed = validate()
      expect(fixed.stderr.replace(/^npm warn.*\n/gm, '')).toBe('')
      expect(fixed.status).toBe(0)
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  }, 60_000)
})
