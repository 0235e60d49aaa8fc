// The dev tests' project: a copy of content/ and public/ that the dev server serves
// (SITE_ROOT) and the tests edit, so they never touch the repository's content.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { listFiles } from '../../scripts/lib/files.ts'

export const REPO = fileURLToPath(new URL('../..', import.meta.url))
export const DEV_PORT = Number(process.env.DEV_PORT ?? 4322)
export const DEV_SITE = join(tmpdir(), `transfo-dev-site-${DEV_PORT}`)
/** Where tests/dev/fakeEditor.sh writes what the overlay's links asked it to open. */
export const EDITOR_LOG = join(DEV_SITE, 'editor.log')

/** A fresh copy of the repository's content/ and public/. */
export function prepareSite(): void {
  rmSync(DEV_SITE, { recursive: true, force: true })
  for (const dir of ['content', 'public'])
    cpSync(join(REPO, dir), join(DEV_SITE, dir), { recursive: true })
}

const touched = new Set<string>()

export function readSite(file: string): string {
  return readFileSync(join(DEV_SITE, file), 'utf8')
}

/** Writes a file of the copy (path relative to the copy's root), as an editor saves it. */
export function writeSite(file: string, text: string): void {
  touched.add(file)
  mkdirSync(dirname(join(DEV_SITE, file)), { recursive: true })
  writeFileSync(join(DEV_SITE, file), text)
}

/** Replaces `from` by `to` in a file of the copy; fails if `from` is not there. */
export function editSite(file: string, from: string | RegExp, to: string): void {
  const text = readSite(file)
  const edited = text.replace(from, to)
  if (edited === text) throw new Error(`${file}: ${String(from)} not found`)
  writeSite(file, edited)
}

/** Removes a file of the copy, as an editor deletes it. */
export function removeSite(file: string): void {
  touched.add(file)
  rmSync(join(DEV_SITE, file))
}

/** The page addLivePage() adds, at its two addresses. */
export const LIVE_PAGE = { fr: '/essai-direct', en: '/en/live-test' } as const

/**
 * Adds a page to the copy as a developer does while the dev server runs: its two files, its menu
 * labels, its route in routes.yaml (restoreSite() takes it away again).
 */
export function addLivePage(): void {
  const pageYaml = (title: string) =>
    `title: ${title}\ndescription: "${title}: a page added while the dev server runs."\nheading: ${title}\nblocks: []\n`
  writeSite('content/fr/live-test.yaml', pageYaml('Essai en direct'))
  writeSite('content/en/live-test.yaml', pageYaml('Live test'))
  for (const [lang, label] of [
    ['fr', 'Essai en direct'],
    ['en', 'Live test'],
  ])
    editSite(`content/i18n/${lang}.yaml`, /^nav:\n/m, `nav:\n  live-test: ${label}\n`)
  editSite(
    'content/routes.yaml',
    /^routes:\n/m,
    `routes:\n  - { id: live-test, template: page, parent: products, fr: { path: ${LIVE_PAGE.fr} }, en: { path: ${LIVE_PAGE.en} } }\n`,
  )
}

/** Whether the test changed a file it has not put back yet. */
export const siteChanged = (): boolean => touched.size > 0

/** Puts back every file the test changed (a file the repository lacks is removed). */
export function restoreSite(): void {
  for (const file of touched) {
    const original = join(REPO, file)
    if (existsSync(original)) cpSync(original, join(DEV_SITE, file))
    else rmSync(join(DEV_SITE, file), { force: true })
  }
  touched.clear()
}

/**
 * Makes the copy's content/ and public/ the repository's again, whatever wrote to them (the
 * CMS's saves and uploads): changed files copied back, added ones removed; folders stay, so the
 * running server never sees its project vanish.
 */
export function resetSite(): void {
  for (const part of ['content', 'public']) {
    const from = join(REPO, part)
    const to = join(DEV_SITE, part)
    const original = new Set(listFiles(from))
    for (const file of listFiles(to)) if (!original.has(file)) rmSync(join(to, file))
    for (const file of original) {
      const bytes = readFileSync(join(from, file))
      const target = join(to, file)
      if (!existsSync(target) || !readFileSync(target).equals(bytes)) {
        mkdirSync(dirname(target), { recursive: true })
        writeFileSync(target, bytes)
      }
    }
  }
  touched.clear()
}
